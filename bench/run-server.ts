import { benchDatabaseUrl, priceChangeSeenWithin, sampleCarIds } from './database.ts'
import { load, sequentialLatency } from './http.ts'
import { runLighthouse, startChromium } from './lighthouse.ts'
import type { MixQuery } from './mix.ts'
import { measurePageWeight, warmPageMedia } from './page-weight.ts'
import type { BenchResults } from './results.ts'
import { cpuMsPerRequest, rssMb, settle, startProductionServer } from './servers.ts'
import { measureSitemaps } from './sitemaps.ts'

/*
 * The parts of `npm run bench` (bench/run.ts) that measure the production server over HTTP: on one process, search,
 * the car detail API, the car page, the sitemaps, first-load JavaScript and Lighthouse; then the same loads on two app
 * processes. Each writes what it measured into the run's results.
 */

/** The parts measured on the single-process server. */
export const SERVER_PARTS = ['search', 'detail', 'ssr', 'sitemap', 'weight', 'lighthouse'] as const
type ServerPart = (typeof SERVER_PARTS)[number]

/** What the server parts need from the run. */
export interface ServerRun {
  results: BenchResults
  runs: (part: ServerPart) => boolean
  /** The search mix's distinct queries, each asked once to warm the server. */
  pool: readonly MixQuery[]
  /** `n` searches of the mix in a drawn order (the same order for the same seed). */
  searchMixPaths: (n: number, seed?: number) => string[]
  /** Seconds of each load run. */
  seconds: number
  /** Requests at concurrency 1, and the time cap on them. */
  c1Requests: number
  c1Seconds: number
  ports: { server: number; chromium: number }
  log: (message: string) => void
  section: (title: string) => void
}

/**
 * What browsers send in Accept-Encoding (over HTTPS): Chrome, Edge and Firefox ask for zstd, which the server prefers
 * (apps/api/src/app.ts); Safari asks for brotli at most. Runs before 2026-11-25 18:00 sent `br, gzip`.
 */
const CHROME = { 'accept-encoding': 'gzip, deflate, br, zstd' }
const SAFARI = { 'accept-encoding': 'gzip, deflate, br' }

