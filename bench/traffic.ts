import { cpus } from 'node:os'
import pg from 'pg'
import { benchDatabaseUrl } from './database.ts'
import { type LoadResult, load } from './http.ts'
import { buildMix } from './mix.ts'
import {
  CPU_TICK_MS,
  cpuMsPerRequest,
  cpuTicks,
  processTree,
  type RunningServer,
  settle,
  startHelloServer,
  startProductionServer,
} from './servers.ts'
import { type ChangeCounts, ChangeStream, type PriceVisibility, priceVisibleWithin } from './traffic-changes.ts'
import { type MixLoad, runMixLoad } from './traffic-load.ts'
import { pin, pinGenerator, unpin } from './traffic-pinning.ts'
import { type Target, trafficTargets } from './traffic-report.ts'
import {
  BROWSER_HEADERS,
  createSessionStream,
  describeTraffic,
  Popularity,
  type TrafficKind,
} from './traffic-stream.ts'
import { type BenchUsers, endBenchSessions, prepareBenchUsers } from './traffic-users.ts'

/*
 * `npm run bench -- --only traffic` (issue 39): a benchmark that looks like a market. The production server on the
 * 1,000,000-listing bench database, as one process and as the cluster's two app processes, under a seeded stream of
 * sessions (bench/traffic-stream.ts: car pages of a Zipf popularity over every published listing, catalogue pages,
 * home, the car detail and search APIs; a quarter of the sessions signed in) at 32 connections, with about one
 * change a second alongside (bench/traffic-changes.ts). Beside the mix, in the same run and on the same server: the
 * market's car pages alone (CPU per car page view), one car page as a signed-in visitor, from the guests' cache and
 * rendered every time, React Router's minimum and the bare Fastify route: the ceilings and the issue's target ratios.
 */

const CONNECTIONS = 32

export interface MeasuredMix extends MixLoad {
  /** CPU of the server's process and its children (the app processes) per request, ms. */
  serverCpuMsPerRequest: number
  /** CPU of the PostgreSQL backends serving the bench database per request, ms. */
  postgresCpuMsPerRequest: number
  /** Changes made in the measured window. */
  changes: ChangeCounts
}

export type Measured = LoadResult & { cpuMsPerRequest?: number }

export interface TrafficRun {
  processes: number
  /** What was pinned to which cores (taskset), in words. */
  pinning: string
  mix: MeasuredMix
  /** The same stream's car pages alone (guests and signed in, the same popularity): CPU per car page view. */
  carPages: MeasuredMix
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

export interface TrafficResult {
  description: string
  connections: number
  warmSeconds: number
  seconds: number
  focusSeconds: number
  published: number
  /** The machine's cores (the app, PostgreSQL and the load generator share them). */
  cores: number
  /** Share of car page views that go to the top N cars. */
  head: { top: number; share: number }[]
  users: Omit<BenchUsers, 'cookies'> & { count: number }
  focusCarId: number
  hello: LoadResult
  runs: TrafficRun[]
  targets: Target[]
  notes: string[]
}

export interface TrafficOptions {
  ports: { server: number; hello: number }
  /** App process counts to run the market with (1: one process; 2: APP_PROCESSES=2 with Redis). */
  processes: readonly number[]
  redisUrl: string
  warmSeconds: number
  seconds: number
  /** Length of each focused run (one car page, the ceilings, the car pages alone). */
  focusSeconds: number
  /**
   * Each app process on a core of its own (one process: core 0 alone, its libuv threads too; two: one each), the
   * generator on the last core beside them: how the processes scale when one cannot spill onto the other core.
   */
  pinProcesses?: boolean
  /** Signed-in and returning sessions carry a city cookie (bench/traffic-stream.ts); false: none does. */
  cityCookies?: boolean
  log: (message: string) => void
  section: (title: string) => void
}

const round2 = (n: number) => Math.round(n * 100) / 100

/** Published listing ids, newest publication first. */
async function publishedNewestFirst(client: pg.Client): Promise<Int32Array> {
  const { rows } = await client.query<[string]>({
    text: `select id from listings where status = 'published' order by published_at desc nulls last, id desc`,
    rowMode: 'array',
  })
  return Int32Array.from(rows, (r) => Number(r[0]))
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

/** Sets `env` in this process's environment while `start` spawns the server (startProductionServer passes it on). */
async function withEnv<T>(env: Record<string, string>, start: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]))
  Object.assign(process.env, env)
  try {
    return await start()
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  }
}

