import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { constants as zlib } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import fastifyStatic from '@fastify/static'
import { Problem } from '@tulpar/contracts'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify'
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import type { ReadReplica } from './db/replica.ts'
import { registerRequestLog } from './lib/logger.ts'
import type { RateLimiter } from './lib/rate-limit.ts'
import { appLinksRoutes } from './modules/app-links/index.ts'
import { auditRoutes } from './modules/audit/index.ts'
import { companyRoutes } from './modules/company/index.ts'
import { complaintsRoutes } from './modules/complaints/index.ts'
import { dealerDeskRoutes } from './modules/dealer-desk/index.ts'
import { dealersRoutes } from './modules/dealers/index.ts'
import { registerOutboxRoutes } from './modules/delivery/index.ts'
import { favouritesRoutes } from './modules/favourites/index.ts'
import { feedsRoutes } from './modules/feeds/index.ts'
import { freshListingsRoutes } from './modules/fresh-listings/index.ts'
import { garageRoutes } from './modules/garage/index.ts'
import {
  createAbuseLimits,
  registerAuthHandler,
  registerIdTokenExchange,
  registerLocalIdpRoutes,
} from './modules/identity/index.ts'
import type { JobQueue } from './modules/jobs/index.ts'
import { leadDeskRoutes, leadsRoutes } from './modules/leads/index.ts'
import { carPageRoutes, listingsRoutes } from './modules/listings/index.ts'
import { createLocalDiskStorage, registerIllustrationRoute, registerMediaRedirect } from './modules/media/index.ts'
import { conversationsRoutes, messagingRoutes } from './modules/messaging/index.ts'
import { moderationRoutes } from './modules/moderation/index.ts'
import { notificationsRoutes } from './modules/notifications/index.ts'
import { partnersAdminRoutes, partnersRoutes } from './modules/partners/index.ts'
import { registerPaymentRoutes } from './modules/payments/index.ts'
import { profilesRoutes } from './modules/profiles/index.ts'
import { promotionsRoutes } from './modules/promotions/index.ts'
import { referenceRoutes } from './modules/reference/index.ts'
import { savedSearchesRoutes } from './modules/saved-searches/index.ts'
import { sellingRoutes } from './modules/selling/index.ts'
import { seoRoutes } from './modules/seo/index.ts'
import { valuationRoutes } from './modules/valuation/index.ts'
import { vehicleChecksRoutes } from './modules/vehicle-checks/index.ts'
import { registerApiFallback } from './plugins/api-fallback.ts'
import { registerStandardResponses } from './plugins/api-responses.ts'
import { createSerializerCompiler } from './plugins/compiled-serializer.ts'
import { registerControlCharacterCheck } from './plugins/control-characters.ts'
import { registerCrossSiteCheck } from './plugins/cross-site.ts'
import { registerJsonBodyParser } from './plugins/json-body.ts'
import { type MetricsOptions, registerMetrics } from './plugins/metrics.ts'
import { registerOpenApi } from './plugins/openapi.ts'
import { registerProblemHandler, sendClientError, sendFrameworkError } from './plugins/problem.ts'
import { registerReadRouting } from './plugins/read-routing.ts'
import { registerSecurityHeaders } from './plugins/security-headers.ts'
import type { Services } from './services.ts'

export interface BuildApiOptions {
  config: Pick<Config, 'publicUrl' | 'mediaDir' | 'authSecret' | 'devOutbox' | 'trustProxyHops'> &
    Partial<Pick<Config, 'mediaStorage' | 'appLinks'>>
  /**
   * `replica`: the read replica the services' public reads may use (decision 020); absent or null: none. `pool`
   * and the replica's pool and lag are read for the metrics.
   */
  database: Pick<Database, 'ping' | 'db'> &
    Partial<Pick<Database, 'pool'>> & {
      replica?: (Pick<ReadReplica, 'state'> & Partial<Pick<ReadReplica, 'poolStats' | 'lagSeconds'>>) | null
    }
  services: Services
  limiter: RateLimiter
  /** A pino logger (JSON to stdout) or false for none (tests). */
  logger: FastifyBaseLogger | false
  /**
   * Answers a request straight off the socket, before Fastify parses it, when it can; returns whether it did
   * (the web's guest page cache serves its hits so, page-cache.ts). Requests made with `inject` never pass it.
   */
  frontDoor?: (request: IncomingMessage, response: ServerResponse) => boolean
  /**
   * Prometheus metrics on their own listener, opened when the app is ready and closed with it (plugins/metrics.ts;
   * config.metrics); `jobs`: the queue whose depth they read. Absent or null: none.
   */
  metrics?: (MetricsOptions & { jobs?: Pick<JobQueue, 'stats'> | null }) | null
}

