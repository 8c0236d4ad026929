import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApi } from '../app.ts'
import { createMemoryRateLimiter, type RateLimiter } from '../lib/rate-limit.ts'
import { createDelivery } from '../modules/delivery/index.ts'
import { createLocalDiskStorage } from '../modules/media/index.ts'
import { createServices } from '../services.ts'
import { createTestDatabase, type TestDatabase } from './test-db.ts'

export const TEST_PUBLIC_URL = 'http://localhost:3000'

/** The real API on a fresh test database (outbox delivery, in-memory limits); call `close()` in afterAll. */
export async function createTestApp(
  options: {
    trustedIdTokenIssuers?: { issuer: string; audience: string; jwksUrl: string }[]
    /** Proxies believed about the client address; 1 unless told (tests give each client its own address). */
    trustProxyHops?: number
    /** The local stand-in for Google and Apple sign-in (on unless told). */
    localIdentityProvider?: boolean
    /** The rate limiter (default: counters in memory), e.g. one whose Redis is down. */
    limiter?: RateLimiter
  } = {},
) {
  const database: TestDatabase = await createTestDatabase()
  const config = {
    publicUrl: TEST_PUBLIC_URL,
    mediaDir: mkdtempSync(join(tmpdir(), 'tulpar-test-media-')),
    authSecret: 'test-secret-test-secret-test-secret-1234',
    devOutbox: true,
    // Tests play the part of one proxy: X-Forwarded-For gives each simulated client its address.
    trustProxyHops: options.trustProxyHops ?? 1,
    googleClientId: null,
    appleClientId: null,
    trustedIdTokenIssuers: options.trustedIdTokenIssuers ?? [],
    localIdentityProvider: options.localIdentityProvider === false ? null : { keyFile: null },
  }
  const delivery = createDelivery(
    { smtpUrl: null, mailFrom: 'Tulpar Auto <no-reply@tulpar.kz>', sms: { gateway: 'outbox' } },
    database.db,
  )
  const media = createLocalDiskStorage(config.mediaDir)
  const limiter = options.limiter ?? createMemoryRateLimiter()
  const services = createServices({ db: database.db, config, delivery, media, limiter })
  const app = await buildApi({ config, database, services, limiter, logger: false })
  await app.ready()
  return {
    app,
    db: database.db,
    database,
    services,
    limiter,
    mediaDir: config.mediaDir,
    storage: media,
    close: async () => {
      await app.close()
      await limiter.close()
      await database.dispose()
    },
  }
}
