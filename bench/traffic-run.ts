import pg from 'pg'
import { benchDatabaseUrl } from './database.ts'
import { type LoadResult, load } from './http.ts'
import { openProfiler, type Profiled, type Profiler, profileWhile } from './inspector.ts'
import type { buildMix } from './mix.ts'
import { type CacheCounters, countersSince, type JobRuns, jobsBegun, pageCacheCounters } from './server-metrics.ts'
import { CPU_TICK_MS, cpuMsPerRequest, cpuTicks, processTree, type RunningServer, rssMb, settle } from './servers.ts'
import { round2 } from './table.ts'
import { type ChangeCounts, type ChangeStream, type PriceVisibility, priceVisibleWithin } from './traffic-changes.ts'
import { describeWindow, type MixLoad, type MixWindow, runMixLoad } from './traffic-load.ts'
import { logProfiles } from './traffic-profile.ts'
import {
  BROWSER_HEADERS,
  createSessionStream,
  type DrawnKind,
  type Popularity,
  TRAFFIC_SEED,
} from './traffic-stream.ts'

/*
 * One run of the market benchmark (bench/traffic.ts) on a started server, and what it measures: throughput, latency
 * and cache hits per kind from the load, the server's and PostgreSQL's CPU per request from /proc.
 */

export interface MeasuredMix extends MixLoad {
  /** CPU of the server's process and its children (the app processes) in the window, ms. */
  serverCpuMs: number
  /** CPU of the server's process and its children (the app processes) per request, ms. */
  serverCpuMsPerRequest: number
  /** CPU of the PostgreSQL backends serving the bench database in the window, ms. */
  postgresCpuMs: number
  /** CPU of the PostgreSQL backends serving the bench database per request, ms. */
  postgresCpuMsPerRequest: number
  /** Changes made in the measured window. */
  changes: ChangeCounts
  /** Resident memory of the server's processes at the window's end, MB (the page cache's pages among it). */
  serverRssMb: number
  /** When the measured window opened (ISO): the scheduled jobs run at fixed minutes of the hour. */
  openedAt?: string
  /** The page cache's purges and evictions in the window, all app processes (null: metrics not read). */
  pageCache?: CacheCounters | null
  /** The jobs the server's workers began from JOBS_BEFORE_MS before the window to its end (null: not read). */
  jobs?: JobRuns[] | null
}

/** How long before a window the jobs begun are reported: an hourly run's purges and notices reach into it. */
const JOBS_BEFORE_MS = 15 * 60_000

/**
 * The market's car pages alone, each followed by its similar cars' follow-up (unless the run was told not to): the
 * CPU of a car page view is the page's and its follow-up's, divided by the car page views, not by the requests.
 */
export interface MeasuredCarPages extends MeasuredMix {
  carViews: number
  serverCpuMsPerCarView: number
  postgresCpuMsPerCarView: number
}

export type Measured = LoadResult & { cpuMsPerRequest?: number }

export interface TrafficRun {
  processes: number
  /** What was pinned to which cores (taskset), and any CPU quota, in words. */
  pinning: string
  /** Each app process's CPU quota, in cores (--traffic-cpu-quota); absent: none. */
  cpuQuota?: number
  mix: MeasuredMix
  /**
   * The same stream's car pages alone (guests and signed in, the same popularity), each with its similar cars'
   * follow-up: CPU per car page view.
   */
  carPages: MeasuredCarPages
  /** A price change under the mix, until a guest (cached copy) and a signed-in visitor see it. */
  priceVisible: PriceVisibility
  /** One car page (the most popular) as a signed-in visitor, hammered. */
  signedInCar: Measured
  /** The same page for guests, from the page cache. */
  guestCachedCar: Measured
  /** The same page rendered every time (an unknown cookie skips the cache, as the ssr part does). */
  renderedCar: Measured
  /** React Router without rendering (GET /locale, a loader's redirect). */
  routerMinimal: Measured
}

