import { cpus } from 'node:os'
import pg from 'pg'
import { benchDatabaseUrl, publishedNewestFirst } from './database.ts'
import { type LoadResult, load } from './http.ts'
import { buildMix } from './mix.ts'
import { startHelloServer, startProductionServer } from './servers.ts'
import { round2 } from './table.ts'
import { ChangeStream } from './traffic-changes.ts'
import type { MixWindow } from './traffic-load.ts'
import { CpuQuotas, pin, pinGenerator, unpin } from './traffic-pinning.ts'
import { type Target, trafficTargets } from './traffic-report.ts'
import { measureRun, type TrafficRun } from './traffic-run.ts'
import { BROWSER_HEADERS, describeTraffic, Popularity } from './traffic-stream.ts'
import { type BenchUsers, endBenchSessions, prepareBenchUsers } from './traffic-users.ts'

/*
 * `npm run bench -- --only traffic` (issue 39): a benchmark that looks like a market. The production server on the
 * 1,000,000-listing bench database, as one process and as the cluster's two app processes, under a seeded stream of
 * sessions (bench/traffic-stream.ts: car pages of a Zipf popularity over every published listing, catalogue pages,
 * home, the car detail and search APIs; a quarter of the sessions signed in; each car page followed by its similar
 * cars' follow-up, as its browser asks) at 32 connections, with about one change a second alongside
 * (bench/traffic-changes.ts). Beside the mix, in the same run and on the same server: the market's car pages alone
 * with their follow-ups (CPU per car page view), one car page as a signed-in visitor, from the guests' cache and
 * rendered every time, React Router's minimum and the bare Fastify route: the ceilings and the issue's target ratios.
 */

const CONNECTIONS = 32

export interface TrafficResult {
  description: string
  connections: number
  warmSeconds: number
  seconds: number
  /** The mix's windows when they were by the stream's requests (--traffic-requests), not warmSeconds + seconds. */
  window?: MixWindow
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
  /**
   * The mix's windows by the stream's requests (the same requests on every server, decision 048) instead of
   * warmSeconds + seconds.
   */
  window?: MixWindow
  /** Length of each focused run (one car page, the ceilings, the car pages alone). */
  focusSeconds: number
  /** Profiles of the one-process run's car pages and hammered render written here, compared in the log. */
  profileDir?: string
  /**
   * Each app process on a core of its own (one process: core 0 alone, its libuv threads too; two: one each), the
   * generator on the last core beside them: how the processes scale when one cannot spill onto the other core.
   */
  pinProcesses?: boolean
  /**
   * Each app process held to this share of a core's time (cgroup CPU quota, bench/traffic-pinning.ts): one process
   * and two then get the cores in proportion, with the rest left to PostgreSQL, Redis and the load generator.
   */
  cpuQuota?: number
  /** Signed-in and returning sessions carry a city cookie (bench/traffic-stream.ts); false: none does. */
  cityCookies?: boolean
  /**
   * Each car page is followed by its similar cars' follow-up (bench/traffic-stream.ts; default); false: none is,
   * for a server without GET /api/cars/similar/ (its 404s would count as failures) or to compare with earlier runs.
   */
  followSimilar?: boolean
  log: (message: string) => void
  section: (title: string) => void
}

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
  const followSimilar = options.followSimilar !== false
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
    log(describeTraffic(options.cityCookies !== false, followSimilar))
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
      let quotas: CpuQuotas | undefined
      try {
        if (!users) {
          users = await prepareBenchUsers(server.url, popularity)
          log(
            `${users.cookies.length} bench users signed in in ${users.seconds} s; ${users.favouritesAdded} favourites ` +
              `and ${users.conversationsStarted} conversations added (${users.refused} refused)`,
          )
        }
        // Held to its quota once the users are signed in: their password hashes are the bench's setup, not the run.
        quotas = options.cpuQuota ? CpuQuotas.apply(server, options.cpuQuota) : undefined
        const pinning = [pin(server, options.pinProcesses), quotas?.description].filter(Boolean).join('; ')
        log(`pinned: ${pinning}`)
        log(`caches emptied in ${await emptyCaches(server.url, client)} ms`)
        // Signed-in visitors are browsers that ran a page's scripts: they carry its mark (scripts-cookie.server.ts).
        const browserCookies = users.cookies.map((cookie) => `${cookie}; tulpar_js=1`)
        runs.push(
          await measureRun(
            {
              server,
              processes,
              pinning,
              ...(options.cpuQuota && { cpuQuota: options.cpuQuota }),
              cookies: browserCookies,
              popularity,
              changes,
              pool,
              cityIds,
              followSimilar,
            },
            { ...options, connections: CONNECTIONS },
          ),
        )
      } finally {
        unpin()
        await changes.restore()
        await server.stop()
        quotas?.release()
      }
    }
    const result: TrafficResult = {
      description: describeTraffic(options.cityCookies !== false, followSimilar),
      connections: CONNECTIONS,
      warmSeconds,
      seconds,
      ...(options.window && { window: options.window }),
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
