import type { WireEncoding } from '../compression/compression.server.ts'
import type { NonceSlots } from '../security/kept-page-nonce.server.ts'
import { type Column, hash32, NONE, resized, TagIndex } from './compact-tags.server.ts'
import type { Entry } from './page-store.server.ts'

/*
 * The pages one process keeps for good, with no JavaScript object per page (decision 046). A full collection of V8's
 * garbage marks every live object, and a kept page held as objects (its entry, key, tags, headers, nonce slots, the
 * body's buffer) was a dozen of them, 659 bytes of heap: with the 230,000 pages of an hour of the market kept, every
 * request grew dearer (issue 39, twelfth session: a kept answer 0.09 -> 0.34 ms, a render 3.23 -> 4.33 ms). Here a
 * page is a slot: its numbers in typed arrays, its key found through a hash table of typed arrays, its tags through
 * another, and its key, body and the rest written into a few large buffers (segments). The collector then marks a
 * few dozen objects whatever the pages kept.
 *
 * - The least recently used page goes first, as before: the order is a list threaded through two typed arrays, and
 *   the bytes counted are the pages' (body and key), so the bound means what it meant.
 * - A segment's memory comes back when its last page goes. So that pages left in old segments (a popular page kept
 *   long ago) do not hold many mostly empty segments, when the segments take more than the bound and two segments
 *   more, the one with the most bytes no longer kept is emptied: its pages are copied to the newest and it is dropped
 *   (`tidy`). The memory is then at most the bound and two segments, or, when every segment is 7/8 kept, the pages'
 *   records over 7/8: a seventh more.
 * - A segment is never written over, only dropped: an answer still being sent from a page's bytes (a view into its
 *   segment) keeps that segment alive until it is sent.
 * - A tag is kept as a 32-bit hash. Two tags with the same hash make a purge of one drop the pages of both: a render
 *   more, never a stale page. A key is kept in full and compared, so a page is never answered for another's key.
 */

/** How many distinct header sets (and policies) the kept pages share: a route's pages have one, or a few. */
const SHARED_SHAPES = 1_000

/**
 * One object for equal values (a route's pages all send the same headers and the same policy around their nonce):
 * thousands of kept pages then hold its number instead of a copy, and their look-ups answer the same object. Frozen:
 * an answer that changes them copies them first. Past SHARED_SHAPES a value has no shape: it is kept in the record.
 */
class Shapes<T extends object> {
  private readonly known = new Map<string, number>()
  private readonly shapes: T[] = []

  /** The number of the shape equal to `value`, or -1 past SHARED_SHAPES. */
  idOf(value: T): number {
    const signature = JSON.stringify(value)
    const known = this.known.get(signature)
    if (known !== undefined) return known
    if (this.shapes.length >= SHARED_SHAPES) return -1
    this.shapes.push(Object.freeze(JSON.parse(signature) as T))
    this.known.set(signature, this.shapes.length - 1)
    return this.shapes.length - 1
  }

  /** The shape numbered `id` (by idOf). */
  byId(id: number): T {
    return this.shapes[id] as T
  }
}

/** Where a slot's record starts in its segment: its slot (u32), its length (u32), then its meta, key and body. */
const RECORD_HEAD = 8

/** A segment's size: about a 32nd of the bound, from 64 KB to 8 MB (a larger page gets a segment of its own). */
function segmentBytesFor(maxBytes: number): number {
  return Math.min(8 << 20, Math.max(64 << 10, 2 ** Math.round(Math.log2(Math.max(1, maxBytes / 32)))))
}

let keptCount = 0

/** A number for a page kept, a small integer (2^30 of them, then again from 1: a page lives an hour at most). */
function nextKeptNumber(): number {
  keptCount = keptCount >= 0x3fffffff ? 1 : keptCount + 1
  return keptCount
}

/** What a page keeps beside its numbers and bytes: its tags, its nonce's slots and, past the shapes, its headers. */
interface Meta {
  t: string[]
  h?: Entry['headers']
  p?: [string, string]
  n?: { l: number; o: number[]; c?: { v: number; p: string; s: number[] } }
  /** The nonce kept, but not in the body (its slots null). */
  z?: 1
  /** A first view's render's nonce, encoding and shared clock (decision 039). */
  f?: { n: string; e: WireEncoding; c?: number }
}