/** The server parts asked for, on one production server on the bench database. */
export async function measureServer(run: ServerRun): Promise<void> {
  const { results, runs, pool, searchMixPaths, seconds, c1Requests, c1Seconds, ports, log, section } = run
  section('production server on the bench database')
  const server = await startProductionServer(benchDatabaseUrl(), ports.server)
  results.serverReadyMs = server.readyMs
  log(`ready in ${server.readyMs} ms at ${server.url}`)
  try {
    const ids = await sampleCarIds(3000)
    const settleAfter = async (what: string) => {
      const ms = await settle(server.url)
      log(`settled in ${ms} ms`)
      if (ms > 1000)
        results.notes.push(
          `After ${what} the server needed ${Math.round(ms / 100) / 10} s to work off queued requests.`,
        )
    }

    // Warm-up: every distinct query once and a few car pages, so the runs measure a warm cache, as in production.
    const warm = await sequentialLatency(
      server.url,
      [...pool.map((q) => `/api/cars/${q.search}`), ...ids.slice(0, 50).map((id) => `/cars/${id}`)],
      60,
    )
    log(`warm-up: ${warm.requests} requests in ${warm.seconds} s`)

    if (runs('search')) {
      section(`search: concurrency 1, up to ${c1Requests} requests`)
      results.searchC1 = await sequentialLatency(server.url, searchMixPaths(c1Requests), c1Seconds)
      log(JSON.stringify(results.searchC1))
      if (results.searchC1.requests < c1Requests) {
        results.notes.push(
          `The concurrency-1 search run stopped at its time cap after ${results.searchC1.requests} of ${c1Requests} requests.`,
        )
      }
      section(`search: concurrency 32 for ${seconds} s`)
      results.searchC32 = await load(server.url, searchMixPaths(50_000, 7), { connections: 32, seconds })
      log(JSON.stringify(results.searchC32))
      await settleAfter('search at concurrency 32')
    }
    if (runs('detail')) {
      section(`car detail API: concurrency 32 for ${seconds} s`)
      // An unknown cookie skips the guest cache (as a signed-in request would): the database answers every time.
      results.detail = await cpuMsPerRequest(server.child.pid, () =>
        load(
          server.url,
          ids.map((id) => `/api/cars/${id}/`),
          { connections: 32, seconds, headers: { cookie: 'bench=uncached' } },
        ),
      )
      log(JSON.stringify(results.detail))
      await settleAfter('the car detail API')
      section(`car detail API for guests (guest cache, ${ids.length} cars): concurrency 32 for ${seconds} s`)
      results.detailGuests = await cpuMsPerRequest(server.child.pid, () =>
        load(
          server.url,
          ids.map((id) => `/api/cars/${id}/`),
          { connections: 32, seconds },
        ),
      )
      log(JSON.stringify(results.detailGuests))
    }
    if (runs('ssr')) {
      // As browsers ask (compressed: Chrome's header, zstd; then Safari's, brotli). An unknown cookie makes a guest's
      // request skip the page cache (decision 019): every request is rendered, the cost the cache saves.
      const browser = CHROME
      // Warmed first as the two processes' run is (the JIT's code for the render, the zstd and brotli paths): on a slow
      // machine the first 15 s of pages otherwise measured about 1-2 ms more per page than the next.
      const pages = ids.map((id) => `/cars/${id}`)
      const rendered = (headers: Record<string, string>, runSeconds: number) =>
        load(server.url, pages, {
          connections: 32,
          seconds: runSeconds,
          headers: { ...headers, cookie: 'bench=uncached' },
        })
      for (const headers of [CHROME, SAFARI]) await rendered(headers, 5)
      await settleAfter('warming the car page')
      section(`server-rendered /cars/{id}, rendered every time: concurrency 32 for ${seconds} s`)
      results.ssr = await cpuMsPerRequest(server.child.pid, () => rendered(browser, seconds))
      log(JSON.stringify(results.ssr))
      await settleAfter('rendering car pages')
      section(
        `server-rendered /cars/{id}, rendered every time, as Safari asks (brotli): concurrency 32 for ${seconds} s`,
      )
      results.ssrBrotli = await cpuMsPerRequest(server.child.pid, () => rendered(SAFARI, seconds))
      log(JSON.stringify(results.ssrBrotli))
      await settleAfter('rendering car pages for Safari')
      // Guests on a few hot cars (a shared link, the home page's offers): served from the page cache. A price
      // change is made under that load and the time until a guest sees it is measured.
      const hot = ids.slice(0, 20).map((id) => `/cars/${id}`)
      for (const path of hot) await (await fetch(`${server.url}${path}`, { headers: browser })).arrayBuffer()
      section(`server-rendered /cars/{id}, guests (page cache), 20 cars: concurrency 32 for ${seconds} s`)
      const cached = cpuMsPerRequest(server.child.pid, () =>
        load(server.url, hot, { connections: 32, seconds, headers: browser }),
      )
      await new Promise((r) => setTimeout(r, Math.min(5, seconds / 3) * 1000))
      results.purge = await priceChangeSeenWithin(server.url, ids[0] ?? 0)
      results.ssrCached = await cached
      log(JSON.stringify({ ...results.ssrCached, purge: results.purge }))
      await settleAfter('the cached car pages')
      section(`React Router without rendering (GET /locale: a loader's redirect): concurrency 32 for ${seconds} s`)
      results.routerMinimal = await load(server.url, ['/locale'], { connections: 32, seconds })
      log(JSON.stringify(results.routerMinimal))
    }
    results.serverRssMb = await rssMb(server.child.pid)
    if (runs('sitemap')) {
      section('sitemaps')
      results.sitemap = await measureSitemaps(server.url)
      for (const s of results.sitemap) log(JSON.stringify(s))
    }

    const catalogue = (await fetch(`${server.url}/auto`)).status === 200 ? '/auto' : '/cars'
    if (catalogue === '/cars')
      results.notes.push(
        'The readable catalogue (/auto) is not on this branch yet: the catalogue page measured is /cars.',
      )
    const pages = ['/', catalogue, `/cars/${ids[0]}`]
    if (runs('weight')) {
      section('first-load JavaScript')
      results.weight = []
      for (const p of pages) {
        const w = await measurePageWeight(server.url, p)
        results.weight.push(w)
        log(`${p}: ${w.jsGzipKb} KB gzip in ${w.scripts.length} files (${w.scripts.map((s) => s.url).join(', ')})`)
      }
      const raw = results.weight.filter((w) => !w.servedCompressed.html || !w.servedCompressed.scripts)
      if (raw.length > 0) {
        results.notes.push(
          'The server sends HTML and scripts without compression (no Content-Encoding): browsers download the raw ' +
            `sizes (${raw.map((w) => `${w.path} ${w.jsRawKb} KB of JS`).join(', ')}), which Lighthouse's slow 4G feels.`,
        )
      }
    }
    if (runs('lighthouse')) {
      section('Lighthouse (mobile)')
      for (const p of pages) log(`${p}: ${await warmPageMedia(server.url, p)} photo variants requested first`)
      try {
        const chromium = await startChromium(ports.chromium)
        try {
          results.lighthouse = []
          for (const p of pages) {
            const scores = await runLighthouse(server.url, p, ports.chromium)
            results.lighthouse.push(scores)
            log(`${p}: ${JSON.stringify(scores)}`)
          }
        } finally {
          await chromium.stop()
        }
      } catch (error) {
        results.lighthouseError = error instanceof Error ? error.message : String(error)
        log(`Lighthouse failed: ${results.lighthouseError}`)
      }
    }
  } finally {
    await server.stop()
  }
}

