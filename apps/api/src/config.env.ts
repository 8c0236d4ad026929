import { isIP } from 'node:net'
import { resolve } from 'node:path'
import { z } from 'zod'

/*
 * The environment's schema: every key config.ts reads from process.env, with its type, bounds and meaning. Only
 * config.ts parses it (CONVENTIONS 5); this file reads nothing itself.
 */

/** Connections to each database that the app processes share unless DATABASE_POOL_SIZE says otherwise. */
export const DEFAULT_POOL_SIZE = 10

/** The metrics listener's port unless METRICS_PORT says otherwise (Prometheus' exporters' customary range). */
export const DEFAULT_METRICS_PORT = 9464

/** The repository root (apps/api/src -> ../../..). */
export const REPO_ROOT = resolve(import.meta.dirname, '../../..')

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

/** A host name (letters, digits, dots, dashes) or an IP literal (an IPv6 one without brackets), in lower case. */
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/
const hostList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine((list) => list.length > 0 && list.every((h) => HOST_NAME.test(h) || isIP(h) !== 0), {
    message: 'expected comma-separated host names or IP addresses, without a scheme, port, path or wildcard',
  })

export const EnvSchema = z.object({
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
  /**
   * Each app process's JavaScript heap limit in MB (V8's --max-old-space-size), set by the primary of
   * APP_PROCESSES > 1. Unset: half the machine's memory (its cgroup's limit, in a container) shared by the processes,
   * never above V8's own default (about 4 GB), so N processes cannot each grow to what V8 allows one alone.
   */
  APP_HEAP_MB: z.coerce.number().int().min(128).max(65536).optional(),
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
  /**
   * Memory for guests' cached pages in each process, MB (0: no page cache). 128 since issue 39: at 32 the market
   * bench's car pages were evicted before they were asked again (43% hits on its car pages, 56% at 128 and 256).
   * Up to 64 GB: a market's long tail is worth the memory a server has (issue 39's hour: 4 GB evicted its first views
   * after about half an hour); pages live in 8 MB segments indexed by 32-bit offsets within each (decision 046).
   */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(128),
  /**
   * The Redis where the processes share guests' pages (decision 034): default REDIS_URL; `off` keeps pages in each
   * process only. A Redis of its own lets it evict pages (allkeys-lru) without touching the rate limits' counters.
   */
  PAGE_CACHE_REDIS_URL: z.union([z.literal('off'), z.string().startsWith('redis')]).optional(),
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
  /**
   * Hosts the dealers' feed and photo fetcher may reach although they resolve to a loopback, private or link-local
   * address (comma-separated; unset: none). For a feed server inside the operator's own network, and for tests.
   */
  FEED_FETCH_ALLOWED_HOSTS: hostList.optional(),
  /** The Android app's signing certificates (comma-separated SHA-256) for /.well-known/assetlinks.json. */
  ANDROID_CERT_SHA256: fingerprints.optional(),
  /** The Apple developer team of the iOS app, for /.well-known/apple-app-site-association. */
  APPLE_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'expected the 10-character Apple team id (uppercase letters and digits)')
    .optional(),
})

export const TrustedIssuers = z.array(z.object({ issuer: z.string(), audience: z.string(), jwksUrl: z.url() }))
