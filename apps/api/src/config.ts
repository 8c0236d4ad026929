import { join, resolve } from 'node:path'
import type { z } from 'zod'
import {
  DEFAULT_METRICS_PORT,
  DEFAULT_POOL_SIZE,
  EnvSchema,
  REPO_ROOT,
  TrustedIssuers,
  UNSAFE_DEMO_STANDINS_CONSENT,
} from './config.env.ts'
import { embeddedSecrets } from './embedded-secrets.ts'

export { UNSAFE_DEMO_STANDINS_CONSENT }

export class ConfigError extends Error {
  readonly problems: string[]
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.problems = problems
    this.name = 'ConfigError'
  }
}

export interface Config {
  port: number
  host: string
  publicUrl: string
  /** null: the embedded PGlite database in `dataDir`. */
  databaseUrl: string | null
  /**
   * A read replica for public reads of requests without a session (decision 020); null: every read goes to
   * the primary. Only with `databaseUrl` (the embedded database has no replica).
   */
  databaseReplicaUrl: string | null
  /** Connections per process to each of the primary and the replica (PostgreSQL only). */
  databasePoolSize: number
  appProcesses: number
  /** APP_HEAP_MB: each app process's heap limit; null: worked out by the primary (app-processes.ts). */
  appHeapMb: number | null
  dataDir: string
  mediaDir: string
  /** Where uploaded photos go: the local disk (`mediaDir`) or an S3-compatible bucket. */
  mediaStorage:
    | { kind: 'local' }
    | {
        kind: 's3'
        /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 */
        endpoint: string
        region: string
        bucket: string
        accessKeyId: string
        secretAccessKey: string
        /** Path-style URLs (`endpoint/bucket/key`, MinIO and most compatibles); false: `bucket.endpoint/key`. */
        pathStyle: boolean
        publicUrl: string
      }
  redisUrl: string | null
  /**
   * How many proxies in front of us to believe about the client address. Per-address rate limits key on it, so
   * believing X-Forwarded-For from anyone would let every client pick its own address.
   */
  trustProxyHops: number
  authSecret: string
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL']
  /** Seed demo data when the database has no listings (default: on for the embedded database). */
  seedOnEmpty: boolean
  seedListings: number
  /** How often market estimates and deal ratings are recomputed (minutes; 0 turns the refresh off). */
  valuationRefreshMinutes: number
  migrationsDir: string
  /** Write SMS and email to the outbox table, readable at /dev/outbox (default: on for the embedded demo only). */
  devOutbox: boolean
  smtpUrl: string | null
  mailFrom: string
  sms: { gateway: 'outbox' } | { gateway: 'smsc'; login: string; password: string; sender: string | null }
  googleClientId: string | null
  appleClientId: string | null
  trustedIdTokenIssuers: z.infer<typeof TrustedIssuers>
  /**
   * The local identity provider (modules/identity/local-idp.ts) and the file its signing key is kept in
   * (null: a new key in memory); null when off. Anyone can sign in as anyone through it: never in production.
   */
  localIdentityProvider: { keyFile: string | null } | null
  /** Whether this process works the job queue; every process can send jobs. */
  jobWorkers: boolean
  /** SIGTERM's bound for the requests in flight, ms (then the job workers get their own 10 s; shutdown.ts). */
  shutdownGraceMs: number
  jobConcurrency: number
  /** Bytes of guests' pages each process keeps (0: pages are always rendered). */
  pageCacheBytes: number
  /** The Redis where the processes share guests' pages (PAGE_CACHE_REDIS_URL, else REDIS_URL); null: not shared. */
  pageCacheRedisUrl: string | null
  /**
   * Prometheus metrics on a listener of their own behind a bearer token (plugins/metrics.ts); `port` is this app
   * process's own (METRICS_PORT + its index). Null: no metrics (METRICS_TOKEN unset).
   */
  metrics: { token: string; host: string; port: number } | null
  /**
   * Push delivery: `outbox` records what would be sent (dev), `live` sends. `vapid` is the key pair browsers
   * subscribe with (generated for the embedded demo); `fcm` is the app's push service account, when configured.
   */
  push: {
    gateway: 'outbox' | 'live'
    vapid: { publicKey: string; privateKey: string; subject: string } | null
    fcm: { projectId: string; clientEmail: string; privateKey: string } | null
  }
  /** Who takes payments for paid services (null: nobody, the services are closed). */
  payments:
    | { provider: 'local' }
    | {
        provider: 'kaspi'
        apiUrl: string
        merchantId: string
        apiKey: string
        webhookSecret: string
        maxAmountKzt: number
      }
    | null
  vehicleCheckPriceKzt: number
  reportDelaySeconds: number
  /**
   * What the site says about the app for app links (a link to the site opens in the app): the Android signing
   * certificates (empty: /.well-known/assetlinks.json is 404) and the Apple team (null: the
   * apple-app-site-association file is 404). The app's hosts must be PUBLIC_URL's (apps/mobile/README.md).
   */
  appLinks: { androidCertSha256: string[]; appleTeamId: string | null }
  /** Hosts the feed and photo fetcher may reach on a non-public address (FEED_FETCH_ALLOWED_HOSTS; lower case). */
  feedFetchAllowedHosts: string[]
}