/** The PostgreSQL backends of the bench database's clients (the server's pools), but the change stream's. */
async function postgresBackends(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'
       and application_name <> 'bench-traffic-changes' and pid <> pg_backend_pid()`,
  )
  return rows.map((r) => r.pid)
}

/** CPU ticks of processes, read now. */
const ticksOf = (pids: readonly number[]) => new Map(pids.map((p) => [p, cpuTicks(p)]))
const msSince = (before: Map<number, number>, pids: readonly number[]) =>
  pids.reduce((sum, p) => sum + cpuTicks(p) - (before.get(p) ?? 0), 0) * CPU_TICK_MS

/** What one run of the market is made of: the server as started, and the stream's parts shared by every run. */
export interface MarketRig {
  server: RunningServer
  processes: number
  /** What was pinned to which cores, and any CPU quota, in words. */
  pinning: string
  /** Each app process's CPU quota, in cores; absent: none. */
  cpuQuota?: number
  /** The signed-in bench users' cookies (with the scripts' mark). */
  cookies: readonly string[]
  popularity: Popularity
  changes: ChangeStream
  pool: ReturnType<typeof buildMix>
  /** The cities' ids by slug, for the sessions' city cookies (empty: none carries one). */
  cityIds: ReadonlyMap<string, number>
  /** Each car page is followed by its similar cars' follow-up (bench/traffic-stream.ts). */
  followSimilar: boolean
}

export interface RunOptions {
  connections: number
  warmSeconds: number
  seconds: number
  /** The mix's windows by the stream's requests instead of by time (warmSeconds and seconds then unused). */
  window?: MixWindow
  focusSeconds: number
  /**
   * Profile the one-process server's main thread in the car pages' run and in the hammered render, write both
   * (.cpuprofile) here and log their functions side by side, per car view and per render (--traffic-profile).
   */
  profileDir?: string
  log: (message: string) => void
  section: (title: string) => void
}

/** The car pages' run's stream: the mix's popularity, seeded apart from the mix. */
const CAR_PAGES_SEED = TRAFFIC_SEED + 1_001

/**
 * One run of the market on a started server (bench/traffic.ts starts one per process count): the mix with a price
 * change probed in it, the car pages alone (each with its similar cars' follow-up), one car page as a signed-in
 * visitor, from the guests' cache and rendered every time, and React Router's minimum.
 */
export async function measureRun(rig: MarketRig, options: RunOptions): Promise<TrafficRun> {
  const { server, processes, pinning, cpuQuota, cookies, popularity, changes, pool, cityIds, followSimilar } = rig
  const { log, section, warmSeconds, seconds, focusSeconds, connections: CONNECTIONS } = options
  const pid = server.child.pid ?? 0
  const stats = new pg.Client({ connectionString: benchDatabaseUrl(), application_name: 'bench-traffic-stats' })
  await stats.connect()
  try {
    /**
     * The stream (narrowed to `kinds`) for the window's warm-up and measured part, with the change stream
     * alongside. `seed` other than the mix's draws sessions of their own rather than the mix's first ones again.
     */
    const market = async (
      window: MixWindow,
      {
        kinds,
        during,
        seed,
        profiler,
      }: { kinds?: readonly DrawnKind[]; during?: () => Promise<void>; seed?: number; profiler?: Profiler } = {},
    ): Promise<MeasuredMix> => {
      const nextSession = createSessionStream({
        popularity,
        pool,
        signedInCookies: cookies,
        cityIds,
        followSimilar,
        ...(kinds && { kinds }),
        ...(seed !== undefined && { seed }),
      })
      let serverPids: number[] = []
      let serverBefore = new Map<number, number>()
      let pgPids: number[] = []
      let pgBefore = new Map<number, number>()
      let changesBefore = changes.made()
      let probe: Promise<void> | undefined
      let pgRead: Promise<void> | undefined
      let openedAt = new Date()
      let cacheBefore: Promise<CacheCounters | null> = Promise.resolve(null)
      let profiling: Promise<void> | undefined
      changes.start()
      try {
        const mix = await runMixLoad(server.url, nextSession, {
          connections: CONNECTIONS,
          window,
          onMeasure: () => {
            serverPids = processTree(pid)
            serverBefore = ticksOf(serverPids)
            // The server's pools have opened their connections by now (a few ms late: a few ms of CPU uncounted).
            pgRead = postgresBackends(stats).then((p) => {
              pgPids = p
              pgBefore = ticksOf(p)
            })
            changesBefore = changes.made()
            openedAt = new Date()
            cacheBefore = pageCacheCounters(server)
            profiling = profiler?.start()
            // Thrown where it is awaited, after the load: handled now so that its rejection meanwhile is not fatal.
            profiling?.catch(() => {})
          },
          onThird: () => {
            if (during) probe = during()
          },
        })
        const serverMs = msSince(serverBefore, serverPids)
        await profiling
        const rss = (await Promise.all(serverPids.map((p) => rssMb(p).catch(() => 0)))).reduce((a, b) => a + b, 0)
        await pgRead
        const pgMs = msSince(pgBefore, pgPids)
        const after = changes.made()
        await probe
        const pageCache = countersSince(await cacheBefore, await pageCacheCounters(server))
        const jobs = await jobsBegun(stats, new Date(openedAt.getTime() - JOBS_BEFORE_MS), new Date())
        return {
          ...mix,
          serverCpuMs: round2(serverMs),
          serverCpuMsPerRequest: round2(serverMs / Math.max(1, mix.requests)),
          postgresCpuMs: round2(pgMs),
          postgresCpuMsPerRequest: round2(pgMs / Math.max(1, mix.requests)),
          changes: {
            priceChanges: after.priceChanges - changesBefore.priceChanges,
            published: after.published - changesBefore.published,
          },
          serverRssMb: rss,
          openedAt: openedAt.toISOString(),
          pageCache,
          jobs,
        }
      } finally {
        await changes.stop()
      }
    }
    const settled = async () => log(`settled in ${await settle(server.url)} ms`)

    const mixWindow = options.window ?? { warmSeconds, seconds }
    section(`traffic, ${processes} process(es): the market, ${describeWindow(mixWindow)}`)
    let priceVisible: PriceVisibility = { guestStaleMs: -1, signedInStaleMs: -1, guestSeenMs: -1, signedInSeenMs: -1 }
    const mix = await market(mixWindow, {
      during: async () => {
        priceVisible = await priceVisibleWithin(server.url, changes, popularity.at(1), cookies[1] ?? cookies[0] ?? '')
      },
    })
    log(summary(mix))
    log(`price change: ${JSON.stringify(priceVisible)}`)
    await settled()

    section(
      `traffic, ${processes} process(es): the market's car pages alone` +
        `${followSimilar ? ", each with its similar cars' follow-up" : ''}, ${focusSeconds} s`,
    )
    // Sessions of their own: the mix's seed would draw from the rng's start again, the cars of the mix's first
    // sessions among them, whose pages the warm-up kept (or, after a warm-up longer than a page's life, let expire)
    // rather than cars as the market draws them by now.
    // The profiles (--traffic-profile) are of one process's main thread: with two, the app processes are children.
    const profileDir = processes === 1 ? options.profileDir : undefined
    const profiler = profileDir ? await openProfiler(pid) : undefined
    let carPages: MeasuredCarPages
    let carPagesProfile: Profiled | undefined
    try {
      carPages = perCarView(
        await market({ warmSeconds: 3, seconds: focusSeconds }, { kinds: ['car'], seed: CAR_PAGES_SEED, profiler }),
      )
      carPagesProfile = await profiler?.stop()
    } finally {
      await profiler?.close()
    }
    log(summary(carPages))
    log(
      `per car page view (${carPages.carViews}${followSimilar ? ', its follow-up included' : ''}): server ` +
        `${carPages.serverCpuMsPerCarView} ms CPU, PostgreSQL ${carPages.postgresCpuMsPerCarView}`,
    )
    await settled()

    // The focused runs go without the change stream: a purge of the one page would mix a render into the hits.
    const page = [`/cars/${popularity.at(0)}`]
    const hammer = (headers: Record<string, string>) =>
      cpuMsPerRequest(pid, () => load(server.url, page, { connections: CONNECTIONS, seconds: focusSeconds, headers }))
    section(`traffic, ${processes} process(es): one car page as a signed-in visitor, ${focusSeconds} s`)
    const signedInCar = await hammer({ ...BROWSER_HEADERS, cookie: cookies[0] ?? '' })
    log(JSON.stringify(signedInCar))
    await settled()
    section(`traffic, ${processes} process(es): the same car page for guests (page cache), ${focusSeconds} s`)
    for (let i = 0; i < processes * 4; i++)
      await (await fetch(`${server.url}${page[0]}`, { headers: BROWSER_HEADERS })).arrayBuffer()
    const guestCachedCar = await hammer({ ...BROWSER_HEADERS })
    log(JSON.stringify(guestCachedCar))
    await settled()
    section(`traffic, ${processes} process(es): the same car page rendered every time, ${focusSeconds} s`)
    const renderOnce = () => hammer({ ...BROWSER_HEADERS, cookie: 'bench=uncached' })
    let renderedCar: Measured
    if (profileDir && carPagesProfile) {
      const { result, ...renderProfile } = await profileWhile(pid, renderOnce)
      renderedCar = result
      logProfiles(profileDir, { carPages, carPagesProfile, renderedCar, renderProfile }, log)
    } else renderedCar = await renderOnce()
    log(JSON.stringify(renderedCar))
    await settled()
    section(`traffic, ${processes} process(es): React Router's minimum (GET /locale), ${focusSeconds} s`)
    const routerMinimal = await cpuMsPerRequest(pid, () =>
      load(server.url, ['/locale'], { connections: CONNECTIONS, seconds: focusSeconds }),
    )
    log(JSON.stringify(routerMinimal))
    return {
      processes,
      pinning,
      ...(cpuQuota && { cpuQuota }),
      mix,
      carPages,
      priceVisible,
      signedInCar,
      guestCachedCar,
      renderedCar,
      routerMinimal,
    }
  } finally {
    await stats.end()
  }
}