/**
 * Node renders on one core per process: on two cores the car page and the APIs are served by one process per core
 * (decision 023). The same loads as `measureServer`'s, on the same database.
 */
export async function measureProcesses(run: ServerRun): Promise<void> {
  const { results, searchMixPaths, seconds, ports, log, section } = run
  const count = 2
  section(`production server as ${count} app processes (APP_PROCESSES=${count})`)
  const server = await startProductionServer(benchDatabaseUrl(), ports.server, {
    processes: count,
    redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  })
  log(`ready in ${server.readyMs} ms at ${server.url}`)
  try {
    const ids = await sampleCarIds(3000)
    const browser = CHROME
    const uncached = { cookie: 'bench=uncached' }
    const pages = ids.map((id) => `/cars/${id}`)
    // Every process warms up as the single one did (its JIT, its pools, PostgreSQL's cache is already warm).
    await load(server.url, pages, { connections: 32, seconds: 5, headers: { ...browser, ...uncached } })
    await load(server.url, searchMixPaths(5_000, 3), { connections: 32, seconds: 5 })
    await settle(server.url)
    section(`${count} processes: server-rendered /cars/{id}, rendered every time: concurrency 32 for ${seconds} s`)
    const ssr = await cpuMsPerRequest(server.child.pid, () =>
      load(server.url, pages, { connections: 32, seconds, headers: { ...browser, ...uncached } }),
    )
    log(JSON.stringify(ssr))
    await settle(server.url)
    section(`${count} processes: car detail API answered every time: concurrency 32 for ${seconds} s`)
    const detail = await cpuMsPerRequest(server.child.pid, () =>
      load(
        server.url,
        ids.map((id) => `/api/cars/${id}/`),
        { connections: 32, seconds, headers: uncached },
      ),
    )
    log(JSON.stringify(detail))
    await settle(server.url)
    section(`${count} processes: search at concurrency 32 for ${seconds} s`)
    const searchC32 = await cpuMsPerRequest(server.child.pid, () =>
      load(server.url, searchMixPaths(50_000, 7), { connections: 32, seconds }),
    )
    log(JSON.stringify(searchC32))
    results.processes = { count, ssr, detail, searchC32 }
  } finally {
    await server.stop()
  }
}
