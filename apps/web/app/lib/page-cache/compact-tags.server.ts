/*
 * The typed-array pieces of the compact page store (compact-pages.server.ts, decision 046) that are not about one
 * page's record: the hash its keys and tags are found by, a column grown by copying, and the tags' index. A tag is
 * kept as its 32-bit hash; two tags of the same hash make a purge of one drop the pages of both (a render more, never
 * a stale page).
 */

/** No slot, no node. */
export const NONE = -1

/** FNV-1a over a string's UTF-16 code units. */
export function hash32(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

export type Column = Int32Array | Uint32Array | Float64Array | Uint16Array | Uint8Array

/** A column of `capacity` values, with the old one's first `kept`. */
export function resized<T extends Column>(old: T, make: (n: number) => T, capacity: number, kept: number): T {
  const made = make(capacity)
  made.set(old.subarray(0, Math.min(kept, capacity)))
  return made
}

/**
 * Which slots show which tag: a node per tag a page shows, in its tag's bucket (a chained hash table of typed
 * arrays) and in its slot's own list, whose first node the store keeps per slot.
 */
export class TagIndex {
  private capacity = 0
  private free = NONE
  private nodeSlot = new Int32Array(0)
  private nodeHash = new Uint32Array(0)
  private nodeNext = new Int32Array(0) // in the tag's bucket
  private nodePrev = new Int32Array(0)
  private nodeOfSlot = new Int32Array(0) // the slot's next node; on a free node, the next free one
  private buckets = new Int32Array(0)

  constructor() {
    this.grow(256)
  }

  /** Notes that `slot` shows the tag of `hash`; answers the slot's new first node (`first` is its first before). */
  add(slot: number, hash: number, first: number): number {
    if (this.free === NONE) this.grow(this.capacity * 2)
    const node = this.free
    this.free = this.nodeOfSlot[node] as number
    this.nodeSlot[node] = slot
    this.nodeHash[node] = hash
    const bucket = hash & (this.buckets.length - 1)
    const head = this.buckets[bucket] as number
    this.nodeNext[node] = head
    this.nodePrev[node] = NONE
    if (head !== NONE) this.nodePrev[head] = node
    this.buckets[bucket] = node
    this.nodeOfSlot[node] = first
    return node
  }

  /** Drops a slot's nodes, from its first. */
  removeAll(first: number): void {
    for (let node = first; node !== NONE; ) {
      const next = this.nodeOfSlot[node] as number
      this.remove(node)
      node = next
    }
  }

  /** The slots showing the tag of `hash` (or a tag of the same hash). */
  slotsOf(hash: number): number[] {
    const slots: number[] = []
    for (let node = this.buckets[hash & (this.buckets.length - 1)] as number; node !== NONE; ) {
      if (this.nodeHash[node] === hash) slots.push(this.nodeSlot[node] as number)
      node = this.nodeNext[node] as number
    }
    return slots
  }

  clear(): void {
    this.capacity = 0
    this.free = NONE
    this.grow(256)
  }

  private remove(node: number): void {
    const prev = this.nodePrev[node] as number
    const next = this.nodeNext[node] as number
    if (prev !== NONE) this.nodeNext[prev] = next
    else this.buckets[(this.nodeHash[node] as number) & (this.buckets.length - 1)] = next
    if (next !== NONE) this.nodePrev[next] = prev
    this.nodeOfSlot[node] = this.free
    this.free = node
  }

  /** Room for `capacity` nodes, the buckets as many (rebuilt). */
  private grow(capacity: number): void {
    const from = this.capacity
    const copy = <T extends Column>(old: T, make: (n: number) => T) => resized(old, make, capacity, from)
    this.nodeSlot = copy(this.nodeSlot, (n) => new Int32Array(n))
    this.nodeHash = copy(this.nodeHash, (n) => new Uint32Array(n))
    this.nodeNext = copy(this.nodeNext, (n) => new Int32Array(n))
    this.nodePrev = copy(this.nodePrev, (n) => new Int32Array(n))
    this.nodeOfSlot = copy(this.nodeOfSlot, (n) => new Int32Array(n))
    this.capacity = capacity
    // Grown when every node is taken: the nodes below `from` are live, the new ones free, the lowest first.
    for (let node = capacity - 1; node >= from; node--) {
      this.nodeOfSlot[node] = this.free
      this.free = node
    }
    this.buckets = new Int32Array(capacity).fill(NONE)
    const mask = capacity - 1
    for (let node = 0; node < from; node++) {
      const bucket = (this.nodeHash[node] as number) & mask
      const first = this.buckets[bucket] as number
      this.nodeNext[node] = first
      this.nodePrev[node] = NONE
      if (first !== NONE) this.nodePrev[first] = node
      this.buckets[bucket] = node
    }
  }
}
