import { execFileSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { benchAlerts } from './alerts.ts'
import { exitWithUsage, parseCommandLine, wholeNumber } from './cli.ts'
import {
  benchDatabaseUrl,
  describeExisting,
  machineInfo,
  priceChangeSeenWithin,
  recreateAndSeed,
  sampleCarIds,
} from './database.ts'
import { explainMix } from './explain.ts'
import { load, loadGenerator, sequentialLatency } from './http.ts'
import { runLighthouse, startChromium } from './lighthouse.ts'
import { buildMix, describeMix, drawSequence } from './mix.ts'
import { measurePageWeight, warmPageMedia } from './page-weight.ts'
import { type BenchResults, markdownSection, printTable, writePerformanceDoc } from './report.ts'
import { cpuMsPerRequest, rssMb, settle, startHelloServer, startProductionServer } from './servers.ts'
import { measureSitemaps } from './sitemaps.ts'
import { benchStartup } from './startup.ts'

const USAGE = `npm run bench [-- options]   (not part of npm test)

One run: loads N listings into a fresh PostgreSQL database (tulpar_bench on BENCH_DATABASE_URL, default
the local server), builds the web app, starts the production server on that database and measures the
search API (concurrency 1 and 32), the car detail API, the server-rendered car page, a bare Fastify route,
EXPLAIN of every search in the mix, saved-search matching and the daily digest at 100,000 saved searches and
the job queue's throughput, first-load JavaScript and Lighthouse (mobile) of three pages, and the
embedded demo's start-up. Prints a table and adds a dated section to docs/performance.md.

  --listings N      listings to load (default 1000000)
  --skip-seed       reuse the bench database from an earlier run
  --only a,b        run only these parts: seed, explain, alerts, search, detail, ssr, sitemap, hello, weight,
                    lighthouse, processes (the server as two app processes: APP_PROCESSES=2, Redis at
                    BENCH_REDIS_URL, default redis://127.0.0.1:6379), startup
                    (parts other than seed reuse the existing database)
  --skip-build      use the existing apps/web/build
  --c1 N            requests at concurrency 1 (default 3000; stops after --c1-seconds, default 90)
  --seconds S       duration of each load run (default 15)
  --explain-seconds S  time for EXPLAIN ANALYZE; later mix queries are only planned (default 120)
  --no-write        do not touch docs/performance.md

BENCH_PORT=N puts the servers on ports N, N+1 and N+2 (default 3307), to run beside another benchmark.
Load is made by wrk (apt-get install wrk) when it is installed, else by autocannon; BENCH_LOAD=autocannon forces
the latter (bench/http.ts says why the two are not comparable on two cores).
`

const PARTS = [
  'seed',
  'explain',
  'alerts',
  'search',
  'detail',
  'ssr',
  'sitemap',
  'hello',
  'weight',
  'lighthouse',
  'processes',
  'startup',
] as const
type Part = (typeof PARTS)[number]
const SERVER_PARTS: Part[] = ['search', 'detail', 'ssr', 'sitemap', 'weight', 'lighthouse']
/**
 * What browsers send in Accept-Encoding (over HTTPS): Chrome, Edge and Firefox ask for zstd, which the server prefers
 * (apps/api/src/app.ts); Safari asks for brotli at most. Runs before 2026-11-25 18:00 sent `br, gzip`.
 */
const CHROME = { 'accept-encoding': 'gzip, deflate, br, zstd' }
const SAFARI = { 'accept-encoding': 'gzip, deflate, br' }
// 3306 is MySQL's port (a MariaDB listens there on these machines); the embedded server runs after the main one stopped.
// BENCH_PORT moves all of them (base, +1, +2; the embedded demo on the base), so runs can go side by side.
const PORT_BASE = Number(process.env.BENCH_PORT ?? 3307)
if (!Number.isInteger(PORT_BASE) || PORT_BASE < 1024 || PORT_BASE > 65_000) throw new Error('BENCH_PORT must be a port')
const PORTS = { server: PORT_BASE, hello: PORT_BASE + 1, chromium: PORT_BASE + 2, embedded: PORT_BASE }

const values = parseCommandLine(USAGE, {
  options: {
    listings: { type: 'string', default: '1000000' },
    'skip-seed': { type: 'boolean', default: false },
    only: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    c1: { type: 'string', default: '3000' },
    'c1-seconds': { type: 'string', default: '90' },
    seconds: { type: 'string', default: '15' },
    'explain-seconds': { type: 'string', default: '120' },
    'no-write': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})
const only = values.only?.split(',').map((p) => p.trim())
for (const p of only ?? []) {
  if (!(PARTS as readonly string[]).includes(p)) exitWithUsage(USAGE, `--only: unknown part ${p} (${PARTS.join(', ')})`)
}
const parts = new Set<Part>((only as Part[] | undefined) ?? PARTS)
if (values['skip-seed']) parts.delete('seed')
const runs = (p: Part) => parts.has(p)
const seconds = wholeNumber(USAGE, 'seconds', values.seconds)
const listings = wholeNumber(USAGE, 'listings', values.listings)
const c1Requests = wholeNumber(USAGE, 'c1', values.c1)
const c1Seconds = wholeNumber(USAGE, 'c1-seconds', values['c1-seconds'])
const explainSeconds = wholeNumber(USAGE, 'explain-seconds', values['explain-seconds'])

const log = (m: string) => process.stdout.write(`${m}\n`)
const section = (m: string) => log(`\n== ${m}`)
const started = performance.now()
const startedAt = new Date()
const loadStart = loadavg()

const pool = buildMix()
/** `n` searches of the mix in a drawn order (the same order for the same seed). */
const searchMixPaths = (n: number, seed?: number) => drawSequence(pool, n, seed).map((q) => `/api/cars/${q.search}`)
const results: BenchResults = {
  startedAt,
  totalSeconds: 0,
  command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
  machine: await machineInfo(),
  loadAverage: { start: loadStart, end: [] },
  database: { listings: 0, published: 0 },
  mixDescription: describeMix(pool),
  mixQueries: pool.length,
  notes: [],
  loadGenerator: loadGenerator(),
}
if (results.loadGenerator === 'autocannon')
  results.notes.push(
    'Load made by autocannon (wrk is not installed: `apt-get install wrk`): on two cores it takes a core of its own, and figures are not comparable with wrk runs.',
  )

const needsDatabase = [...parts].some((p) => p !== 'startup')
if (runs('seed')) {
  section(`seed: ${listings.toLocaleString('en-US')} listings into a fresh database`)
  results.seed = await recreateAndSeed(listings, log)
  log(`seed: ${results.seed.seconds} s, vacuum analyze ${results.seed.vacuumSeconds} s`)
}
if (needsDatabase) results.database = await describeExisting()

if (runs('explain')) {
  section(`explain: ${pool.length} mix queries`)
  results.explain = await explainMix(benchDatabaseUrl(), pool, {
    analyzeSeconds: explainSeconds,
    progress: log,
  })
  log(`explain: ${results.explain.offenders.length} queries with a sequential scan of listings`)
  for (const o of results.explain.offenders) {
    log(`  SEQ SCAN ${o.search || '(no filter)'} [${o.kind}]`)
    for (const s of o.seqScans) log(`    ${s.plan.split('\n').join('\n    ')}`)
  }
}

if (runs('alerts')) {
  section('saved-search alerts: matching, the daily digest, queue throughput')
  results.alerts = await benchAlerts(benchDatabaseUrl(), { log })
}

if ((SERVER_PARTS.some(runs) || runs('processes')) && !values['skip-build']) {
  section('build')
  const t0 = performance.now()
  execFileSync('npm', ['run', 'build'], { cwd: new URL('..', import.meta.url).pathname, stdio: 'inherit' })
  results.build = { seconds: Math.round((performance.now() - t0) / 100) / 10 }
}
if (SERVER_PARTS.some(runs)) {
  section('production server on the bench database')
  const server = await startProductionServer(benchDatabaseUrl(), PORTS.server)
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
        const chromium = await startChromium(PORTS.chromium)
        try {
          results.lighthouse = []
          for (const p of pages) {
            const scores = await runLighthouse(server.url, p, PORTS.chromium)
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

if (runs('processes')) {
  // Node renders on one core per process: on two cores the car page and the APIs are served by one process per
  // core (decision 023). The same loads as above, on the same database.
  const count = 2
  section(`production server as ${count} app processes (APP_PROCESSES=${count})`)
  const server = await startProductionServer(benchDatabaseUrl(), PORTS.server, {
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

if (runs('hello')) {
  section(`bare Fastify hello: concurrency 32 for ${seconds} s`)
  const hello = await startHelloServer(PORTS.hello)
  try {
    results.hello = await load(hello.url, ['/hello'], { connections: 32, seconds })
    log(JSON.stringify(results.hello))
    if (results.loadGenerator === 'wrk') {
      results.helloAutocannon = await load(hello.url, ['/hello'], { connections: 32, seconds, generator: 'autocannon' })
      log(`autocannon: ${JSON.stringify(results.helloAutocannon)}`)
    }
  } finally {
    await hello.stop()
  }
}

if (runs('startup')) {
  section('embedded demo start-up (PGlite)')
  results.startup = await benchStartup({ port: PORTS.embedded, log })
}

results.totalSeconds = (performance.now() - started) / 1000
results.loadAverage.end = loadavg()
if (results.loadAverage.start[0] !== undefined && results.loadAverage.start[0] > results.machine.cpus) {
  results.notes.push(
    `The machine was busy with other work (load average ${results.loadAverage.start[0].toFixed(1)} on ${results.machine.cpus} cores at the start): throughput and latency are lower bounds.`,
  )
}
if (results.searchC32 || results.detail || results.ssr || results.hello) {
  results.notes.push(
    `${results.loadGenerator ?? 'autocannon'}, the server and PostgreSQL share the same cores; each HTTP run cycles through its URL list.`,
  )
}

section(`results (${Math.round(results.totalSeconds)} s)`)
log(printTable(results))
if (!values['no-write']) {
  const doc = new URL('../docs/performance.md', import.meta.url).pathname
  writePerformanceDoc(doc, markdownSection(results))
  log(`\nwritten to ${doc}`)
}
