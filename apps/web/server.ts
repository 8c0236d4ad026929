import cluster from 'node:cluster'
import { pathToFileURL } from 'node:url'
import {
  buildApi,
  createLogger,
  listenPageChanges,
  listenUntilSignalled,
  listenViewerChanges,
  loadConfig,
  observePageCache,
  type Runtime,
  startRuntime,
} from '@tulpar/api'
import type { FastifyRequest } from 'fastify'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import { pagePolicyContext, requestInfoContext, servicesContext, viewerContext } from '#app-context'
import { cityChoiceFromCookie } from './app/features/city/index.ts'
import { viewerFacts, viewerPart } from './app/features/layout/personal-layout.server.ts'
import { type MemberPages, registerMemberPages } from './app/lib/page-cache/member-pages.server.ts'
import { cachedPageDoor, pagePolicyOf, purgePages, registerPageCache } from './app/lib/page-cache/page-cache.server.ts'
import { logPageCacheActivity } from './app/lib/page-cache/page-cache-activity.server.ts'
import { PageCache } from './app/lib/page-cache/page-store.server.ts'
import { openSharedPageStore } from './app/lib/page-cache/shared-page-store.server.ts'
import { newCspNonce } from './app/lib/security/kept-page-nonce.server.ts'
import { machineHeapLimitMb, superviseAppProcesses } from './app-processes.ts'
import { pageRouteLabel } from './metrics-routes.ts'
import { pageRouteOptions } from './page-limits.ts'
import { registerReactRouter } from './react-router-plugin.ts'

declare global {
  // One runtime (database handle) per process, also across dev rebuilds of the Fastify app.
  var __tulparRuntime: Promise<Runtime> | undefined
}

/**
 * The production entry and the dev server factory: Fastify serves the REST API under /api, media under
 * /media, and the React Router app (server-rendered) for every other path.
 */
export async function createServer(vite?: ViteDevServer) {
  return (await createTulparServer(vite)).app
}

async function createTulparServer(vite?: ViteDevServer) {
  const config = loadConfig()
  const logger = createLogger({ level: config.logLevel, readable: process.stdout.isTTY === true })
  // The pages' server build is loaded while the database starts (the embedded one is prepared in a child process
  // meanwhile, and this process waits for it): about 0.6 s of loading that otherwise came after it.
  const serverBuildPath = new URL('./build/server/index.js', import.meta.url).pathname
  const serverBuild: Promise<ServerBuild> | null = vite ? null : import(pathToFileURL(serverBuildPath).href)
  // Awaited below; a failure meanwhile is reported there.
  serverBuild?.catch(() => {})
  globalThis.__tulparRuntime ??= startRuntime(config, logger)
  // With Redis, guests' pages are shared by the processes too (decision 034), named by the code (read meanwhile) and
  // the database they show (another one sharing the Redis, or this one made again, never reads them).
  const sharedPages =
    !vite && config.pageCacheBytes > 0 && config.pageCacheRedisUrl
      ? openSharedPageStore(
          config.pageCacheRedisUrl,
          new URL('../..', import.meta.url).pathname,
          logger,
          globalThis.__tulparRuntime.then((r) => databaseIdentity(r.database)),
        )
      : null
  if (sharedPages && config.pageCacheRedisUrl === config.redisUrl)
    // Pages fill the Redis they are in: bounded with LRU it may evict the rate limits' counters, unbounded it grows.
    logger.warn(
      {},
      "shared page cache: pages share the rate limits' Redis (REDIS_URL); set PAGE_CACHE_REDIS_URL to a Redis of their own",
    )
  const runtime = await globalThis.__tulparRuntime
  // Guests' pages from memory, purged in every process by what changed (page-cache.ts, decision 019). Not in the dev
  // server: a rebuilt route must show at once. Hits are answered before Fastify parses the request.
  // Pages seen once take a quarter of it until their second view (decision 039).
  const pageCache =
    !vite && config.pageCacheBytes > 0
      ? new PageCache(Math.floor(config.pageCacheBytes * 0.75), Date.now, {
          firstViewBytes: Math.floor(config.pageCacheBytes * 0.25),
        })
      : null
  // Pages are labelled by their React Router path once the build is loaded (metrics-routes.ts).
  let labelPage: ((request: FastifyRequest) => string | undefined) | null = null
  const guestDoor = pageCache && cachedPageDoor(pageCache)
  let memberDoor: MemberPages['door'] | null = null
  const app = await buildApi({
    config,
    database: runtime.database,
    services: runtime.services,
    limiter: runtime.limiter,
    logger,
    // Hits are answered before Fastify: guests' pages, and signed-in visitors' car pages once known (decision 037).
    ...(guestDoor && {
      frontDoor: (request, response) => guestDoor(request, response) || !!memberDoor?.(request, response),
    }),
    // Prometheus metrics on this process's own port behind METRICS_TOKEN (docs/operations.md, "Metrics"); not in the
    // dev server, which rebuilds the app on every change.
    metrics:
      !vite && config.metrics
        ? { ...config.metrics, jobs: runtime.jobs, routeLabel: (request) => labelPage?.(request) }
        : null,
  })

  if (pageCache) {
    const shared = await sharedPages
    registerPageCache(app, pageCache, { shared })
    // Signed-in visitors' car pages from the guests' copy, with their own part added (decision 035).
    const { services } = runtime
    const memberPages = registerMemberPages(app, pageCache, {
      async member(cookie) {
        const session = await services.sessions.signedIn(new Headers({ cookie }))
        if (!session) return null
        const facts = await viewerFacts(services, session.user)
        return {
          userId: session.user.id,
          expiresAt: session.expiresAt.getTime(),
          part: (sent) => viewerPart(facts, cityChoiceFromCookie(sent)),
        }
      },
      owns: async (userId, listingId) => (await services.selling.ownListingStats({ id: userId }, listingId)) !== null,
    })
    memberDoor = memberPages.door
    // Who a signed-in visitor is and their part are kept a few seconds, dropped at once when they change (decision 037).
    const stopViewers = await listenViewerChanges(runtime.database, memberPages.forget, app.log)
    // With a read replica, a guest's request right after a purge may render from the replica before the change has
    // reached it, and that page would be kept: the same tags are purged again once the replica has caught up (it
    // is skipped while more than a couple of seconds behind, decision 020).
    const lagMs = config.databaseReplicaUrl ? 1500 : 0
    const purgeHere = purgePages(pageCache, shared)
    const purge = (tags: string[]) => {
      void purgeHere(tags)
      if (lagMs > 0) setTimeout(() => void purgeHere(tags), lagMs).unref()
    }
    const stop = await listenPageChanges(runtime.database, purge, app.log)
    const stopActivityLog = logPageCacheActivity(pageCache, app.log)
    const stopMetrics = observePageCache(() => {
      const s = pageCache.stats()
      const members = memberPages.stats()
      return {
        ...s,
        purgedPages: s.purged,
        memberShared: members.shared,
        memberRendered: members.rendered,
        viewers: members.viewers,
      }
    })
    app.addHook('onClose', async () => {
      stopActivityLog()
      stopMetrics()
      await stop()
      await stopViewers()
      await shared?.close()
    })
  }

  const build = vite ?? (await (serverBuild as Promise<ServerBuild>))
  if (!vite) labelPage = pageRouteLabel(build as ServerBuild)
  await registerReactRouter(app, {
    // In production the build is loaded once: given only its path, React Router would re-import the build and
    // re-rank every route on each request (about 8% of a car page's server time, docs/performance.md).
    build,
    clientBuildDirectory: new URL('./build/client', import.meta.url).pathname,
    // Pages and form posts: bodies bounded like the API's, missing static files a small 404 (page-limits.ts).
    routeOptions: pageRouteOptions(),
    getLoadContext(request) {
      const context = new RouterContextProvider()
      context.set(servicesContext, runtime.services)
      context.set(pagePolicyContext, pagePolicyOf(request))
      context.set(viewerContext, { lookup: null })
      context.set(requestInfoContext, {
        publicUrl: config.publicUrl,
        requestId: request.id,
        clientIp: request.ip,
        // The page's inline scripts carry it; its Content-Security-Policy allows only them (entry.server.tsx). A kept
        // guest page gets a new one in each answer (page-cache.ts).
        cspNonce: newCspNonce(),
      })
      return context
    },
  })
  return { app, config, runtime, pageCache }
}

