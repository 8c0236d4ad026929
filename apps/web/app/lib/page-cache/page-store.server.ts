import type { WireEncoding } from '../compression/compression.server.ts'
import type { NonceSlots } from '../security/kept-page-nonce.server.ts'
import { CompactPages } from './compact-pages.server.ts'

/*
 * The guests' pages one process keeps (decision 019): a byte-bounded LRU of answers stored compressed as sent, with a
 * tag index for purges and the purge times a render that began before a purge is checked against. Its pages, and the
 * first views', are held with no object per page (compact-pages.server.ts, decision 046). What is kept, and how a
 * request finds and answers from it, is page-cache.server.ts.
 */

export interface Entry {
  key: string
  status: number
  headers: Record<string, string | string[]>
  body: Buffer
  tags: string[]
  storedAt: number
  expiresAt: number
  /**
   * The store's number for the page as kept (set by the store; another keep of the same key gets another): what
   * facts about a kept page are remembered under, since the compact store answers each look-up with a new object.
   */
  keptAs?: number
  /** A page with a CSP nonce: where each answer's own goes, in the body and in the policy (its header). */
  nonce?: KeptNonce
  /**
   * A page seen once (decision 039), kept apart from the pages answered from memory: its body is compressed fast
   * and carries its render's `nonce`; its second view is answered from it with another, its third keeps it for good.
   * `sharedClock`: the shared store's clock of its first look-up, for keeping it there then.
   */
  firstView?: {
    nonce: string
    /** The encoding its body is in: the key's, or zstd when its visitor took it (headers say so too). */
    encoding: WireEncoding
    sharedClock?: number
    /** Its second view was answered from it (the next keeps it for good). */
    answered?: boolean
  }
}

/** A page kept apart after its first view (the only kind the first views' store holds). */
export type FirstView = Entry & { firstView: NonNullable<Entry['firstView']> }

interface KeptNonce {
  /** Null when the body does not carry the nonce. */
  slots: NonceSlots | null
  /** The Content-Security-Policy header before and after the nonce. */
  policy: [string, string]
}

export interface PageCacheStats {
  entries: number
  bytes: number
  /** The memory the kept pages take: their segments (decision 046), records' keys and meta, space not yet reclaimed. */
  memory: number
  hits: number
  misses: number
  /** Pages dropped by purges. */
  purged: number
  /** Purges received (each a change's tags). */
  purges: number
  /** Guests' answers that could not be kept (not a 200, a Set-Cookie, a route that keeps nothing). */
  bypasses: number
  /** Renders not kept (here, or in Redis) because one of their tags was purged while they were made. */
  stale: number
  /** Misses here answered from the pages shared in Redis, misses there, and look-ups or writes that failed. */
  sharedHits: number
  sharedMisses: number
  sharedErrors: number
  /**
   * Pages seen once or twice, kept until their third view (decision 039); second views answered from them; pages kept
   * for good at their third.
   */
  firstViews: number
  /** Their bytes: at least their own bound's worth when there are enough of them, more while the kept pages leave room. */
  firstViewBytes: number
  secondViews: number
  promoted: number
  /** Pages evicted to keep the bound (least recently used first), kept ones and first views. */
  evicted: number
  firstViewsEvicted: number
}

/** How many pages evicted from the first views are remembered as seen (about 100 bytes of memory each). */
const SEEN_KEYS = 50_000

/** How long purges are remembered, so a render that began before one is not kept after it (a slower one is not). */
const PURGE_MEMORY_MS = 60_000

/** A byte-bounded LRU of pages (stored compressed as sent) with a tag index for purges. */
export class PageCache {
  private readonly pages: CompactPages
  /** When each tag (and '*') was last purged, oldest first, for PURGE_MEMORY_MS. */
  private readonly purgedAt = new Map<string, number>()
  /** The same for purges the shared store has not confirmed yet (sent, or failed), oldest first. */
  private readonly unshared = new Map<string, number>()
  private counters = {
    hits: 0,
    misses: 0,
    purged: 0,
    purges: 0,
    bypasses: 0,
    stale: 0,
    sharedHits: 0,
    sharedMisses: 0,
    sharedErrors: 0,
    secondViews: 0,
    promoted: 0,
    evicted: 0,
  }