const REQUEST_ID = /^[\w.-]{8,80}$/
/** The request's id: the one a proxy in front gave it (X-Request-Id) when it looks like one, else a new one. */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers['x-request-id']
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
}
const NO_APP_LINKS: Config['appLinks'] = { androidCertSha256: [], appleTeamId: null }

/**
 * Builds the Fastify app with the REST API under `/api` (and media under `/media`), registered on the
 * root instance so the web app can add its catch-all beside it. Never listens.
 */
export async function buildApi({ config, database, services, limiter, logger, frontDoor, metrics }: BuildApiOptions) {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // One line per request of our own instead of Fastify's two (lib/logger.ts registerRequestLog).
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed URL or an over-long path parameter is a problem+json 400, like any other bad input.
    frameworkErrors: sendFrameworkError,
    // What Node's HTTP parser refuses before there is a request (a URL over 16 KB: 431) is problem+json too.
    clientErrorHandler: sendClientError,
    // Believe only the configured number of proxies, never `true`: see Config.trustProxyHops.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    genReqId: requestIdOf,
    // Fastify's own HTTP/1 server with a door in front; the timeouts as Fastify sets them (lib/server.js).
    serverFactory: (handler, options) => {
      const server = createServer((request, response) => {
        if (!frontDoor?.(request, response)) handler(request, response)
      })
      // Fastify has filled in its defaults (fastify.js) before it calls the factory.
      const timeouts = options as { keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number }
      server.keepAliveTimeout = timeouts.keepAliveTimeout
      server.requestTimeout = timeouts.requestTimeout
      server.setTimeout(timeouts.connectionTimeout)
      return server
    },
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  registerRequestLog(app)
  // zod's serializer, or compiled code for the hottest answers, checked against zod's outside production.
  app.setSerializerCompiler(createSerializerCompiler(process.env.NODE_ENV !== 'production'))
  // First of all hooks: whether this request's public reads may go to the read replica.
  if (database.replica) registerReadRouting(app)
  // Every answer counted by route pattern, method and status (its onResponse hook covers every route below).
  if (metrics) {
    const { replica } = database
    registerMetrics(app, metrics, {
      db: database.db,
      pool: database.pool ?? null,
      replica:
        replica?.poolStats && replica.lagSeconds
          ? { poolStats: replica.poolStats, lagSeconds: replica.lagSeconds }
          : null,
      jobs: metrics.jobs ?? null,
    })
  }
  registerProblemHandler(app)
  registerJsonBodyParser(app)
  // No control characters (NUL...) in any string of any /api request: 400 naming the field, never a 500 (issue 35).
  registerControlCharacterCheck(app)
  // Before any route: every /api route registered from here on documents the errors it can give, and
  // /api paths no route takes answer 404 or 405.
  registerStandardResponses(app)
  registerApiFallback(app)
  // Pages and JSON made for one request compressed on the wire (phones on 4G); guests' kept pages, scripts and
  // styles are compressed once, harder (page-cache.ts, precompress.ts). Brotli 3 rather than 4: on a car page
  // (66 KB) 0.68 against 0.86 ms of the main thread for 5% more bytes (15.5 against 14.7 KB), still smaller than
  // gzip -6 (0.96 ms); on the catalogue and home pages 0.44-0.50 against 0.79-0.85 ms (docs/performance.md).
  // Media (AVIF/WebP/JPEG) is already compressed and is skipped by type.
  // Zstandard first for the browsers that ask for it (Chrome and Edge from 123, Firefox from 126; decision 027): at its
  // default level 3 a car page (70 KB) costs 0.38 against brotli 3's 0.84 ms of CPU for 2% more bytes (16.2
  // against 15.9 KB); Safari and the rest get brotli (docs/performance.md, 2026-11-25 18:45).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['zstd', 'br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 3 } },
    // gzip's level. @fastify/compress gives zstd the same options, and zstd ignores `level`: it compresses at its
    // default level, 3 (the platform test checks the bytes).
    zlibOptions: { level: 6 },
    // Pages (100-150 KB) compressed in one call: through zlib streams a car page cost 4.7 ms more CPU (docs/performance.md).
    syncThreshold: 512 * 1024,
  })
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  await registerSecurityHeaders(app, config.publicUrl)

  await registerOpenApi(app, config.publicUrl)
  mkdirSync(config.mediaDir, { recursive: true })
  registerIllustrationRoute(app, config.mediaDir, createLocalDiskStorage(config.mediaDir), (key) =>
    services.listings.isIllustrationInUse(key),
  )
  if (config.mediaStorage?.kind === 's3') registerMediaRedirect(app, config.mediaStorage.publicUrl)
  else
    await app.register(fastifyStatic, {
      root: config.mediaDir,
      prefix: '/media/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      index: false,
      // Static files write no request line (lib/logger.ts); their warnings and errors still do.
      logLevel: 'warn',
    })

  registerHealth(app, database, limiter)
  registerCrossSiteCheck(app, config.publicUrl)
  const limits = createAbuseLimits(limiter)
  registerAuthHandler(app, { auth: services.auth, limits, publicUrl: config.publicUrl })
  registerIdTokenExchange(app, services.idTokens, limits)
  await app.register(companyRoutes(services), { prefix: '/api' })
  await app.register(listingsRoutes(services), { prefix: '/api' })
  await app.register(valuationRoutes(services), { prefix: '/api' })
  await app.register(carPageRoutes(services), { prefix: '/api' })
  await app.register(leadsRoutes(services), { prefix: '/api' })
  await app.register(leadDeskRoutes(services), { prefix: '/api' })
  await app.register(vehicleChecksRoutes(services), { prefix: '/api' })
  await app.register(promotionsRoutes(services), { prefix: '/api' })
  await app.register(partnersRoutes(services), { prefix: '/api' })
  await app.register(referenceRoutes(services), { prefix: '/api' })
  await app.register(sellingRoutes(services), { prefix: '/api' })
  await app.register(
    profilesRoutes({
      ...services,
      limits,
      secret: config.authSecret,
      secureCookies: config.publicUrl.startsWith('https:'),
    }),
    { prefix: '/api' },
  )
  await app.register(messagingRoutes(services), { prefix: '/api' })
  await app.register(conversationsRoutes(services), { prefix: '/api' })
  await app.register(complaintsRoutes(services), { prefix: '/api' })
  await app.register(freshListingsRoutes(services), { prefix: '/api' })
  await app.register(dealersRoutes(services), { prefix: '/api' })
  await app.register(feedsRoutes(services), { prefix: '/api' })
  await app.register(dealerDeskRoutes(services), { prefix: '/api' })
  await app.register(moderationRoutes(services), { prefix: '/api' })
  await app.register(auditRoutes(services), { prefix: '/api' })
  await app.register(partnersAdminRoutes(services), { prefix: '/api' })
  await app.register(favouritesRoutes(services), { prefix: '/api' })
  await app.register(garageRoutes(services), { prefix: '/api' })
  await app.register(savedSearchesRoutes(services), { prefix: '/api' })
  await app.register(notificationsRoutes(services), { prefix: '/api' })
  // robots.txt and the sitemaps live at the site's root, beside the web app's pages.
  await app.register(seoRoutes(services))
  // The app links' documents in /.well-known (unset settings: 404, the site claims no app).
  await app.register(appLinksRoutes({ appLinks: config.appLinks ?? NO_APP_LINKS }))
  // Development only: SMS codes and emails land in the outbox table instead of a gateway.
  if (config.devOutbox) registerOutboxRoutes(app, { db: database.db })
  // Development only: the stand-in for Google and Apple sign-in (LOCAL_ID_PROVIDER).
  if (services.localIdp) registerLocalIdpRoutes(app, services.localIdp)
  registerPaymentRoutes(app, { payments: services.payments })
  return app as unknown as FastifyInstance
}