/** The database's cluster and its own number there: a database dropped and made again gets another. */
async function databaseIdentity(database: Runtime['database']): Promise<string> {
  const sql = `select (select system_identifier::text from pg_control_system()) || ':' || d.oid::text as id
    from pg_database d where d.datname = current_database()`
  const result = database.pool ? await database.pool.query(sql) : await database.pglite?.query(sql)
  const id = (result?.rows[0] as { id?: unknown } | undefined)?.id
  if (typeof id !== 'string') throw new Error('the database could not be named')
  return id
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href
if (isMain) {
  const started = performance.now()
  const config = loadConfig()
  const announceReady = (processes: number) => {
    const ms = Math.round(performance.now() - started)
    if (process.stdout.isTTY) {
      // One line for the person who started it (a log collector gets the JSON line instead).
      const where = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`
      const how = processes > 1 ? `, ${processes} app processes` : ''
      process.stdout.write(
        `Tulpar Auto is ready at ${config.publicUrl} (${where}${how}, ${(ms / 1000).toFixed(1)} s)\n`,
      )
    } else logger.info({ ms, url: config.publicUrl, processes }, 'Tulpar Auto is ready')
    // A parent that started it with an IPC channel (the benchmark) learns when every process listens.
    process.send?.('ready')
  }
  const logger = createLogger({ level: config.logLevel, readable: process.stdout.isTTY === true })
  // React and Fastify pick their development builds and checks unless NODE_ENV says production (`npm start` and the
  // demo set it): pages then cost about twice the CPU. Said once, so an operator who starts node by hand knows.
  if (process.env.NODE_ENV !== 'production' && cluster.isPrimary) {
    logger.warn(
      { nodeEnv: process.env.NODE_ENV ?? null },
      'NODE_ENV is not production: React renders with its development build (about twice the CPU per page)',
    )
  }
  if (config.appProcesses > 1 && cluster.isPrimary) {
    superviseAppProcesses({
      count: config.appProcesses,
      log: logger,
      onReady: () => announceReady(config.appProcesses),
      port: config.port,
      // A process's drain: its requests (SHUTDOWN_GRACE_SECONDS), its jobs (10 s), then its pools.
      shutdownGraceMs: config.shutdownGraceMs + 15_000,
      heapMb: machineHeapLimitMb(config.appHeapMb, config.appProcesses),
    })
  } else {
    const { app, runtime } = await createTulparServer()
    // SIGTERM drains it (shutdown.ts): requests in flight finish within the bound, then the runtime closes.
    await listenUntilSignalled(app, runtime, config)
    // One of several: the primary says when all of them are ready (app-processes.ts).
    if (cluster.isWorker) app.log.info({}, 'app process listening')
    else announceReady(1)
  }
}