/**
 * Every server starts with empty caches, as the one process does: the processes' memory is new, but the pages they
 * share through Redis (decision 034) outlive a run, and the stream is the same in every run, so a second run would
 * find the first one's pages there. The app's own "everything changed" notification (what a bulk insert sends)
 * empties both; answers how long until a guest's page was rendered again (ms).
 */
async function emptyCaches(url: string, client: pg.Client): Promise<number> {
  const home = async () => {
    const res = await fetch(`${url}/`, { headers: BROWSER_HEADERS })
    await res.arrayBuffer()
    return res
  }
  await home()
  const started = performance.now()
  await client.query(`select pg_notify('tulpar_pages', '*')`)
  for (;;) {
    if ((await home()).headers.get('x-cache') !== 'HIT') return Math.round(performance.now() - started)
    if (performance.now() - started > 5_000) throw new Error('the page caches were not emptied within 5 s')
    await new Promise((r) => setTimeout(r, 20))
  }
}

export async function benchTraffic(options: TrafficOptions): Promise<TrafficResult> {
  const { log, section, warmSeconds, seconds, focusSeconds } = options
  const client = new pg.Client({ connectionString: benchDatabaseUrl(), application_name: 'bench-traffic' })
  await client.connect()
  let users: BenchUsers | undefined
  let changes: ChangeStream | undefined
  try {
    section('traffic: the market stream')
    const t0 = performance.now()
    const popularity = new Popularity(await publishedNewestFirst(client))
    const cityIds = new Map(
      options.cityCookies === false
        ? []
        : (await client.query<{ id: number; slug: string }>('select id, slug from cities')).rows.map((c) => [
            c.slug,
            c.id,
          ]),
    )
    const head = [10, 100, 2_000, 10_000, 100_000].map((top) => ({
      top,
      share: round2(popularity.headShare(top) * 100),
    }))
    log(
      `${popularity.size.toLocaleString('en-US')} published listings ranked in ${Math.round(performance.now() - t0)} ms; ` +
        `car page views going to the top cars: ${head.map((h) => `${h.top.toLocaleString('en-US')}: ${h.share}%`).join(', ')}`,
    )
    log(describeTraffic())
    const pool = buildMix()
    changes = await ChangeStream.open(popularity)
    const focusCarId = popularity.at(0)

    section(`traffic: bare Fastify hello, ${CONNECTIONS} connections for ${focusSeconds} s`)
    const helloServer = await startHelloServer(options.ports.hello)
    let hello: LoadResult
    try {
      pinGenerator()
      hello = await load(helloServer.url, ['/hello'], { connections: CONNECTIONS, seconds: focusSeconds })
      log(JSON.stringify(hello))
    } finally {
      unpin()
      await helloServer.stop()
    }

    const runs: TrafficRun[] = []
    for (const processes of options.processes) {
      section(`traffic: the production server as ${processes} app process${processes > 1 ? 'es' : ''}`)
      // One trusted proxy hop: the bench users sign in each from an address of its own (bench/traffic-users.ts).
      const server = await withEnv({ TRUST_PROXY_HOPS: '1' }, () =>
        startProductionServer(benchDatabaseUrl(), options.ports.server, {
          processes,
          ...(processes > 1 && { redisUrl: options.redisUrl }),
        }),
      )
      log(`ready in ${server.readyMs} ms at ${server.url}`)
      try {
        const pinning = pin(server, options.pinProcesses)
        log(`pinned: ${pinning}`)
        if (!users) {
          users = await prepareBenchUsers(server.url, popularity)
          log(
            `${users.cookies.length} bench users signed in in ${users.seconds} s; ${users.favouritesAdded} favourites ` +
              `and ${users.conversationsStarted} conversations added (${users.refused} refused)`,
          )
        }
        log(`caches emptied in ${await emptyCaches(server.url, client)} ms`)
        // Signed-in visitors are browsers that ran a page's scripts: they carry its mark (scripts-cookie.server.ts).
        const browserCookies = users.cookies.map((cookie) => `${cookie}; tulpar_js=1`)
        runs.push(
          await measureRun(server, processes, pinning, browserCookies, popularity, changes, options, pool, cityIds),
        )
      } finally {
        unpin()
        await changes.restore()
        await server.stop()
      }
    }
    const result: TrafficResult = {
      description: describeTraffic(options.cityCookies !== false),
      connections: CONNECTIONS,
      warmSeconds,
      seconds,
      focusSeconds,
      published: popularity.size,
      cores: cpus().length,
      head,
      users: {
        count: users?.cookies.length ?? 0,
        favouritesAdded: users?.favouritesAdded ?? 0,
        conversationsStarted: users?.conversationsStarted ?? 0,
        refused: users?.refused ?? 0,
        seconds: users?.seconds ?? 0,
      },
      focusCarId,
      hello,
      runs,
      targets: [],
      notes: [],
    }
    result.targets = trafficTargets(result)
    return result
  } finally {
    unpin()
    await changes?.restoreAndClose()
    if (users) await endBenchSessions(users.cookies)
    await client.end()
  }
}

