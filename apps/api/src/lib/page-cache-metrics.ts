import { Counter, Gauge } from 'prom-client'
import { onScrape, registers, setTotal } from './metrics.ts'

/*
 * The guests' page cache's metrics (docs/operations.md, "Metrics"), in the process's registry (metrics.ts). Nothing
 * is counted per request: the cache counts for itself, and `observePageCache` reads its counters on each scrape.
 */

const pageCacheHits = new Counter({
  name: 'tulpar_page_cache_hits_total',
  help: "Guests' pages answered from this process's page cache",
  registers,
})
const pageCacheMisses = new Counter({
  name: 'tulpar_page_cache_misses_total',
  help: 'Cacheable requests whose page was not in the cache (rendered, then kept)',
  registers,
})
const pageCacheBypasses = new Counter({
  name: 'tulpar_page_cache_bypasses_total',
  help: "Guests' requests whose answer could not be kept (not a 200, a Set-Cookie, a route that keeps nothing)",
  registers,
})
const pageCachePurges = new Counter({
  name: 'tulpar_page_cache_purges_total',
  help: 'Purges by tag received (each database change notification is one)',
  registers,
})
const pageCachePurgedPages = new Counter({
  name: 'tulpar_page_cache_purged_pages_total',
  help: 'Pages dropped by purges',
  registers,
})
const pageCacheStale = new Counter({
  name: 'tulpar_page_cache_stale_total',
  help: 'Renders not kept because one of their tags was purged while they were made',
  registers,
})
const pageCacheShared = new Counter({
  name: 'tulpar_page_cache_shared_total',
  help: "Look-ups of the pages shared in Redis after a miss in the process's memory: hit, miss; error counts failed look-ups, writes and purges",
  labelNames: ['outcome'] as const,
  registers,
})
const pageCacheMembers = new Counter({
  name: 'tulpar_page_cache_member_pages_total',
  help: "Signed-in visitors' car, home and catalogue pages: shared (the guests' copy with their own part added, decisions 035 and 037) or rendered for them (their own car, a page not kept)",
  labelNames: ['outcome'] as const,
  registers,
})
const pageCacheViewers = new Counter({
  name: 'tulpar_page_cache_viewers_total',
  help: 'Who a signed-in session is, kept seconds per session (decision 037): hit, miss (looked up), forgotten (dropped because the user changed)',
  labelNames: ['outcome'] as const,
  registers,
})
const pageCacheViewerSessions = new Gauge({
  name: 'tulpar_page_cache_viewer_sessions',
  help: 'Signed-in sessions kept (at most 20,000 per process)',
  registers,
})
const pageCachePromoted = new Counter({
  name: 'tulpar_page_cache_promoted_total',
  help: 'Pages kept for good at their third view (decision 039: a first view is compressed fast and kept apart)',
  registers,
})
const pageCacheSecondViews = new Counter({
  name: 'tulpar_page_cache_second_views_total',
  help: "Second views answered from a page's first view with a nonce of their own, without a render (decision 039)",
  registers,
})
const pageCacheEvicted = new Counter({
  name: 'tulpar_page_cache_evicted_total',
  help: 'Pages evicted, least recently used first, to keep the bound: kind="kept" the pages answered from memory, kind="first_view" those kept apart until their third view',
  labelNames: ['kind'] as const,
  registers,
})
const pageCacheFirstViews = new Gauge({
  name: 'tulpar_page_cache_first_views',
  help: 'Pages seen once or twice, kept apart until their third view (a quarter of PAGE_CACHE_MB, and what the pages kept for good leave of theirs)',
  registers,
})
const pageCacheFirstViewBytes = new Gauge({
  name: 'tulpar_page_cache_first_view_bytes',
  help: 'Bytes of the pages kept apart until their third view',
  registers,
})
const pageCacheEntries = new Gauge({
  name: 'tulpar_page_cache_entries',
  help: 'Pages in the cache',
  registers,
})
const pageCacheBytes = new Gauge({
  name: 'tulpar_page_cache_bytes',
  help: 'Bytes of pages in the cache (bounded by PAGE_CACHE_MB)',
  registers,
})
const pageCacheMemory = new Gauge({
  name: 'tulpar_page_cache_memory_bytes',
  help: "Memory the cache's kept pages take: their segments, with their keys and meta and space not yet reclaimed (at most the bound and two segments, or a seventh more than the pages' records)",
  registers,
})

/** What the page cache has counted since the process started, and holds now. */
export interface PageCacheReading {
  hits: number
  misses: number
  bypasses: number
  purges: number
  purgedPages: number
  entries: number
  bytes: number
  /** The memory the kept pages take (decision 046). */
  memory?: number
  stale?: number
  /** Pages kept apart now, second views answered from them, pages kept for good at their third (decision 039). */
  firstViews?: number
  firstViewBytes?: number
  secondViews?: number
  promoted?: number
  /** Pages evicted to keep the bound: of the kept pages, of the first views. */
  evicted?: number
  firstViewsEvicted?: number
  /** The pages shared in Redis (absent without them). */
  sharedHits?: number
  sharedMisses?: number
  sharedErrors?: number
  /** Signed-in visitors' car pages from the guests' copy, and those rendered for them (absent without the cache). */
  memberShared?: number
  memberRendered?: number
  /** Who signed-in sessions are, kept seconds each (absent without the cache). */
  viewers?: { hits: number; misses: number; forgotten: number; entries: number }
}

/** Reads the page cache's counters on each scrape; answers the function that stops it. */
export function observePageCache(read: () => PageCacheReading): () => void {
  return onScrape(() => {
    const r = read()
    setTotal(pageCacheHits, r.hits)
    setTotal(pageCacheMisses, r.misses)
    setTotal(pageCacheBypasses, r.bypasses)
    setTotal(pageCachePurges, r.purges)
    setTotal(pageCachePurgedPages, r.purgedPages)
    setTotal(pageCacheStale, r.stale ?? 0)
    setTotal(pageCacheShared, r.sharedHits ?? 0, { outcome: 'hit' })
    setTotal(pageCacheShared, r.sharedMisses ?? 0, { outcome: 'miss' })
    setTotal(pageCacheShared, r.sharedErrors ?? 0, { outcome: 'error' })
    setTotal(pageCacheMembers, r.memberShared ?? 0, { outcome: 'shared' })
    setTotal(pageCacheMembers, r.memberRendered ?? 0, { outcome: 'rendered' })
    if (r.viewers) {
      setTotal(pageCacheViewers, r.viewers.hits, { outcome: 'hit' })
      setTotal(pageCacheViewers, r.viewers.misses, { outcome: 'miss' })
      setTotal(pageCacheViewers, r.viewers.forgotten, { outcome: 'forgotten' })
      pageCacheViewerSessions.set(r.viewers.entries)
    }
    setTotal(pageCachePromoted, r.promoted ?? 0)
    setTotal(pageCacheSecondViews, r.secondViews ?? 0)
    setTotal(pageCacheEvicted, r.evicted ?? 0, { kind: 'kept' })
    setTotal(pageCacheEvicted, r.firstViewsEvicted ?? 0, { kind: 'first_view' })
    pageCacheFirstViews.set(r.firstViews ?? 0)
    pageCacheFirstViewBytes.set(r.firstViewBytes ?? 0)
    pageCacheEntries.set(r.entries)
    pageCacheBytes.set(r.bytes)
    pageCacheMemory.set(r.memory ?? r.bytes)
  })
}
