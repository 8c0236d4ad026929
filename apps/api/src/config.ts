import { join, resolve } from 'node:path'
import { z } from 'zod'
import { embeddedSecrets } from './embedded-secrets.ts'

/** Connections to each database that the app processes share unless DATABASE_POOL_SIZE says otherwise. */
const DEFAULT_POOL_SIZE = 10

/** The metrics listener's port unless METRICS_PORT says otherwise (Prometheus' exporters' customary range). */
const DEFAULT_METRICS_PORT = 9464

/** The repository root (apps/api/src -> ../../..). */
const REPO_ROOT = resolve(import.meta.dirname, '../../..')

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

/**
 * The one value of UNSAFE_DEMO_STANDINS_ON_POSTGRES that lets the development stand-ins (the outbox readable over
 * HTTP, the local identity provider, the local checkout) run on a PostgreSQL server: each lets anyone in as anyone
 * or pay nothing, so a server on PostgreSQL refuses them unless its operator writes this sentence.
 */
export const UNSAFE_DEMO_STANDINS_CONSENT = 'i-understand-anyone-can-sign-in-as-anyone'

/** A SHA-256 certificate fingerprint as keytool and Play Console print it: 32 colon-separated hex bytes. */
const SHA256_FINGERPRINT = /^[0-9A-F]{2}(?::[0-9A-F]{2}){31}$/
const fingerprints = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((f) => f.trim().toUpperCase())
      .filter(Boolean),
  )
  .refine((list) => list.length > 0 && list.every((f) => SHA256_FINGERPRINT.test(f)), {
    message: 'expected comma-separated SHA-256 fingerprints, each 32 colon-separated hex bytes (AB:CD:…:EF)',
  })

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  /** A streaming read replica of DATABASE_URL: guests' catalogue reads may go there (decision 020). */
  DATABASE_REPLICA_URL: z.string().startsWith('postgres').optional(),
  /** Connections per process to the primary, and as many to the replica (the job queue keeps 4 of its own). */
  /** Connections per app process to each database; default 10 shared among the APP_PROCESSES (see below). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
  /**
   * App processes serving the one port (node:cluster, decision 023): one per core on PostgreSQL. Each is the whole
   * server with its own pools and page cache; they share the database and Redis.
   */
  APP_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  /** Set by the primary for each app process it starts (0, 1, ...; app-processes.ts); never set it by hand. */
  APP_PROCESS_INDEX: z.coerce.number().int().min(0).max(63).default(0),
  /**
   * The bearer token Prometheus sends for the metrics (16+ characters). Unset: no metrics listener at all (the
   * embedded demo's default; production too, until an operator sets one).
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** The metrics listener's port; app process N listens on METRICS_PORT + N. Never the public port. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The metrics listener's interface (default HOST). */
  METRICS_HOST: z.string().optional(),
  DATA_DIR: z.string().optional(),
  MEDIA_DIR: z.string().optional(),
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PATH_STYLE: booleanFlag.optional(),
  /** Public base URL of the bucket (or a CDN in front of it); /media/... redirects there. */
  S3_PUBLIC_URL: z.url().optional(),
  REDIS_URL: z.string().startsWith('redis').optional(),
  /** Proxies in front of the server whose X-Forwarded-For is believed (0: none; the client's address is used). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  AUTH_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_ON_EMPTY: booleanFlag.optional(),
  SEED_LISTINGS: z.coerce.number().int().min(0).max(5_000_000).default(20_000),
  VALUATION_REFRESH_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  MIGRATIONS_DIR: z.string().optional(),
  DEV_OUTBOX: booleanFlag.optional(),
  /**
   * Lets DEV_OUTBOX, LOCAL_ID_PROVIDER and PAYMENT_PROVIDER=local run with DATABASE_URL set (a demo or test cluster
   * on PostgreSQL); only UNSAFE_DEMO_STANDINS_CONSENT is accepted. The embedded database needs no such setting.
   */
  UNSAFE_DEMO_STANDINS_ON_POSTGRES: z
    .literal(UNSAFE_DEMO_STANDINS_CONSENT, { error: `the only accepted value is ${UNSAFE_DEMO_STANDINS_CONSENT}` })
    .optional(),
  /** A local stand-in for Google and Apple sign-in (demo and tests); default: on when DEV_OUTBOX is. */
  LOCAL_ID_PROVIDER: booleanFlag.optional(),
  SMTP_URL: z.string().startsWith('smtp').optional(),
  MAIL_FROM: z.string().default('Tulpar Auto <no-reply@tulpar.kz>'),
  SMS_GATEWAY: z.enum(['outbox', 'smsc']).optional(),
  SMSC_LOGIN: z.string().optional(),
  SMSC_PASSWORD: z.string().optional(),
  SMSC_SENDER: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  APPLE_CLIENT_ID: z.string().optional(),
  /** JSON: [{ "issuer": "...", "audience": "...", "jwksUrl": "..." }] trusted for GET /firebase/auth/. */
  TRUSTED_ID_TOKEN_ISSUERS: z.string().optional(),
  /** Whether this process works the job queue (alerts, emails, SMS, the scheduled jobs); every process can send. */
  JOB_WORKERS: booleanFlag.optional(),
  /** On SIGTERM, how long requests in flight get to finish before their connections are closed (shutdown.ts). */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  /** How many jobs of one queue this process runs at once. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** Memory for guests' cached pages in each process, MB (0: no page cache). */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  /** outbox: push messages are written to the outbox (dev); live: sent to the push services. */
  PUSH_GATEWAY: z.enum(['outbox', 'live']).optional(),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default('mailto:support@tulpar.kz'),
  FCM_PROJECT_ID: z.string().optional(),
  FCM_CLIENT_EMAIL: z.string().optional(),
  /** The service account's PEM key (\n escapes allowed). */
  FCM_PRIVATE_KEY: z.string().optional(),
  /** `local` (a checkout page of our own, no money moves), `kaspi` or `none`; default local with DEV_OUTBOX, else none. */
  PAYMENT_PROVIDER: z.enum(['local', 'kaspi', 'none']).optional(),
  KASPI_API_URL: z.url().optional(),
  KASPI_MERCHANT_ID: z.string().optional(),
  KASPI_API_KEY: z.string().optional(),
  KASPI_WEBHOOK_SECRET: z.string().min(16).optional(),
  KASPI_MAX_AMOUNT_KZT: z.coerce.number().int().positive().default(1_000_000),
  /** The price of a full vehicle check and valuation, in tenge. */
  VEHICLE_CHECK_PRICE_KZT: z.coerce.number().int().positive().default(4_990),
  /** Seconds before a paid report's job starts (0; the end-to-end test sets 2 to see the 'being generated' page). */
  REPORT_DELAY_SECONDS: z.coerce.number().int().min(0).max(60).default(0),
  /** The Android app's signing certificates (comma-separated SHA-256) for /.well-known/assetlinks.json. */
  ANDROID_CERT_SHA256: fingerprints.optional(),
  /** The Apple developer team of the iOS app, for /.well-known/apple-app-site-association. */
  APPLE_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'expected the 10-character Apple team id (uppercase letters and digits)')
    .optional(),
})

const TrustedIssuers = z.array(z.object({ issuer: z.string(), audience: z.string(), jwksUrl: z.url() }))

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
  dataDir: string
  mediaDir: string
  /** Where uploaded photos go: the local disk (`mediaDir`) or an S3-compatible bucket. */
  mediaStorage:
    | { kind: 'local' }
    | {
        kind: 's3'
        endpoint: string
        region: string
        bucket: string
        accessKeyId: string
        secretAccessKey: string
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
  }
}