/**
 * The car pages' run with its CPU per car page view: the window's CPU (the follow-ups' too) divided by the car pages
 * asked in it. A page at the window's end whose follow-up was cut off, or a follow-up at its start whose page was
 * sent before, tips it by one request's CPU out of thousands.
 */
function perCarView(m: MeasuredMix): MeasuredCarPages {
  const carViews = m.kinds.find((k) => k.kind === 'car')?.requests ?? 0
  return {
    ...m,
    carViews,
    serverCpuMsPerCarView: round2(m.serverCpuMs / Math.max(1, carViews)),
    postgresCpuMsPerCarView: round2(m.postgresCpuMs / Math.max(1, carViews)),
  }
}

function summary(m: MeasuredMix): string {
  const kinds = m.kinds
    .map((k) => `${k.kind} ${k.rps} req/s p50 ${k.p50} p99 ${k.p99} ms hit ${k.cache.hit}/${k.requests}`)
    .join('; ')
  return (
    `${m.rps} req/s (${m.requests} requests, ${m.errors} errors, ${m.non2xx} non-2xx), server ${m.serverCpuMsPerRequest} ` +
    `ms CPU/request, PostgreSQL ${m.postgresCpuMsPerRequest}, generator ${m.generator.corePercent}% of a core; ` +
    `changes ${m.changes.priceChanges} prices + ${m.changes.published} published.\n  ${kinds}` +
    (m.failures.length > 0 ? `\n  failures: ${m.failures.join(', ')}` : '')
  )
}