  private readonly maxBytes: number
  /** The bound evictions keep to: `maxBytes`, or for the first views what the pages kept for good leave them. */
  private readonly bound: () => number
  private readonly now: () => number
  /**
   * Pages seen once (decision 039): never answered from here, purged with the rest. Null: every page kept at once.
   * They may take their own bytes and whatever the pages kept for good do not use of theirs: a market's long tail is
   * mostly pages seen once, and an hour of it at 4 GB kept 40,000 pages for good in 0.5 GB of their 3 GB while the
   * first views, bounded at 1 GB, lost their pages before the second views came (issue 39).
   */
  private readonly firstViews: PageCache | null
  /**
   * Pages whose first view was evicted from there before a second view came (the first views hold about two
   * thousand car pages, a minute of a market's tail): until their time is up, the next view keeps them at once, so a
   * page asked every few minutes is not a first view each time. Key -> when the page would have expired.
   */
  private readonly seen = new Map<string, number>()
  private readonly onEvicted: ((entry: Entry) => void) | null

  constructor(
    maxBytes: number,
    now: () => number = Date.now,
    {
      firstViewBytes = 0,
      onEvicted = null,
      bound,
    }: {
      firstViewBytes?: number
      onEvicted?: ((entry: Entry) => void) | null
      /** Evictions keep to this many bytes instead of `maxBytes` (the first views' store). */
      bound?: () => number
    } = {},
  ) {
    this.pages = new CompactPages(maxBytes)
    this.maxBytes = maxBytes
    this.bound = bound ?? (() => maxBytes)
    this.now = now
    this.onEvicted = onEvicted
    this.firstViews =
      firstViewBytes > 0
        ? new PageCache(firstViewBytes, now, {
            bound: () => Math.max(firstViewBytes, maxBytes + firstViewBytes - this.pages.bytes),
            onEvicted: (entry) => {
              this.seen.delete(entry.key)
              this.seen.set(entry.key, entry.expiresAt)
              for (const oldest of this.seen.keys()) {
                if (this.seen.size <= SEEN_KEYS) break
                this.seen.delete(oldest)
              }
            },
          })
        : null
  }

  /** Whether the page's first view was evicted before its second view (and its time is not up): keep it at once. */
  seenBefore(key: string): boolean {
    const until = this.seen.get(key)
    if (until === undefined) return false
    if (until > this.now()) return true
    this.seen.delete(key)
    return false
  }

  /** Whether pages are kept from their third view (a first one is kept apart meanwhile). */
  get keepsFirstViews(): boolean {
    return this.firstViews !== null
  }

  /**
   * Keeps a page seen once until its third view (`firstView` set); false when it is not kept (one of its tags purged
   * since `startedAt`, or no first views are kept).
   */
  keepFirstView(entry: Omit<FirstView, 'storedAt'>, startedAt: number) {
    return this.firstViews?.set(entry, startedAt) ?? false
  }

  /** The page seen once under `key`, left where it is (a signed-in visitor's answer is made from it). */
  peekFirstView(key: string): FirstView | undefined {
    return this.firstViews?.peek(key) as FirstView | undefined
  }

  /** The page seen under `key`, taken out (its third view keeps it for good or renders it again). */
  takeFirstView(key: string): FirstView | undefined {
    const entry = this.peekFirstView(key)
    if (entry) this.firstViews?.delete(key)
    return entry
  }

  /**
   * Notes that the first view under `key` answered its second view (its next view keeps it for good) and counts it;
   * false when it is not kept.
   */
  answeredSecondView(key: string): boolean {
    if (!this.firstViews?.pages.markAnswered(key)) return false
    this.counters.secondViews++
    return true
  }

  /** Counts a page kept at its third view. */
  countPromoted(): void {
    this.counters.promoted++
  }

  get(key: string): Entry | undefined {
    const entry = this.pages.use(key, this.now())
    if (entry) this.counters.hits++
    else this.counters.misses++
    return entry
  }

  /** A live entry counted as a hit, or undefined and nothing counted (the front door's look-up: a miss goes on). */
  peek(key: string): Entry | undefined {
    const entry = this.pages.use(key, this.now())
    if (entry) this.counters.hits++
    return entry
  }

