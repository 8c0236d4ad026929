import type { LoadResult } from './http.ts'
import type { BenchResults } from './results.ts'

/*
 * The rows of a run's table: what was measured, the result (every throughput also as a share of the bare route and
 * of React Router's minimum measured in the same run), the target and whether it was met, and by how far it was missed.
 * bench/report.ts prints them and writes them as markdown.
 */

export interface Row {
  what: string
  result: string
  target: string
  /** true met, false missed, null no target. */
  met: boolean | null
}

export const fmt = (n: number) => n.toLocaleString('en-US')
/** A measure to two decimals, as the results keep them. */
export const round2 = (n: number) => Math.round(n * 100) / 100
const size = (bytes: number) =>
  bytes >= 2 ** 20 ? `${Math.round((bytes / 2 ** 20) * 10) / 10} MB` : `${Math.round((bytes / 1024) * 10) / 10} KB`
const pct = (value: number, target: number) => `${Math.round((Math.abs(value - target) / target) * 100)}%`

/** "missed by X" wording: how far from the target, in the target's unit and relative. */
function verdict(met: boolean | null, miss: string): string {
  if (met === null) return ''
  return met ? 'met' : `MISSED (${miss})`
}

export function rows(r: BenchResults): Row[] {
  const out: Row[] = []
  const add = (what: string, result: string, target = '', met: boolean | null = null) =>
    out.push({ what, result, target, met })
  // Every throughput also as a share of the machine's ceilings measured in the same run.
  const ratio = (rps: number, cpuMs?: number) => {
    const parts = cpuMs === undefined ? [] : [`${cpuMs} ms of server CPU each`]
    if (r.hello) parts.push(`${Math.round((rps / r.hello.rps) * 1000) / 10}% of the bare route`)
    if (r.routerMinimal) parts.push(`${Math.round((rps / r.routerMinimal.rps) * 100) / 100}x React Router's minimum`)
    return parts.length > 0 ? ` (${parts.join(', ')})` : ''
  }
  if (r.seed) {
    add(
      `Load ${fmt(r.seed.listings)} listings into PostgreSQL (COPY), then VACUUM ANALYZE`,
      `${r.seed.seconds} s (${fmt(r.seed.listingsPerSecond)} listings/s) + ${r.seed.vacuumSeconds} s`,
    )
  }
  if (r.build) add('Production build', `${r.build.seconds} s`)
  if (r.serverReadyMs !== undefined)
    add('Production server start on PostgreSQL (to /api/readyz)', `${r.serverReadyMs} ms`)
  if (r.explain) {
    const e = r.explain
    add(
      `EXPLAIN (ANALYZE, BUFFERS) of the ${e.queries} mix queries (${e.statements} statements): sequential scans of listings`,
      `${e.offenders.length} queries (execution median ${e.medianMs} ms, p95 ${e.p95Ms} ms` +
        `${e.planOnly ? `; ${e.planOnly} only planned, the ANALYZE time ran out` : ''})`,
      '0',
      e.offenders.length === 0,
    )
  }
  if (r.searchC1) {
    const s = r.searchC1
    const met = s.p95 <= 5 && s.errors === 0
    add(
      `Search API, concurrency 1, ${fmt(s.requests)} requests: p50 / p95 / p99`,
      `${s.p50} / ${s.p95} / ${s.p99} ms${s.errors ? `, ${s.errors} errors` : ''}`,
      'p95 <= 5 ms (count included)',
      met,
    )
  }
  if (r.searchC32) {
    const s = r.searchC32
    const met = s.rps >= 1000 && s.p99 < 100 && s.errors + s.non2xx === 0
    add(
      `Search API, concurrency 32 (${r.loadGenerator ?? 'autocannon'}, ${s.seconds} s): requests/s, p99`,
      `${fmt(s.rps)} req/s, p99 ${s.p99} ms${s.errors + s.non2xx ? `, ${s.errors + s.non2xx} errors` : ''}${ratio(s.rps)}`,
      '>= 1,000 req/s, p99 < 100 ms',
      met,
    )
  }
  if (r.detail) {
    const d = r.detail
    add(
      `Car detail API answered from the database every time (guest cache skipped), concurrency 32: requests/s, p99`,
      `${fmt(d.rps)} req/s, p99 ${d.p99} ms${d.errors + d.non2xx ? `, ${d.errors + d.non2xx} errors` : ''}${ratio(d.rps, d.cpuMsPerRequest)}`,
      '>= 3,000 req/s',
      d.rps >= 3000 && d.errors + d.non2xx === 0,
    )
  }
  if (r.detailGuests) {
    const d = r.detailGuests
    add(
      `Car detail API for guests (3,000 cars in turn: each first a miss, then from the guest cache), concurrency 32: requests/s, p99`,
      `${fmt(d.rps)} req/s, p99 ${d.p99} ms${d.errors + d.non2xx ? `, ${d.errors + d.non2xx} errors` : ''}${ratio(d.rps, d.cpuMsPerRequest)}`,
      '>= 3,000 req/s',
      d.rps >= 3000 && d.errors + d.non2xx === 0,
    )
  }
  if (r.ssr) {
    const d = r.ssr
    add(
      'Server-rendered /cars/{id}, rendered every time, concurrency 32: requests/s, p99',
      `${fmt(d.rps)} req/s, p99 ${d.p99} ms${d.errors + d.non2xx ? `, ${d.errors + d.non2xx} errors` : ''}${ratio(d.rps, d.cpuMsPerRequest)}`,
      '>= 400 req/s',
      d.rps >= 400 && d.errors + d.non2xx === 0,
    )
  }
  if (r.ssrBrotli) {
    const d = r.ssrBrotli
    add(
      'Server-rendered /cars/{id}, rendered every time, as Safari asks (brotli, not zstd), concurrency 32: requests/s, p99',
      `${fmt(d.rps)} req/s, p99 ${d.p99} ms${d.errors + d.non2xx ? `, ${d.errors + d.non2xx} errors` : ''}${ratio(d.rps, d.cpuMsPerRequest)}`,
      '>= 400 req/s',
      d.rps >= 400 && d.errors + d.non2xx === 0,
    )
  }
  if (r.ssrCached) {
    const d = r.ssrCached
    add(
      'Server-rendered /cars/{id} for guests (page cache, 20 hot cars), concurrency 32: requests/s, p99',
      `${fmt(d.rps)} req/s, p99 ${d.p99} ms${d.errors + d.non2xx ? `, ${d.errors + d.non2xx} errors` : ''}${ratio(d.rps, d.cpuMsPerRequest)}`,
      '>= 5,000 req/s',
      d.rps >= 5000 && d.errors + d.non2xx === 0,
    )
  }
  if (r.purge) {
    add(
      'A price change seen by a guest under that load (polled every 20 ms)',
      r.purge.ms < 0 ? 'not within 10 s' : `${fmt(r.purge.ms)} ms (${r.purge.polls} polls)`,
      '<= 1,000 ms',
      r.purge.ms >= 0 && r.purge.ms <= 1000,
    )
  }
  if (r.processes) {
    const { count, ssr, detail, searchC32: s } = r.processes
    const errors = (d: LoadResult) => (d.errors + d.non2xx ? `, ${d.errors + d.non2xx} errors` : '')
    const clean = (d: LoadResult) => d.errors + d.non2xx === 0
    const of = `${count} app processes (APP_PROCESSES=${count}, one per core):`
    add(
      `${of} server-rendered /cars/{id}, rendered every time, concurrency 32: requests/s, p99`,
      `${fmt(ssr.rps)} req/s, p99 ${ssr.p99} ms${errors(ssr)}${ratio(ssr.rps, ssr.cpuMsPerRequest)}`,
      '>= 400 req/s',
      ssr.rps >= 400 && clean(ssr),
    )
    add(
      `${of} car detail API answered every time, concurrency 32: requests/s, p99`,
      `${fmt(detail.rps)} req/s, p99 ${detail.p99} ms${errors(detail)}${ratio(detail.rps, detail.cpuMsPerRequest)}`,
      '>= 3,000 req/s',
      detail.rps >= 3000 && clean(detail),
    )
    add(
      `${of} search API, concurrency 32: requests/s, p99`,
      `${fmt(s.rps)} req/s, p99 ${s.p99} ms${errors(s)}${ratio(s.rps, s.cpuMsPerRequest)}`,
      '>= 1,000 req/s, p99 < 100 ms',
      s.rps >= 1000 && s.p99 < 100 && clean(s),
    )
  }
  if (r.routerMinimal) {
    const d = r.routerMinimal
    add(
      "React Router without rendering (GET /locale, a loader's redirect), concurrency 32 (the pages' ceiling)",
      `${fmt(d.rps)} req/s, p99 ${d.p99} ms${r.hello ? ` (${Math.round((d.rps / r.hello.rps) * 1000) / 10}% of the bare route)` : ''}`,
    )
  }
  for (const s of r.sitemap ?? []) {
    add(
      `Sitemap ${s.path} (${fmt(s.urls)} URLs, ${size(s.xmlBytes)}, ${size(s.gzipBytes)} gzip): first / best of 3`,
      `${fmt(s.firstMs)} / ${fmt(s.bestMs)} ms`,
    )
  }
  if (r.hello) {
    add(
      `Bare Fastify "hello" route, concurrency 32 (${r.loadGenerator ?? 'autocannon'}: the machine's ceiling)`,
      `${fmt(r.hello.rps)} req/s, p99 ${r.hello.p99} ms`,
    )
  }
  if (r.helloAutocannon) {
    add(
      'The same bare route under autocannon (the generator of earlier runs: it takes a core of its own)',
      `${fmt(r.helloAutocannon.rps)} req/s, p99 ${r.helloAutocannon.p99} ms`,
    )
  }
  for (const w of r.weight ?? []) {
    add(
      `First-load JS of ${w.path} (${w.scripts.length} files, gzip)`,
      `${w.jsGzipKb} KB (${w.jsRawKb} KB raw; HTML ${w.htmlGzipKb} KB gzip)`,
      '<= 120 KB',
      w.jsGzipKb <= 120 && w.status === 200,
    )
  }
  for (const l of r.lighthouse ?? []) {
    add(
      `Lighthouse mobile ${l.path}: performance / accessibility / SEO (best practices)`,
      `${l.performance} / ${l.accessibility} / ${l.seo} (${l.bestPractices})`,
      '>= 95 / 95 / 95',
      l.performance >= 95 && l.accessibility >= 95 && l.seo >= 95,
    )
  }
  if (r.lighthouseError) add('Lighthouse mobile', `did not run: ${r.lighthouseError}`, '>= 95 / 95 / 95', false)
  if (r.alerts) {
    const a = r.alerts
    add(
      `Saved-search matching of one approval against ${fmt(a.savedSearches)} saved searches, matches recorded and the alert job queued (${a.match.listings} approvals, ${a.match.meanMatches} matches each on average): p50 / p95 / max`,
      `${a.match.p50Ms} / ${a.match.p95Ms} / ${a.match.maxMs} ms`,
      'p95 <= 50 ms',
      a.match.p95Ms <= 50,
    )
    if (a.fanOut) {
      add(
        `Then its at-once alerts, a job of their own (${a.fanOut.meanAlerts} instant searches alerted each on average, one alert job each): p50 / p95 / max`,
        `${a.fanOut.p50Ms} / ${a.fanOut.p95Ms} / ${a.fanOut.maxMs} ms`,
      )
    }
    add(
      `Saved-search lookup alone (find and record the matching searches, rolled back; ${a.find.listings} listings): p50 / p95`,
      `${a.find.p50Ms} / ${a.find.p95Ms} ms`,
    )
    add(
      `Daily digest over ${fmt(a.digest.searches)} daily searches (${fmt(a.digest.alertsQueued)} alerts queued)`,
      `${a.digest.seconds} s`,
      'minutes',
      a.digest.seconds <= 600,
    )
    add(
      `Job queue: ${fmt(a.queue.jobs)} emails through the outbox adapter, 1 process, ${a.queue.concurrency} workers`,
      `${a.queue.jobsPerSecond} jobs/s (${a.queue.seconds} s)`,
    )
  }
  if (r.startup) {
    const { first, cold, listings } = r.startup
    add(
      `Embedded demo (PGlite): first start on an empty data folder with ${fmt(listings)} demo listings, to ready`,
      `${fmt(first.readyMs)} ms`,
      '< 12,000 ms',
      first.readyMs < 12_000,
    )
    add(
      "Embedded demo: peak resident memory of the first start: the server process (VmHWM) / with the database's preparation in its child process (sampled every 100 ms)",
      `${fmt(first.peakToReadyMb)} / ${fmt(first.peakTreeToReadyMb)} MB`,
    )
    for (const [name, run] of [
      ['first-start process', first],
      ['cold-start process', cold],
    ] as const) {
      const p = run.afterPages
      add(
        `Embedded demo: resident memory after ${p.pages} page loads (home, catalogue, car pages and their photos; ${p.requests} requests), ${name}`,
        `${fmt(p.rssMb)} MB (peak ${fmt(p.peakMb)} MB; page median ${p.pageMsMedian} ms, ${p.cpuMsPerPage} ms of CPU)`,
        '<= 400 MB',
        p.rssMb <= 400,
      )
    }
    add('Embedded demo: cold start on that folder, to ready', `${fmt(cold.readyMs)} ms`)
  }
  if (r.feeds) {
    for (const [format, run] of [
      ['CSV', r.feeds.csv],
      ['XML', r.feeds.xml],
    ] as const) {
      add(
        `Dealer feed dry run, ${fmt(r.feeds.cars)} cars as ${format} (${size(run.bytes)}; parse, check, match to the reference data, nothing written; ${fmt(run.valid)} valid, ${fmt(run.refused)} refused)`,
        `${run.seconds} s, peak RSS ${fmt(run.peakRssMb)} MB (${fmt(run.rssBeforeMb)} MB before)`,
        '<= 60 s',
        run.seconds <= 60,
      )
    }
    const { firstImport: first, reimport: again } = r.feeds
    if (first && again) {
      add(
        `Dealer feed import, ${fmt(r.feeds.cars)} cars as CSV into an empty stock: the upload's stored dry run (${fmt(first.created)} to create)`,
        `${first.uploadSeconds} s, peak RSS ${fmt(first.peakRssMb)} MB`,
        '<= 60 s',
        first.uploadSeconds <= 60,
      )
      add(
        `Dealer feed import: its apply, one transaction (${fmt(first.created)} listings created, ${fmt(first.refused)} refused)`,
        `${first.applySeconds} s`,
        '<= 60 s',
        first.applySeconds <= 60,
      )
      const seconds = Math.round((again.uploadSeconds + again.applySeconds) * 10) / 10
      add(
        `Dealer feed re-import of the same feed, upload and apply (${fmt(again.unchanged)} unchanged, ${fmt(again.created + again.updated)} written)`,
        `${seconds} s (upload ${again.uploadSeconds} s, apply ${again.applySeconds} s)`,
        '<= 20 s',
        seconds <= 20,
      )
    }
  }
  return out
}