export class CompactPages {
  /** The pages' bytes as counted against the bound (each its body's length and its key's). */
  bytes = 0
  size = 0

  private readonly segmentBytes: number
  private readonly maxBytes: number
  private readonly headerShapes = new Shapes<Entry['headers']>()
  private readonly policyShapes = new Shapes<[string, string]>()

  // Slots.
  private capacity = 0
  private freeSlot = NONE
  private slotHash = new Uint32Array(0)
  private slotChain = new Int32Array(0) // next slot in the key's bucket; on a free slot, the next free one
  private older = new Int32Array(0)
  private newer = new Int32Array(0)
  private slotSegment = new Int32Array(0) // NONE: free
  private slotOffset = new Uint32Array(0)
  private slotMeta = new Uint32Array(0)
  private slotKey = new Uint32Array(0)
  private slotBody = new Uint32Array(0)
  private slotSize = new Float64Array(0)
  private slotStatus = new Uint16Array(0)
  private slotHeaders = new Int32Array(0) // a shape's id, or NONE: in the meta
  private slotPolicy = new Int32Array(0) // a shape's id, NONE: none, -2: in the meta
  private slotStored = new Float64Array(0)
  private slotExpires = new Float64Array(0)
  private slotKept = new Int32Array(0)
  /** A first view whose second view was answered from it. */
  private slotAnswered = new Uint8Array(0)
  private slotTags = new Int32Array(0) // the first of the slot's tag nodes
  private buckets = new Int32Array(0)
  /** Which slots show which tag. */
  private readonly tags = new TagIndex()
  private oldest = NONE
  private newest = NONE

