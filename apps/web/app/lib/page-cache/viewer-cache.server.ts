/*
 * Who a session is and what their own part of a page shows (name, hearts, unread count, profile), kept in this
 * process for a few seconds (decision 037). A signed-in visitor's car page is the guests' copy with that part added
 * (decision 035); looking it up cost five database round trips per page view, far more than the page itself.
 *
 * Kept only from a lookup that found a live session, keyed by the session's cookies as sent (a forged or ended one
 * is never found here, it was never stored), and dropped:
 * - for the users a committed change names (`forget`, from the database's notifications: their account, sessions,
 *   hearts, profile, memberships, messages and read marks, migration 0035), at once in every process;
 * - after `ttlMs` whatever happens (what no notification names, a notification lost in a listener's gap), or at the
 *   session's own expiry if sooner;
 * - oldest first beyond `maxEntries`.
 * A lookup that began before a change to its user was forgotten is answered but not kept: it may have read the
 * data from before the change.
 */

export interface KnownViewer<V> {
  userId: string
  value: V
  /** When the session ends (ms since the epoch); the entry is not kept past it. */
  expiresAt?: number
}

interface Entry<V> {
  userId: string
  value: V
  until: number
}

export interface ViewerCacheStats {
  entries: number
  hits: number
  misses: number
  /** Entries dropped because their user changed. */
  forgotten: number
}

const ALL = '*'

export class ViewerCache<V> {
  readonly #entries = new Map<string, Entry<V>>()
  readonly #byUser = new Map<string, Set<string>>()
  readonly #pending = new Map<string, Promise<KnownViewer<V> | null>>()
  /** Counts changes; a lookup remembers the count it began at. */
  #changes = 0
  /** The count at each user's last change (since `#floor`). */
  readonly #changedAt = new Map<string, number>()
  /** Lookups begun before this count are not kept (the per-user record was cleared, or everyone changed). */
  #floor = 0
  readonly #stats = { hits: 0, misses: 0, forgotten: 0 }
  readonly #ttlMs: number
  readonly #maxEntries: number
  readonly #now: () => number

  constructor(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
    this.#ttlMs = options.ttlMs ?? 15_000
    this.#maxEntries = options.maxEntries ?? 20_000
    this.#now = options.now ?? Date.now
  }

  /** The viewer kept for these session cookies, if still valid (no lookup: for the front door). */
  peek(key: string): KnownViewer<V> | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    if (entry.until <= this.#now()) {
      this.#drop(key, entry.userId)
      return undefined
    }
    this.#stats.hits++
    return { userId: entry.userId, value: entry.value }
  }

  /**
   * The viewer of these session cookies: kept, else looked up by `load` (one lookup at a time per key; the others
   * wait for it) and kept if it found one. `load` answering null (nobody signed in) is never kept.
   */
  get(key: string, load: () => Promise<KnownViewer<V> | null>): Promise<KnownViewer<V> | null> {
    const kept = this.peek(key)
    if (kept) return Promise.resolve(kept)
    const pending = this.#pending.get(key)
    if (pending) return pending
    this.#stats.misses++
    const begun = this.#changes
    const lookup = load()
      .then((found) => {
        if (found) this.#keep(key, found, begun)
        return found
      })
      .finally(() => this.#pending.delete(key))
    this.#pending.set(key, lookup)
    return lookup
  }

  /** Drops what is kept for these users (`*`: everyone), and keeps no lookup of theirs begun before now. */
  forget(users: readonly string[] | typeof ALL): void {
    this.#changes++
    if (users === ALL) {
      this.#stats.forgotten += this.#entries.size
      this.#entries.clear()
      this.#byUser.clear()
      this.#changedAt.clear()
      this.#floor = this.#changes
      return
    }
    // Bounded: past 10,000 users the record is cleared, and every lookup under way is not kept instead.
    if (this.#changedAt.size >= 10_000) {
      this.#changedAt.clear()
      this.#floor = this.#changes
    }
    for (const userId of users) {
      this.#changedAt.set(userId, this.#changes)
      const keys = this.#byUser.get(userId)
      if (!keys) continue
      this.#stats.forgotten += keys.size
      for (const key of keys) this.#entries.delete(key)
      this.#byUser.delete(userId)
    }
  }

  stats(): ViewerCacheStats {
    return { entries: this.#entries.size, ...this.#stats }
  }

  #keep(key: string, found: KnownViewer<V>, begun: number): void {
    if (begun < this.#floor || (this.#changedAt.get(found.userId) ?? -1) > begun) return
    const now = this.#now()
    const until = Math.min(now + this.#ttlMs, found.expiresAt ?? Number.POSITIVE_INFINITY)
    if (until <= now) return
    const previous = this.#entries.get(key)
    if (previous) this.#drop(key, previous.userId)
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.entries().next().value
      if (!oldest) break
      this.#drop(oldest[0], oldest[1].userId)
    }
    this.#entries.set(key, { userId: found.userId, value: found.value, until })
    let keys = this.#byUser.get(found.userId)
    if (!keys) {
      keys = new Set()
      this.#byUser.set(found.userId, keys)
    }
    keys.add(key)
  }

  #drop(key: string, userId: string): void {
    this.#entries.delete(key)
    const keys = this.#byUser.get(userId)
    keys?.delete(key)
    if (keys?.size === 0) this.#byUser.delete(userId)
  }
}