/**
 * Parses the environment once. Throws ConfigError listing every bad key. The embedded demo
 * (no DATABASE_URL) generates its secrets on first start and keeps them in the data folder;
 * with DATABASE_URL set, missing secrets stop the start.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty value (`DATABASE_URL=`) means unset, as in most shells' .env conventions.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = EnvSchema.safeParse(present)
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`))
  }
  const e = parsed.data
  const dataDir = resolve(REPO_ROOT, e.DATA_DIR ?? 'data')
  const databaseUrl = e.DATABASE_URL ?? null
  let authSecret = e.AUTH_SECRET
  if (!authSecret) {
    if (databaseUrl) throw new ConfigError(['AUTH_SECRET: required when DATABASE_URL is set (32+ characters)'])
    authSecret = embeddedSecrets(dataDir).authSecret
  }
  const problems: string[] = []
  if (e.DATABASE_REPLICA_URL && !databaseUrl) problems.push('DATABASE_REPLICA_URL: needs DATABASE_URL (its primary)')
  const gateway = e.SMS_GATEWAY ?? 'outbox'
  if (gateway === 'smsc' && (!e.SMSC_LOGIN || !e.SMSC_PASSWORD)) {
    problems.push('SMSC_LOGIN, SMSC_PASSWORD: required when SMS_GATEWAY=smsc')
  }
  let trustedIdTokenIssuers: z.infer<typeof TrustedIssuers> = []
  if (e.TRUSTED_ID_TOKEN_ISSUERS) {
    try {
      trustedIdTokenIssuers = TrustedIssuers.parse(JSON.parse(e.TRUSTED_ID_TOKEN_ISSUERS))
    } catch {
      problems.push('TRUSTED_ID_TOKEN_ISSUERS: expected JSON [{ issuer, audience, jwksUrl }]')
    }
  }
  // Native Google and Apple sign-in hand the app an identity token; it is exchanged like any trusted one.
  if (e.GOOGLE_CLIENT_ID) {
    trustedIdTokenIssuers.push(
      ...['https://accounts.google.com', 'accounts.google.com'].map((issuer) => ({
        issuer,
        audience: e.GOOGLE_CLIENT_ID as string,
        jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      })),
    )
  }
  if (e.APPLE_CLIENT_ID) {
    trustedIdTokenIssuers.push({
      issuer: 'https://appleid.apple.com',
      audience: e.APPLE_CLIENT_ID,
      jwksUrl: 'https://appleid.apple.com/auth/keys',
    })
  }
  if (e.MEDIA_STORAGE === 's3') {
    const missing = (
      ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const
    ).filter((k) => !e[k])
    if (missing.length > 0) problems.push(`${missing.join(', ')}: required when MEDIA_STORAGE=s3`)
  }
  const pushGateway = e.PUSH_GATEWAY ?? ((e.DEV_OUTBOX ?? databaseUrl === null) ? 'outbox' : 'live')
  let vapid =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT }
      : null
  if (!vapid && databaseUrl === null) vapid = { ...embeddedSecrets(dataDir).vapid, subject: e.VAPID_SUBJECT }
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined))
    problems.push('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither')
  const fcmKeys = [e.FCM_PROJECT_ID, e.FCM_CLIENT_EMAIL, e.FCM_PRIVATE_KEY]
  if (fcmKeys.some(Boolean) && !fcmKeys.every(Boolean))
    problems.push('FCM_PROJECT_ID, FCM_CLIENT_EMAIL, FCM_PRIVATE_KEY: set all three or none')
  const paymentProvider = e.PAYMENT_PROVIDER ?? ((e.DEV_OUTBOX ?? databaseUrl === null) ? 'local' : 'none')
  const kaspiKeys = ['KASPI_API_URL', 'KASPI_MERCHANT_ID', 'KASPI_API_KEY', 'KASPI_WEBHOOK_SECRET'] as const
  if (paymentProvider === 'kaspi' && kaspiKeys.some((k) => !e[k]))
    problems.push(`${kaspiKeys.filter((k) => !e[k]).join(', ')}: required when PAYMENT_PROVIDER=kaspi`)
  // Development stand-ins on a PostgreSQL server: someone's deployment, where they open every account (issue 35).
  if (databaseUrl !== null && !e.UNSAFE_DEMO_STANDINS_ON_POSTGRES) {
    const byDefault = (key: 'LOCAL_ID_PROVIDER' | 'PAYMENT_PROVIDER') =>
      e[key] === undefined ? 'on with DEV_OUTBOX; ' : ''
    const standIns = [
      e.DEV_OUTBOX && 'DEV_OUTBOX=true (every SMS code and email link readable at /api/dev/outbox)',
      (e.LOCAL_ID_PROVIDER ?? e.DEV_OUTBOX) &&
        `LOCAL_ID_PROVIDER=true (${byDefault('LOCAL_ID_PROVIDER')}anyone signs in as any email, the admin's too)`,
      paymentProvider === 'local' &&
        `PAYMENT_PROVIDER=local (${byDefault('PAYMENT_PROVIDER')}orders are marked paid without money)`,
    ].filter((s): s is string => typeof s === 'string')
    for (const standIn of standIns)
      problems.push(
        `${standIn}: refused with DATABASE_URL set; a demo or test server on PostgreSQL that means it sets UNSAFE_DEMO_STANDINS_ON_POSTGRES=${UNSAFE_DEMO_STANDINS_CONSENT}`,
      )
  }
  if (e.APP_PROCESSES > 1) {
    // The embedded database belongs to one process; rate limits counted in each process would multiply.
    if (databaseUrl === null) problems.push('APP_PROCESSES: more than 1 needs DATABASE_URL (PostgreSQL)')
    if (!e.REDIS_URL) problems.push('APP_PROCESSES: more than 1 needs REDIS_URL (limits shared by the processes)')
  }
  const metricsPort = e.METRICS_PORT ?? DEFAULT_METRICS_PORT
  if (!e.METRICS_TOKEN && (e.METRICS_PORT !== undefined || e.METRICS_HOST !== undefined))
    problems.push('METRICS_PORT, METRICS_HOST: the metrics are served only with METRICS_TOKEN set (16+ characters)')
  if (e.METRICS_TOKEN) {
    const last = metricsPort + e.APP_PROCESSES - 1
    if (last > 65535) problems.push(`METRICS_PORT: ${metricsPort} + ${e.APP_PROCESSES} app processes passes 65535`)
    if (e.PORT >= metricsPort && e.PORT <= last)
      problems.push(`METRICS_PORT: the app processes' metrics ports ${metricsPort}-${last} take PORT ${e.PORT}`)
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL ?? null,
    // Unset, the app processes share 10 connections to each database, as many as one process opens: on two cores
    // that PostgreSQL shares, two processes with 10 each did 666-883 searches/s against 922-934 with 5 each
    // (docs/performance.md, 2026-11-25 03:30).
    databasePoolSize: e.DATABASE_POOL_SIZE ?? Math.ceil(DEFAULT_POOL_SIZE / e.APP_PROCESSES),
    appProcesses: e.APP_PROCESSES,
    appHeapMb: e.APP_HEAP_MB ?? null,
    dataDir,
    mediaDir: resolve(REPO_ROOT, e.MEDIA_DIR ?? join(dataDir, 'media')),
    mediaStorage:
      e.MEDIA_STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT ?? '',
            region: e.S3_REGION,
            bucket: e.S3_BUCKET ?? '',
            accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
            pathStyle: e.S3_PATH_STYLE ?? true,
            publicUrl: (e.S3_PUBLIC_URL ?? '').replace(/\/$/, ''),
          }
        : { kind: 'local' },
    redisUrl: e.REDIS_URL ?? null,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    authSecret,
    logLevel: e.LOG_LEVEL,
    seedOnEmpty: e.SEED_ON_EMPTY ?? databaseUrl === null,
    seedListings: e.SEED_LISTINGS,
    valuationRefreshMinutes: e.VALUATION_REFRESH_MINUTES,
    migrationsDir: resolve(REPO_ROOT, e.MIGRATIONS_DIR ?? 'apps/api/drizzle'),
    devOutbox: e.DEV_OUTBOX ?? databaseUrl === null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    sms:
      gateway === 'smsc'
        ? { gateway, login: e.SMSC_LOGIN ?? '', password: e.SMSC_PASSWORD ?? '', sender: e.SMSC_SENDER ?? null }
        : { gateway },
    googleClientId: e.GOOGLE_CLIENT_ID ?? null,
    appleClientId: e.APPLE_CLIENT_ID ?? null,
    trustedIdTokenIssuers,
    localIdentityProvider:
      (e.LOCAL_ID_PROVIDER ?? e.DEV_OUTBOX ?? databaseUrl === null)
        ? { keyFile: join(dataDir, 'local-idp-key.pem') }
        : null,
    jobWorkers: e.JOB_WORKERS ?? true,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    jobConcurrency: e.JOB_CONCURRENCY,
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    pageCacheRedisUrl: e.PAGE_CACHE_REDIS_URL === 'off' ? null : (e.PAGE_CACHE_REDIS_URL ?? e.REDIS_URL ?? null),
    metrics: e.METRICS_TOKEN
      ? { token: e.METRICS_TOKEN, host: e.METRICS_HOST ?? e.HOST, port: metricsPort + e.APP_PROCESS_INDEX }
      : null,
    push: {
      gateway: pushGateway,
      vapid,
      fcm:
        e.FCM_PROJECT_ID && e.FCM_CLIENT_EMAIL && e.FCM_PRIVATE_KEY
          ? {
              projectId: e.FCM_PROJECT_ID,
              clientEmail: e.FCM_CLIENT_EMAIL,
              privateKey: e.FCM_PRIVATE_KEY.replaceAll('\\n', '\n'),
            }
          : null,
    },
    payments:
      paymentProvider === 'local'
        ? { provider: 'local' }
        : paymentProvider === 'kaspi'
          ? {
              provider: 'kaspi',
              apiUrl: e.KASPI_API_URL ?? '',
              merchantId: e.KASPI_MERCHANT_ID ?? '',
              apiKey: e.KASPI_API_KEY ?? '',
              webhookSecret: e.KASPI_WEBHOOK_SECRET ?? '',
              maxAmountKzt: e.KASPI_MAX_AMOUNT_KZT,
            }
          : null,
    vehicleCheckPriceKzt: e.VEHICLE_CHECK_PRICE_KZT,
    reportDelaySeconds: e.REPORT_DELAY_SECONDS,
    appLinks: { androidCertSha256: e.ANDROID_CERT_SHA256 ?? [], appleTeamId: e.APPLE_TEAM_ID ?? null },
    feedFetchAllowedHosts: e.FEED_FETCH_ALLOWED_HOSTS ?? [],
  }
}