async function measureRun(
  server: RunningServer,
  processes: number,
  pinning: string,
  cookies: readonly string[],
  popularity: Popularity,
  changes: ChangeStream,
  options: TrafficOptions,
  pool: ReturnType<typeof buildMix>,
  cityIds: ReadonlyMap<string, number>,
): Promise<TrafficRun> {
  const { log, section, warmSeconds, seconds, focusSeconds } = options
  const pid = server.child.pid ?? 0
  const stats = new pg.Client({ connectionString: benchDatabaseUrl(), application_name: 'bench-traffic-stats' })
  await stats.connect()
  try {
    /** The stream (narrowed to `kinds`) for `warm` + `measured` seconds, with the change stream alongside. */
    const market = async (
      warm: number,
      measured: number,
      kinds?: readonly TrafficKind[],
      during?: () => Promise<void>,
    ): Promise<MeasuredMix> => {
      const nextSession = createSessionStream({
        popularity,
        pool,
        signedInCookies: cookies,
        cityIds,
        ...(kinds && { kinds }),
      })
      let serverPids: number[] = []
      let serverBefore = new Map<number, number>()
      let pgPids: number[] = []
      let pgBefore = new Map<number, number>()
      let changesBefore = changes.made()
      let probe: Promise<void> | undefined
      let pgRead: Promise<void> | undefined
      changes.start()
      try {
        const mix = await runMixLoad(server.url, nextSession, {
          connections: CONNECTIONS,
          warmSeconds: warm,
          seconds: measured,
          onMeasure: () => {
            serverPids = processTree(pid)
            serverBefore = ticksOf(serverPids)
            // The server's pools have opened their connections by now (a few ms late: a few ms of CPU uncounted).
            pgRead = postgresBackends(stats).then((p) => {
              pgPids = p
              pgBefore = ticksOf(p)
            })
            changesBefore = changes.made()
            if (during) probe = new Promise((r) => setTimeout(r, (measured * 1000) / 3)).then(during)
          },
        })
        const serverMs = msSince(serverBefore, serverPids)
        await pgRead
        const pgMs = msSince(pgBefore, pgPids)
        const after = changes.made()
        await probe
        return {
          ...mix,
          serverCpuMsPerRequest: round2(serverMs / Math.max(1, mix.requests)),
          postgresCpuMsPerRequest: round2(pgMs / Math.max(1, mix.requests)),
          changes: {
            priceChanges: after.priceChanges - changesBefore.priceChanges,
            published: after.published - changesBefore.published,
          },
        }
      } finally {
        await changes.stop()
      }
    }
    const settled = async () => log(`settled in ${await settle(server.url)} ms`)

    section(`traffic, ${processes} process(es): the market, ${warmSeconds} s warm-up + ${seconds} s measured`)
    let priceVisible: PriceVisibility = { guestStaleMs: -1, signedInStaleMs: -1, guestSeenMs: -1, signedInSeenMs: -1 }
    const mix = await market(warmSeconds, seconds, undefined, async () => {
      priceVisible = await priceVisibleWithin(server.url, changes, popularity.at(1), cookies[1] ?? cookies[0] ?? '')
    })
    log(summary(mix))
    log(`price change: ${JSON.stringify(priceVisible)}`)
    await settled()

    section(`traffic, ${processes} process(es): the market's car pages alone, ${focusSeconds} s`)
    const carPages = await market(3, focusSeconds, ['car'])
    log(summary(carPages))
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
    const renderedCar = await hammer({ ...BROWSER_HEADERS, cookie: 'bench=uncached' })
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
