import { execFileSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { benchAlerts } from './alerts.ts'
import { staleBuild } from './build-age.ts'
import { exitWithUsage, parseCommandLine, wholeNumber } from './cli.ts'
import { benchDatabaseUrl, describeExisting, ensureAutovacuum, machineInfo, recreateAndSeed } from './database.ts'
import { explainMix } from './explain.ts'
import { benchFeeds } from './feeds.ts'
import { load, loadGenerator } from './http.ts'
import { buildMix, describeMix, drawSequence } from './mix.ts'
import { markdownSection, printTable } from './report.ts'
import { type BenchResults, writeResultFiles } from './results.ts'
import { measureProcesses, measureServer, SERVER_PARTS, type ServerRun } from './run-server.ts'
import { startHelloServer } from './servers.ts'
import { benchStartup } from './startup.ts'
import { benchTraffic } from './traffic.ts'
import { trafficMarkdown } from './traffic-report.ts'

const USAGE = `npm run bench [-- options]   (not part of npm test)

One run: loads N listings into a fresh PostgreSQL database (tulpar_bench on BENCH_DATABASE_URL, default
the local server), builds the web app, starts the production server on that database and measures the
search API (concurrency 1 and 32), the car detail API, the server-rendered car page, a bare Fastify route,
EXPLAIN of every search in the mix, saved-search matching and the daily digest at 100,000 saved searches and
the job queue's throughput, first-load JavaScript and Lighthouse (mobile) of three pages, and the
embedded demo's start-up. Prints a table and writes the run to bench/results/: the results as JSON and the
table as markdown, named by the run's start and the machine (bench/results/README.md).

  --listings N      listings to load (default 1000000)
  --skip-seed       reuse the bench database from an earlier run
  --only a,b        run only these parts: seed, explain, alerts, search, detail, ssr, sitemap, hello, weight,
                    lighthouse, processes (the server as two app processes: APP_PROCESSES=2, Redis at
                    BENCH_REDIS_URL, default redis://127.0.0.1:6379), startup
                    (parts other than seed reuse the existing database), feeds (issue 38: a 10,000-car CSV and
                    XML feed's dry run, in a small database of its own, <bench db>_feeds), traffic (issue 39: a
                    market: car pages of a Zipf popularity, catalogue, home and the APIs, a quarter of the sessions
                    signed in, a change a second, at 32 connections; on one process and on two; docs/performance.md)
  --skip-build      use the existing apps/web/build
  --c1 N            requests at concurrency 1 (default 3000; stops after --c1-seconds, default 90)
  --seconds S       duration of each load run (default 15)
  --explain-seconds S  time for EXPLAIN ANALYZE; later mix queries are only planned (default 120)
  --no-write        write no files (print the table only)
  --traffic-seconds S       traffic: the market's measured time on each server (default 30)
  --traffic-warm-seconds S  traffic: the market's warm-up before it (default 20); other traffic runs take --seconds
  --traffic-processes a,b   traffic: app process counts to run it with (default 1,2); 1,2,1,2 takes them in turn
                            (the cluster's figure: each count's median, against the machine's drift)
  --traffic-requests N      traffic: the market measured on the stream's next N requests instead of for a time
  --traffic-warm-requests N traffic: with --traffic-requests, the warm-up's requests (default 0): every server is
                            then measured on the same requests, however fast (decision 048)
  --traffic-pin-processes   traffic: each app process on a core of its own (one process cannot use the second core)
  --traffic-cpu-quota C     traffic: each app process held to C of a core's time (cgroup CPU quota, e.g. 0.6): one
                            process and two get the cores in proportion, the rest left to PostgreSQL and the generator
  --traffic-no-city         traffic: no session carries a city cookie (as every run before 2026-11-27's fourth session)
  --traffic-no-follow-similar  traffic: no car page is followed by its similar cars' GET /api/cars/similar/ (as every
                            run before decision 045 was built; for a server without that route)
  --traffic-profile DIR     traffic: profile the one-process server in its car pages' run and its hammered render
                            (the inspector, SIGUSR1), write both to DIR and log their functions side by side

BENCH_PORT=N puts the servers on ports N, N+1 and N+2 (default 3307), to run beside another benchmark;
BENCH_DB_NAME names the bench database (default tulpar_bench).
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
  'feeds',
  'traffic',
] as const
type Part = (typeof PARTS)[number]
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
    'traffic-seconds': { type: 'string', default: '30' },
    'traffic-warm-seconds': { type: 'string', default: '20' },
    'traffic-processes': { type: 'string', default: '1,2' },
    'traffic-pin-processes': { type: 'boolean', default: false },
    'traffic-cpu-quota': { type: 'string' },
    'traffic-requests': { type: 'string' },
    'traffic-warm-requests': { type: 'string', default: '0' },
    'traffic-no-city': { type: 'boolean', default: false },
    'traffic-no-follow-similar': { type: 'boolean', default: false },
    'traffic-profile': { type: 'string' },
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
const trafficSeconds = wholeNumber(USAGE, 'traffic-seconds', values['traffic-seconds'])
const trafficWarmSeconds = wholeNumber(USAGE, 'traffic-warm-seconds', values['traffic-warm-seconds'], 0)
const trafficProcesses = values['traffic-processes'].split(',').map((n) => wholeNumber(USAGE, 'traffic-processes', n))
const trafficWindow =
  values['traffic-requests'] === undefined
    ? undefined
    : {
        warmRequests: wholeNumber(USAGE, 'traffic-warm-requests', values['traffic-warm-requests'], 0),
        requests: wholeNumber(USAGE, 'traffic-requests', values['traffic-requests']),
      }
const cpuQuotaText = values['traffic-cpu-quota']
const trafficCpuQuota = cpuQuotaText === undefined ? undefined : Number(cpuQuotaText)
if (
  trafficCpuQuota !== undefined &&
  !(/^[0-9.]+$/.test(cpuQuotaText ?? '') && trafficCpuQuota >= 0.05 && trafficCpuQuota <= 64)
)
  exitWithUsage(USAGE, `--traffic-cpu-quota must be a share of a core from 0.05, not ${JSON.stringify(cpuQuotaText)}`)

/** The commit the sources are at, `-dirty` with changes not committed; `unknown` outside a git checkout. */
function codeVersion(): string {
  try {
    return execFileSync('git', ['describe', '--always', '--dirty'], { encoding: 'utf8', timeout: 10_000 }).trim()
  } catch {
    return 'unknown'
  }
}

const log = (m: string) => process.stdout.write(`${m}\n`)
const section = (m: string) => log(`\n== ${m}`)
const started = performance.now()
const startedAt = new Date()
const loadStart = loadavg()

// On as in production for the run (a run that fails midway leaves it on, PostgreSQL's own default).
const restoreAutovacuum = await ensureAutovacuum(log)
const pool = buildMix()
/** `n` searches of the mix in a drawn order (the same order for the same seed). */
const searchMixPaths = (n: number, seed?: number) => drawSequence(pool, n, seed).map((q) => `/api/cars/${q.search}`)
const results: BenchResults = {
  startedAt,
  totalSeconds: 0,
  command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
  code: codeVersion(),
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

const needsDatabase = [...parts].some((p) => p !== 'startup' && p !== 'feeds')
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

const servesPages = SERVER_PARTS.some(runs) || runs('processes') || runs('traffic')
if (servesPages && values['skip-build']) {
  const stale = staleBuild()
  if (stale) {
    results.notes.push(`The web build is older than its sources (${stale} is newer): this run measured an older build.`)
    log(`WARNING: apps/web/build is older than ${stale}: the pages measured are not the sources' (drop --skip-build)`)
  }
}
if (servesPages && !values['skip-build']) {
  section('build')
  const t0 = performance.now()
  execFileSync('npm', ['run', 'build'], { cwd: new URL('..', import.meta.url).pathname, stdio: 'inherit' })
  results.build = { seconds: Math.round((performance.now() - t0) / 100) / 10 }
}
const serverRun: ServerRun = {
  results,
  runs,
  pool,
  searchMixPaths,
  seconds,
  c1Requests,
  c1Seconds,
  ports: PORTS,
  log,
  section,
}
if (SERVER_PARTS.some(runs)) await measureServer(serverRun)
if (runs('processes')) await measureProcesses(serverRun)
if (runs('traffic')) {
  results.traffic = await benchTraffic({
    ports: PORTS,
    processes: trafficProcesses,
    pinProcesses: values['traffic-pin-processes'],
    ...(trafficCpuQuota !== undefined && { cpuQuota: trafficCpuQuota }),
    ...(trafficWindow && { window: trafficWindow }),
    cityCookies: !values['traffic-no-city'],
    followSimilar: !values['traffic-no-follow-similar'],
    ...(values['traffic-profile'] && { profileDir: values['traffic-profile'] }),
    redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    warmSeconds: trafficWarmSeconds,
    seconds: trafficSeconds,
    focusSeconds: seconds,
    log,
    section,
  })
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

if (runs('feeds')) {
  section('dealer feeds: the dry run of a 10,000-car CSV and XML feed, its import and re-import')
  results.feeds = await benchFeeds({ log })
}

results.totalSeconds = (performance.now() - started) / 1000
results.loadAverage.end = loadavg()
if (results.loadAverage.start[0] !== undefined && results.loadAverage.start[0] > results.machine.cpus) {
  results.notes.push(
    `The machine was busy with other work (load average ${results.loadAverage.start[0].toFixed(1)} on ${results.machine.cpus} cores at the start): throughput and latency are lower bounds.`,
  )
}
// The servers inherit the environment: a page cache sized by it changes what the market's windows measure.
if (process.env.PAGE_CACHE_MB)
  results.notes.push(`The servers ran with PAGE_CACHE_MB=${process.env.PAGE_CACHE_MB} (from the environment).`)
if (results.searchC32 || results.detail || results.ssr || results.hello) {
  results.notes.push(
    `${results.loadGenerator ?? 'autocannon'}, the server and PostgreSQL share the same cores; each HTTP run cycles through its URL list.`,
  )
}

section(`results (${Math.round(results.totalSeconds)} s)`)
log(printTable(results))
const trafficReport = results.traffic ? `\n${trafficMarkdown(results.traffic)}` : ''
if (trafficReport) log(trafficReport)
if (!values['no-write']) {
  const written = writeResultFiles(results, markdownSection(results) + trafficReport)
  log(`\nwritten to ${written.json} and ${written.markdown}`)
}
await restoreAutovacuum?.()