function registerHealth(
  app: FastifyInstance,
  database: Pick<Database, 'ping'> & { replica?: Pick<ReadReplica, 'state'> | null },
  limiter: RateLimiter,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  typed.get(
    '/api/healthz',
    {
      // Probes every few seconds: no request line (lib/logger.ts); errors still logged.
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  )
  typed.get(
    '/api/readyz',
    {
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers; where the rate limits count; the read replica',
        description:
          '`redis`: `ok`, `down` (limits count in this process until it answers again; still ready) or ' +
          '`none` (not configured: one process, counters in memory). `replica` (only with a read replica): ' +
          "`ok`, `down` or `behind` (guests' reads go to the primary meanwhile; still ready).",
        response: {
          200: z.object({
            status: z.literal('ready'),
            database: z.literal('ok'),
            redis: z.enum(['ok', 'down', 'none']),
            replica: z.enum(['ok', 'down', 'behind']).optional(),
          }),
          503: Problem,
        },
      },
    },
    async (request, reply) => {
      const limits = await limiter.health()
      const redis = limits.store === 'memory' ? ('none' as const) : limits.status
      try {
        await database.ping()
        const replica = database.replica?.state()
        return { status: 'ready' as const, database: 'ok' as const, redis, ...(replica ? { replica } : {}) }
      } catch (error) {
        request.log.error({ err: error }, 'database is not ready')
        return reply.status(503).type('application/problem+json').send({
          type: 'https://tulpar.kz/problems/unavailable',
          title: 'Service Unavailable',
          status: 503,
          code: 'unavailable',
          detail: 'The database does not answer',
          requestId: request.id,
        })
      }
    },
  )
}