  /**
   * Keeps the page; answers false when it is not kept. With `startedAt` (when its render or look-up began), a page
   * one of whose tags was purged since then is not kept: it may show what the purge was for.
   */
  set(entry: Omit<Entry, 'storedAt'> & { storedAt?: number }, startedAt?: number): boolean {
    const size = entry.body.length + entry.key.length
    if (size > this.maxBytes / 8) return false // one page never takes more than an eighth of the cache
    if (startedAt !== undefined && this.purgedSince(entry.tags, startedAt)) {
      this.counters.stale++
      return false
    }
    this.delete(entry.key)
    this.firstViews?.delete(entry.key)
    this.seen.delete(entry.key)
    this.pages.add({ ...entry, storedAt: entry.storedAt ?? this.now() })
    this.fit()
    // The first views give back what they took of the room these pages now need.
    this.firstViews?.fit()
    return true
  }

  /** Evicts the least recently used pages until the rest fit in the bound, and reclaims their segments' space. */
  private fit(): void {
    const bound = this.bound()
    while (this.pages.bytes > bound) {
      const oldest = this.pages.oldestKey()
      if (oldest === undefined) break
      const evicted = this.onEvicted ? this.pages.peek(oldest) : undefined
      this.pages.remove(oldest)
      this.counters.evicted++
      if (evicted) this.onEvicted?.(evicted)
    }
    this.pages.tidy(bound)
  }

  /** Whether '*' or one of the tags was purged at or after `since` (or `since` is too long ago to tell). */
  purgedSince(tags: readonly string[], since: number): boolean {
    return this.now() - since >= PURGE_MEMORY_MS || this.lastPurged(tags) >= since
  }

  /**
   * When '*' or one of the tags was last purged, as far as this process remembers (-Infinity: not lately); with
   * `unshared`, of the purges the shared store has not confirmed.
   */
  lastPurged(tags: readonly string[], { unshared = false } = {}): number {
    const times = unshared ? this.unshared : this.purgedAt
    let last = times.get('*') ?? Number.NEGATIVE_INFINITY
    for (const tag of tags) last = Math.max(last, times.get(tag) ?? Number.NEGATIVE_INFINITY)
    return last
  }

  /** Notes a purge made at `at` as sent to the shared store (`taken` false) or as taken by it. */
  notePurgeShared(tags: readonly string[], at: number, taken: boolean): void {
    for (const tag of tags) {
      const pending = this.unshared.get(tag)
      if (taken) {
        if (pending !== undefined && pending <= at) this.unshared.delete(tag)
      } else {
        this.unshared.delete(tag)
        this.unshared.set(tag, at)
      }
    }
    forgetOlder(this.unshared, this.now() - PURGE_MEMORY_MS)
  }

  /** Drops every page that shows one of the tags; answers how many. */
  purge(tags: Iterable<string>): number {
    const now = this.now()
    if (this.firstViews) {
      tags = [...tags]
      this.firstViews.purge(tags)
    }
    let n = 0
    for (const tag of tags) {
      // Last purged last: the oldest are dropped from the front.
      this.purgedAt.delete(tag)
      this.purgedAt.set(tag, now)
      if (tag === '*') {
        n += this.pages.size
        this.clear()
        break
      }
      n += this.pages.purge(tag)
    }
    forgetOlder(this.purgedAt, now - PURGE_MEMORY_MS)
    this.counters.purged += n
    this.counters.purges++
    return n
  }

  /** Counts what the pages shared in Redis answered (and a render they refused as stale). */
  countShared(outcome: 'hit' | 'miss' | 'error' | 'stale'): void {
    if (outcome === 'hit') this.counters.sharedHits++
    else if (outcome === 'miss') this.counters.sharedMisses++
    else if (outcome === 'stale') this.counters.stale++
    else this.counters.sharedErrors++
  }

  /** Counts a guest's answer that could not be kept (the metrics' bypasses). */
  countBypass(): void {
    this.counters.bypasses++
  }

  clear(): void {
    this.firstViews?.clear()
    this.pages.clear()
  }

  stats(): PageCacheStats {
    return {
      entries: this.pages.size,
      bytes: this.pages.bytes,
      memory: this.pages.memory,
      firstViews: this.firstViews?.pages.size ?? 0,
      firstViewBytes: this.firstViews?.pages.bytes ?? 0,
      ...this.counters,
      firstViewsEvicted: this.firstViews?.counters.evicted ?? 0,
    }
  }

  private delete(key: string): boolean {
    return this.pages.remove(key)
  }
}

/** Drops the times before `oldest` from a map kept in time order. */
function forgetOlder(times: Map<string, number>, oldest: number): void {
  for (const [tag, at] of times) {
    if (at >= oldest) break
    times.delete(tag)
  }
}