/** How far each missed target is, in words, for the table's status column. */
export function missText(row: Row, r: BenchResults): string {
  if (row.met !== false) return verdict(row.met, '')
  if (/^\d+ app processes/.test(row.what) && r.processes) {
    const { ssr, detail, searchC32 } = r.processes
    if (row.what.includes('server-rendered')) return verdict(false, `${pct(ssr.rps, 400)} short`)
    if (row.what.includes('car detail')) return verdict(false, `${pct(detail.rps, 3000)} short`)
    return verdict(
      false,
      searchC32.rps < 1000 ? `${pct(searchC32.rps, 1000)} short of 1,000 req/s` : `p99 ${pct(searchC32.p99, 100)} over`,
    )
  }
  if (row.what.startsWith('Search API, concurrency 1') && r.searchC1)
    return verdict(false, `p95 ${pct(r.searchC1.p95, 5)} over`)
  if (row.what.startsWith('Search API, concurrency 32') && r.searchC32) {
    const parts = []
    if (r.searchC32.rps < 1000) parts.push(`${pct(r.searchC32.rps, 1000)} short of 1,000 req/s`)
    if (r.searchC32.p99 >= 100) parts.push(`p99 ${pct(r.searchC32.p99, 100)} over`)
    if (r.searchC32.errors + r.searchC32.non2xx) parts.push('errors')
    return verdict(false, parts.join(', '))
  }
  if (row.what.startsWith('Car detail API for guests') && r.detailGuests)
    return verdict(false, `${pct(r.detailGuests.rps, 3000)} short`)
  if (row.what.startsWith('Car detail') && r.detail) return verdict(false, `${pct(r.detail.rps, 3000)} short`)
  if (row.what.startsWith('Server-rendered /cars/{id} for guests') && r.ssrCached)
    return verdict(false, `${pct(r.ssrCached.rps, 5000)} short`)
  if (row.what.includes('as Safari asks') && r.ssrBrotli) return verdict(false, `${pct(r.ssrBrotli.rps, 400)} short`)
  if (row.what.startsWith('Server-rendered') && r.ssr) return verdict(false, `${pct(r.ssr.rps, 400)} short`)
  if (row.what.startsWith('A price change') && r.purge)
    return verdict(false, r.purge.ms < 0 ? 'not seen in 10 s' : `${r.purge.ms - 1000} ms over`)
  const js = /^First-load JS of (\S+)/.exec(row.what)
  if (js) {
    const w = r.weight?.find((x) => x.path === js[1])
    if (w) return verdict(false, `${Math.round((w.jsGzipKb - 120) * 10) / 10} KB over`)
  }
  const lh = /^Lighthouse mobile (\S+):/.exec(row.what)
  if (lh) {
    const l = r.lighthouse?.find((x) => x.path === lh[1])
    if (l) {
      const parts = []
      if (l.performance < 95) parts.push(`performance ${95 - l.performance} short`)
      if (l.accessibility < 95) parts.push(`accessibility ${95 - l.accessibility} short`)
      if (l.seo < 95) parts.push(`SEO ${95 - l.seo} short`)
      return verdict(false, parts.join(', '))
    }
  }
  if (row.what.startsWith('EXPLAIN')) return verdict(false, `${r.explain?.offenders.length ?? 0} queries scan listings`)
  if (row.what.startsWith('Embedded demo (PGlite): first start') && r.startup)
    return verdict(false, `${Math.round((r.startup.first.readyMs - 12_000) / 100) / 10} s over`)
  const which = /^Embedded demo: resident memory .*, (first|cold)-start process$/.exec(row.what)
  if (which && r.startup) {
    const rss = (which[1] === 'first' ? r.startup.first : r.startup.cold).afterPages.rssMb
    return verdict(false, `${rss - 400} MB over`)
  }
  const feed = /^Dealer feed dry run, .* as (CSV|XML) /.exec(row.what)
  if (feed && r.feeds) {
    const run = feed[1] === 'CSV' ? r.feeds.csv : r.feeds.xml
    return verdict(false, `${Math.round((run.seconds - 60) * 10) / 10} s over`)
  }
  return verdict(false, 'see below')
}