  // Segments, oldest first in `order`; `head` is where records are written.
  private readonly segments: (Buffer | null)[] = []
  private readonly segmentUsed: number[] = []
  private readonly segmentLive: number[] = []
  /** The bytes of the records still kept in each segment. */
  private readonly segmentLiveBytes: number[] = []
  private readonly order: number[] = []
  private head = NONE
  /** The segments' memory. */
  private segmentMemory = 0

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes
    this.segmentBytes = segmentBytesFor(maxBytes)
    this.grow(64)
  }

  /** The memory the segments hold (see `tidy`; a segment dropped while an answer is sent from it is not counted). */
  get memory(): number {
    return this.segmentMemory
  }

  /** The live page under `key` (undefined when none or expired, an expired one dropped), made most recently used. */
  use(key: string, now: number): Entry | undefined {
    const slot = this.find(key)
    if (slot === NONE) return undefined
    if ((this.slotExpires[slot] as number) <= now) {
      this.removeSlot(slot)
      return undefined
    }
    this.unlink(slot)
    this.link(slot)
    return this.entryOf(slot, key)
  }

  /** The least recently used page's key. */
  oldestKey(): string | undefined {
    return this.oldest === NONE ? undefined : this.keyOf(this.oldest)
  }

  /** The page under `key` as kept, expired or not, left where it is in the order. */
  peek(key: string): Entry | undefined {
    const slot = this.find(key)
    return slot === NONE ? undefined : this.entryOf(slot, key)
  }

  /** Keeps a page under a key not kept (the caller removed it); its size is its body's length and its key's. */
  add(entry: Entry): void {
    const meta: Meta = { t: entry.tags }
    const headers = this.headerShapes.idOf(entry.headers)
    if (headers === NONE) meta.h = entry.headers
    let policy = NONE
    if (entry.nonce) {
      policy = this.policyShapes.idOf(entry.nonce.policy)
      if (policy === NONE) {
        policy = -2
        meta.p = entry.nonce.policy
      }
      const slots = entry.nonce.slots
      if (slots === null) meta.z = 1
      else {
        meta.n = { l: slots.length, o: slots.offsets }
        if (slots.crc)
          meta.n.c = {
            v: slots.crc.value,
            p: slots.crc.placeholder.toString('base64'),
            s: Array.from(slots.crc.shift),
          }
      }
    }
    if (entry.firstView) {
      meta.f = { n: entry.firstView.nonce, e: entry.firstView.encoding }
      if (entry.firstView.sharedClock !== undefined) meta.f.c = entry.firstView.sharedClock
    }
    const metaBytes = Buffer.from(JSON.stringify(meta))
    const keyLength = Buffer.byteLength(entry.key)
    const length = RECORD_HEAD + metaBytes.length + keyLength + entry.body.length

    const slot = this.takeSlot()
    const [segment, offset] = this.room(length)
    const buffer = this.segments[segment] as Buffer
    buffer.writeUInt32LE(slot, offset)
    buffer.writeUInt32LE(length, offset + 4)
    metaBytes.copy(buffer, offset + RECORD_HEAD)
    buffer.write(entry.key, offset + RECORD_HEAD + metaBytes.length, keyLength, 'utf8')
    entry.body.copy(buffer, offset + RECORD_HEAD + metaBytes.length + keyLength)
    this.segmentLive[segment] = (this.segmentLive[segment] as number) + 1
    this.segmentLiveBytes[segment] = (this.segmentLiveBytes[segment] as number) + length

    const hash = hash32(entry.key)
    const size = entry.body.length + entry.key.length
    this.slotHash[slot] = hash
    this.slotSegment[slot] = segment
    this.slotOffset[slot] = offset
    this.slotMeta[slot] = metaBytes.length
    this.slotKey[slot] = keyLength
    this.slotBody[slot] = entry.body.length
    this.slotSize[slot] = size
    this.slotStatus[slot] = entry.status
    this.slotHeaders[slot] = headers
    this.slotPolicy[slot] = policy
    this.slotStored[slot] = entry.storedAt
    this.slotExpires[slot] = entry.expiresAt
    this.slotKept[slot] = nextKeptNumber()
    this.slotAnswered[slot] = entry.firstView?.answered ? 1 : 0
    const bucket = hash & (this.buckets.length - 1)
    this.slotChain[slot] = this.buckets[bucket] as number
    this.buckets[bucket] = slot
    this.link(slot)
    this.slotTags[slot] = NONE
    for (const tag of new Set(entry.tags))
      this.slotTags[slot] = this.tags.add(slot, hash32(tag), this.slotTags[slot] as number)
    this.bytes += size
    this.size++
  }

  /** Notes that the first view under `key` answered its second view; false when none is kept. */
  markAnswered(key: string): boolean {
    const slot = this.find(key)
    if (slot === NONE) return false
    this.slotAnswered[slot] = 1
    return true
  }

  /** Drops the page under `key`; false when none was kept. */
  remove(key: string): boolean {
    const slot = this.find(key)
    if (slot === NONE) return false
    this.removeSlot(slot)
    return true
  }

  /** Drops every page showing `tag` (or a tag of the same hash); answers how many. */
  purge(tag: string): number {
    const slots = this.tags.slotsOf(hash32(tag))
    let n = 0
    for (const slot of slots)
      if (this.slotSegment[slot] !== NONE) {
        this.removeSlot(slot)
        n++
      }
    return n
  }

  clear(): void {
    this.segments.length = 0
    this.segmentUsed.length = 0
    this.segmentLive.length = 0
    this.segmentLiveBytes.length = 0
    this.order.length = 0
    this.head = NONE
    this.segmentMemory = 0
    this.bytes = 0
    this.size = 0
    this.oldest = NONE
    this.newest = NONE
    this.capacity = 0
    this.freeSlot = NONE
    this.grow(64)
    this.tags.clear()
  }

  private find(key: string): number {
    const hash = hash32(key)
    for (let slot = this.buckets[hash & (this.buckets.length - 1)] as number; slot !== NONE; ) {
      if (this.slotHash[slot] === hash && this.keyOf(slot) === key) return slot
      slot = this.slotChain[slot] as number
    }
    return NONE
  }

  private keyOf(slot: number): string {
    const buffer = this.segments[this.slotSegment[slot] as number] as Buffer
    const start = (this.slotOffset[slot] as number) + RECORD_HEAD + (this.slotMeta[slot] as number)
    return buffer.toString('utf8', start, start + (this.slotKey[slot] as number))
  }

  private entryOf(slot: number, key: string): Entry {
    const buffer = this.segments[this.slotSegment[slot] as number] as Buffer
    const metaStart = (this.slotOffset[slot] as number) + RECORD_HEAD
    const metaEnd = metaStart + (this.slotMeta[slot] as number)
    const meta = JSON.parse(buffer.toString('utf8', metaStart, metaEnd)) as Meta
    const bodyStart = metaEnd + (this.slotKey[slot] as number)
    const headerShape = this.slotHeaders[slot] as number
    const entry: Entry = {
      key,
      status: this.slotStatus[slot] as number,
      headers: headerShape === NONE ? (meta.h ?? {}) : (this.headerShapes.byId(headerShape) as Entry['headers']),
      body: buffer.subarray(bodyStart, bodyStart + (this.slotBody[slot] as number)),
      tags: meta.t,
      storedAt: this.slotStored[slot] as number,
      expiresAt: this.slotExpires[slot] as number,
      keptAs: this.slotKept[slot] as number,
    }
    const policyShape = this.slotPolicy[slot] as number
    if (policyShape !== NONE) {
      const policy = policyShape === -2 ? meta.p : this.policyShapes.byId(policyShape)
      let slots: NonceSlots | null = null
      if (meta.n) {
        slots = { length: meta.n.l, offsets: meta.n.o }
        if (meta.n.c)
          slots.crc = {
            value: meta.n.c.v,
            placeholder: Buffer.from(meta.n.c.p, 'base64'),
            shift: Uint32Array.from(meta.n.c.s),
          }
      }
      entry.nonce = { slots, policy: policy as [string, string] }
    }
    if (meta.f) {
      entry.firstView = { nonce: meta.f.n, encoding: meta.f.e }
      if (meta.f.c !== undefined) entry.firstView.sharedClock = meta.f.c
      if (this.slotAnswered[slot] === 1) entry.firstView.answered = true
    }
    return entry
  }

  private removeSlot(slot: number): void {
    // Out of its key's bucket.
    const bucket = (this.slotHash[slot] as number) & (this.buckets.length - 1)
    let at = this.buckets[bucket] as number
    if (at === slot) this.buckets[bucket] = this.slotChain[slot] as number
    else
      while (at !== NONE) {
        const next = this.slotChain[at] as number
        if (next === slot) {
          this.slotChain[at] = this.slotChain[slot] as number
          break
        }
        at = next
      }
    this.unlink(slot)
    this.tags.removeAll(this.slotTags[slot] as number)
    const segment = this.slotSegment[slot] as number
    this.segmentLive[segment] = (this.segmentLive[segment] as number) - 1
    this.segmentLiveBytes[segment] = (this.segmentLiveBytes[segment] as number) - this.recordLength(slot)
    if (this.segmentLive[segment] === 0 && segment !== this.head) this.dropSegment(segment)
    this.bytes -= this.slotSize[slot] as number
    this.size--
    this.slotSegment[slot] = NONE
    this.slotChain[slot] = this.freeSlot
    this.freeSlot = slot
  }

  private takeSlot(): number {
    if (this.freeSlot === NONE) this.grow(this.capacity * 2)
    const slot = this.freeSlot
    this.freeSlot = this.slotChain[slot] as number
    return slot
  }

  /** Room for a record of `length` bytes: in the head segment, or a new one. */
  private room(length: number): [number, number] {
    if (this.head !== NONE) {
      const used = this.segmentUsed[this.head] as number
      if (used + length <= (this.segments[this.head] as Buffer).length) {
        this.segmentUsed[this.head] = used + length
        return [this.head, used]
      }
      if (this.segmentLive[this.head] === 0) this.dropSegment(this.head)
    }
    let segment = this.segments.indexOf(null)
    if (segment === NONE) segment = this.segments.length
    const size = Math.max(this.segmentBytes, length)
    this.segments[segment] = Buffer.allocUnsafeSlow(size)
    this.segmentUsed[segment] = length
    this.segmentLive[segment] = 0
    this.segmentLiveBytes[segment] = 0
    this.segmentMemory += size
    this.order.push(segment)
    this.head = segment
    return [segment, 0]
  }

  private dropSegment(segment: number): void {
    this.segmentMemory -= (this.segments[segment] as Buffer).length
    this.segments[segment] = null
    this.order.splice(this.order.indexOf(segment), 1)
    if (segment === this.head) this.head = NONE
  }

  /**
   * After a page kept and the least recently used evicted: while the segments take more than the bound (the store's,
   * or the one its owner keeps to now) and two segments more, the segment with the most bytes no longer kept (but the
   * head) is emptied, its pages copied to the head, and dropped; not when even that one is 7/8 kept (the records' own bytes, their meta and key, are not
   * counted against the bound: a few percent more), so that no page is copied over and over for little.
   */
  tidy(bound = this.maxBytes): void {
    for (let rounds = this.order.length; rounds > 0; rounds--) {
      if (this.segmentMemory <= bound + 2 * this.segmentBytes) return
      let segment = NONE
      let most = 0
      for (const candidate of this.order) {
        const free = (this.segments[candidate] as Buffer).length - (this.segmentLiveBytes[candidate] as number)
        if (candidate !== this.head && free > most) {
          segment = candidate
          most = free
        }
      }
      if (segment === NONE) return
      const buffer = this.segments[segment] as Buffer
      if ((this.segmentLiveBytes[segment] as number) > buffer.length * 0.875) return
      const end = this.segmentUsed[segment] as number
      for (let offset = 0; offset < end; ) {
        const slot = buffer.readUInt32LE(offset)
        const length = buffer.readUInt32LE(offset + 4)
        if (this.slotSegment[slot] === segment && this.slotOffset[slot] === offset) {
          const [to, at] = this.room(length)
          buffer.copy(this.segments[to] as Buffer, at, offset, offset + length)
          this.segmentLive[to] = (this.segmentLive[to] as number) + 1
          this.segmentLiveBytes[to] = (this.segmentLiveBytes[to] as number) + length
          this.slotSegment[slot] = to
          this.slotOffset[slot] = at
        }
        offset += length
      }
      this.dropSegment(segment)
    }
  }

  private recordLength(slot: number): number {
    const buffer = this.segments[this.slotSegment[slot] as number] as Buffer
    return buffer.readUInt32LE((this.slotOffset[slot] as number) + 4)
  }

  private link(slot: number): void {
    this.older[slot] = this.newest
    this.newer[slot] = NONE
    if (this.newest !== NONE) this.newer[this.newest] = slot
    else this.oldest = slot
    this.newest = slot
  }

  private unlink(slot: number): void {
    const older = this.older[slot] as number
    const newer = this.newer[slot] as number
    if (older !== NONE) this.newer[older] = newer
    else this.oldest = newer
    if (newer !== NONE) this.older[newer] = older
    else this.newest = older
  }

  /** Room for `capacity` slots, the key buckets twice as many (rebuilt). */
  private grow(capacity: number): void {
    const from = this.capacity
    const copy = <T extends Column>(old: T, make: (n: number) => T) => resized(old, make, capacity, from)
    this.slotHash = copy(this.slotHash, (n) => new Uint32Array(n))
    this.slotChain = copy(this.slotChain, (n) => new Int32Array(n))
    this.older = copy(this.older, (n) => new Int32Array(n))
    this.newer = copy(this.newer, (n) => new Int32Array(n))
    this.slotSegment = copy(this.slotSegment, (n) => new Int32Array(n))
    this.slotOffset = copy(this.slotOffset, (n) => new Uint32Array(n))
    this.slotMeta = copy(this.slotMeta, (n) => new Uint32Array(n))
    this.slotKey = copy(this.slotKey, (n) => new Uint32Array(n))
    this.slotBody = copy(this.slotBody, (n) => new Uint32Array(n))
    this.slotSize = copy(this.slotSize, (n) => new Float64Array(n))
    this.slotStatus = copy(this.slotStatus, (n) => new Uint16Array(n))
    this.slotHeaders = copy(this.slotHeaders, (n) => new Int32Array(n))
    this.slotPolicy = copy(this.slotPolicy, (n) => new Int32Array(n))
    this.slotStored = copy(this.slotStored, (n) => new Float64Array(n))
    this.slotExpires = copy(this.slotExpires, (n) => new Float64Array(n))
    this.slotKept = copy(this.slotKept, (n) => new Int32Array(n))
    this.slotAnswered = copy(this.slotAnswered, (n) => new Uint8Array(n))
    this.slotTags = copy(this.slotTags, (n) => new Int32Array(n))
    this.capacity = capacity
    // The new slots free, the lowest first.
    for (let slot = capacity - 1; slot >= from; slot--) {
      this.slotSegment[slot] = NONE
      this.slotChain[slot] = this.freeSlot
      this.freeSlot = slot
    }
    this.buckets = new Int32Array(capacity * 2).fill(NONE)
    const mask = this.buckets.length - 1
    for (let slot = 0; slot < from; slot++) {
      if (this.slotSegment[slot] === NONE) continue
      const bucket = (this.slotHash[slot] as number) & mask
      this.slotChain[slot] = this.buckets[bucket] as number
      this.buckets[bucket] = slot
    }
  }
}
