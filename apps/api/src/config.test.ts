import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ConfigError, loadConfig, UNSAFE_DEMO_STANDINS_CONSENT } from './config.ts'

const tempDir = () => mkdtempSync(join(tmpdir(), 'tulpar-config-'))

describe('loadConfig', () => {
  test('the embedded demo needs no settings: port 3000, PGlite in the data folder, demo seeding on', () => {
    const dataDir = tempDir()
    const config = loadConfig({ DATA_DIR: dataDir })
    expect(config).toMatchObject({ port: 3000, databaseUrl: null, dataDir, seedOnEmpty: true, seedListings: 20_000 })
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.mediaDir).toBe(join(dataDir, 'media'))
  })

  test('the embedded demo generates its secret once and keeps it in the data folder', () => {
    const dataDir = tempDir()
    const first = loadConfig({ DATA_DIR: dataDir })
    const second = loadConfig({ DATA_DIR: dataDir })
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32)
    expect(second.authSecret).toBe(first.authSecret)
    expect(JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).authSecret).toBe(first.authSecret)
  })

  test('metrics are off unless METRICS_TOKEN is set; each app process serves them on METRICS_PORT plus its index', () => {
    const primary = { DATABASE_URL: 'postgres://localhost/tulpar', AUTH_SECRET: 'x'.repeat(32) }
    expect(loadConfig(primary).metrics).toBeNull()
    expect(loadConfig({ DATA_DIR: tempDir() }).metrics).toBeNull()
    const token = 'metrics-token-0123456789'
    expect(loadConfig({ ...primary, METRICS_TOKEN: token }).metrics).toEqual({ token, host: '0.0.0.0', port: 9464 })
    expect(
      loadConfig({
        ...primary,
        METRICS_TOKEN: token,
        METRICS_PORT: '9500',
        METRICS_HOST: '10.0.0.5',
        APP_PROCESS_INDEX: '2',
      }).metrics,
    ).toEqual({ token, host: '10.0.0.5', port: 9502 })
    // A port without a token would serve nothing: said at the start, not found out later.
    expect(() => loadConfig({ ...primary, METRICS_PORT: '9500' })).toThrowError(/METRICS_PORT.*METRICS_TOKEN/)
    expect(() => loadConfig({ ...primary, METRICS_TOKEN: 'short' })).toThrowError(/METRICS_TOKEN/)
    const processes = { ...primary, REDIS_URL: 'redis://127.0.0.1:6379', APP_PROCESSES: '4', METRICS_TOKEN: token }
    expect(() => loadConfig({ ...processes, PORT: '9466' })).toThrowError(/9464-9467 take PORT 9466/)
  })

  test('with DATABASE_URL set, a missing secret stops the start with a clear error', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/tulpar' })).toThrowError(/AUTH_SECRET: required/)
  })

  test('with DATABASE_URL set, demo seeding is off unless asked for', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://localhost/tulpar', AUTH_SECRET: 'x'.repeat(32) })
    expect(config.seedOnEmpty).toBe(false)
    expect(
      loadConfig({ DATABASE_URL: 'postgres://x/y', AUTH_SECRET: 'x'.repeat(32), SEED_ON_EMPTY: 'true' }).seedOnEmpty,
    ).toBe(true)
  })

  test('a read replica is optional and only ever beside a PostgreSQL primary; pools are 10 connections unless told', () => {
    const primary = { DATABASE_URL: 'postgres://localhost/tulpar', AUTH_SECRET: 'x'.repeat(32) }
    expect(loadConfig(primary)).toMatchObject({ databaseReplicaUrl: null, databasePoolSize: 10 })
    expect(loadConfig({ ...primary, DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4)
    // Unset, app processes share the default 10 connections; a size set is each process's own.
    const processes = { ...primary, REDIS_URL: 'redis://127.0.0.1:6379' }
    expect(loadConfig({ ...processes, APP_PROCESSES: '2' }).databasePoolSize).toBe(5)
    expect(loadConfig({ ...processes, APP_PROCESSES: '3' }).databasePoolSize).toBe(4)
    expect(loadConfig({ ...processes, APP_PROCESSES: '2', DATABASE_POOL_SIZE: '8' }).databasePoolSize).toBe(8)
    const replica = 'postgres://localhost:5433/tulpar'
    expect(loadConfig({ ...primary, DATABASE_REPLICA_URL: replica }).databaseReplicaUrl).toBe(replica)
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_REPLICA_URL: replica })).toThrowError(
      /DATABASE_REPLICA_URL: needs DATABASE_URL/,
    )
  })

  test('one app process unless told; more need PostgreSQL and Redis, and stay within 1-64', () => {
    const primary = { DATABASE_URL: 'postgres://localhost/tulpar', AUTH_SECRET: 'x'.repeat(32) }
    expect(loadConfig(primary).appProcesses).toBe(1)
    expect(loadConfig({ ...primary, REDIS_URL: 'redis://127.0.0.1:6379', APP_PROCESSES: '2' }).appProcesses).toBe(2)
    expect(() => loadConfig({ ...primary, APP_PROCESSES: '2' })).toThrowError(
      /APP_PROCESSES: more than 1 needs REDIS_URL/,
    )
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), REDIS_URL: 'redis://127.0.0.1:6379', APP_PROCESSES: '2' }),
    ).toThrowError(/APP_PROCESSES: more than 1 needs DATABASE_URL/)
    for (const bad of ['0', '65', 'two'])
      expect(() => loadConfig({ ...primary, APP_PROCESSES: bad }), bad).toThrowError(/APP_PROCESSES/)
  })

  test("the guests' page cache: 128 MB unless told, 0 turns it off, up to 64 GB for a market's tail", () => {
    const primary = { DATABASE_URL: 'postgres://localhost/tulpar', AUTH_SECRET: 'x'.repeat(32) }
    expect(loadConfig(primary).pageCacheBytes).toBe(128 * 1024 * 1024)
    expect(loadConfig({ ...primary, PAGE_CACHE_MB: '0' }).pageCacheBytes).toBe(0)
    expect(loadConfig({ ...primary, PAGE_CACHE_MB: '8192' }).pageCacheBytes).toBe(8192 * 1024 * 1024)
    for (const bad of ['-1', '65537', '1.5', 'lots'])
      expect(() => loadConfig({ ...primary, PAGE_CACHE_MB: bad }), bad).toThrowError(/PAGE_CACHE_MB/)
  })

  test("each app process's heap limit: the primary works it out unless APP_HEAP_MB says, 128 MB at least", () => {
    const primary = { DATABASE_URL: 'postgres://localhost/tulpar', AUTH_SECRET: 'x'.repeat(32) }
    expect(loadConfig(primary).appHeapMb).toBeNull()
    expect(loadConfig({ ...primary, APP_HEAP_MB: '1536' }).appHeapMb).toBe(1536)
    for (const bad of ['100', '1.5', 'lots'])
      expect(() => loadConfig({ ...primary, APP_HEAP_MB: bad }), bad).toThrowError(/APP_HEAP_MB/)
  })

  test('the local identity provider is on with the demo (key in the data folder), off with PostgreSQL unless asked', () => {
    const dataDir = tempDir()
    expect(loadConfig({ DATA_DIR: dataDir }).localIdentityProvider).toEqual({
      keyFile: join(dataDir, 'local-idp-key.pem'),
    })
    const server = {
      DATABASE_URL: 'postgres://x/y',
      AUTH_SECRET: 'x'.repeat(32),
      DATA_DIR: dataDir,
      UNSAFE_DEMO_STANDINS_ON_POSTGRES: UNSAFE_DEMO_STANDINS_CONSENT,
    }
    expect(loadConfig(server).localIdentityProvider).toBeNull()
    expect(loadConfig({ ...server, DEV_OUTBOX: 'true' }).localIdentityProvider).not.toBeNull()
    expect(loadConfig({ ...server, DEV_OUTBOX: 'true', LOCAL_ID_PROVIDER: 'false' }).localIdentityProvider).toBeNull()
  })

  describe('development stand-ins on PostgreSQL (issue 35: each one opens every account)', () => {
    const server = { DATABASE_URL: 'postgres://x/y', AUTH_SECRET: 'x'.repeat(32), DATA_DIR: tempDir() }
    const consent = { UNSAFE_DEMO_STANDINS_ON_POSTGRES: UNSAFE_DEMO_STANDINS_CONSENT }
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env)
      } catch (error) {
        if (error instanceof ConfigError) return error.problems
        throw error
      }
      return []
    }

    test('a PostgreSQL server without stand-ins starts as before: no outbox, no local sign-in, no local checkout', () => {
      const config = loadConfig(server)
      expect(config).toMatchObject({ devOutbox: false, localIdentityProvider: null, payments: null })
      expect(config.push.gateway).toBe('live')
    })

    test.each([
      ['DEV_OUTBOX=true', { DEV_OUTBOX: 'true' }, ['DEV_OUTBOX', 'LOCAL_ID_PROVIDER', 'PAYMENT_PROVIDER']],
      ['DEV_OUTBOX=1', { DEV_OUTBOX: '1', LOCAL_ID_PROVIDER: 'false', PAYMENT_PROVIDER: 'none' }, ['DEV_OUTBOX']],
      ['LOCAL_ID_PROVIDER=true', { LOCAL_ID_PROVIDER: 'true' }, ['LOCAL_ID_PROVIDER']],
      ['PAYMENT_PROVIDER=local', { PAYMENT_PROVIDER: 'local' }, ['PAYMENT_PROVIDER']],
    ])('%s is refused with DATABASE_URL set, naming each key and the setting that allows it', (_, standIns, keys) => {
      const problems = problemsOf({ ...server, ...standIns })
      expect(problems).toHaveLength(keys.length)
      keys.forEach((key, i) => {
        expect(problems[i]).toMatch(new RegExp(`^${key}=\\w+.*refused with DATABASE_URL set`))
        expect(problems[i]).toContain(`UNSAFE_DEMO_STANDINS_ON_POSTGRES=${UNSAFE_DEMO_STANDINS_CONSENT}`)
      })
    })

    test('with the loud setting each stand-in runs on PostgreSQL (the cluster, the benchmarks, e2e on the cluster)', () => {
      const all = loadConfig({ ...server, ...consent, DEV_OUTBOX: 'true', PUSH_GATEWAY: 'outbox' })
      expect(all).toMatchObject({ devOutbox: true, payments: { provider: 'local' } })
      expect(all.localIdentityProvider).not.toBeNull()
      expect(all.push.gateway).toBe('outbox')
      expect(loadConfig({ ...server, ...consent, LOCAL_ID_PROVIDER: 'true' }).localIdentityProvider).not.toBeNull()
      expect(loadConfig({ ...server, ...consent, PAYMENT_PROVIDER: 'local' }).payments).toEqual({ provider: 'local' })
    })

    test('the loud setting takes only its sentence: true, yes or 1 stop the start', () => {
      for (const weak of ['true', 'yes', '1', 'i-understand'])
        expect(problemsOf({ ...server, DEV_OUTBOX: 'true', UNSAFE_DEMO_STANDINS_ON_POSTGRES: weak })).toEqual([
          `UNSAFE_DEMO_STANDINS_ON_POSTGRES: the only accepted value is ${UNSAFE_DEMO_STANDINS_CONSENT}`,
        ])
    })

    test('switching each stand-in off explicitly needs no setting; PUSH_GATEWAY=outbox alone exposes nothing', () => {
      const off = { DEV_OUTBOX: 'false', LOCAL_ID_PROVIDER: 'false', PAYMENT_PROVIDER: 'none', PUSH_GATEWAY: 'outbox' }
      expect(loadConfig({ ...server, ...off })).toMatchObject({ devOutbox: false, localIdentityProvider: null })
    })

    test('the embedded demo keeps every stand-in without the setting', () => {
      const demo = loadConfig({ DATA_DIR: tempDir() })
      expect(demo).toMatchObject({ databaseUrl: null, devOutbox: true, payments: { provider: 'local' } })
      expect(demo.localIdentityProvider).not.toBeNull()
      expect(demo.push.gateway).toBe('outbox')
      const explicit = { DEV_OUTBOX: 'true', LOCAL_ID_PROVIDER: 'true', PAYMENT_PROVIDER: 'local' }
      expect(loadConfig({ DATA_DIR: tempDir(), ...explicit }).devOutbox).toBe(true)
    })
  })

  test('photos go to the local disk by default; MEDIA_STORAGE=s3 needs the bucket settings', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).mediaStorage).toEqual({ kind: 'local' })
    expect(() => loadConfig({ DATA_DIR: tempDir(), MEDIA_STORAGE: 's3', S3_BUCKET: 'b' })).toThrowError(
      /S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL: required when MEDIA_STORAGE=s3/,
    )
    const s3 = loadConfig({
      DATA_DIR: tempDir(),
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'tulpar-media',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://media.tulpar.kz/',
    }).mediaStorage
    expect(s3).toMatchObject({ kind: 's3', region: 'us-east-1', pathStyle: true, publicUrl: 'https://media.tulpar.kz' })
  })

  test('an empty value counts as unset', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: '', PORT: '' })
    expect(config.databaseUrl).toBeNull()
    expect(config.port).toBe(3000)
  })

  test('Google and Apple client ids make their identity tokens trusted for the token exchange', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), GOOGLE_CLIENT_ID: 'g-123.apps', APPLE_CLIENT_ID: 'kz.tulpar.app' })
    expect(config.trustedIdTokenIssuers).toContainEqual(
      expect.objectContaining({ issuer: 'https://accounts.google.com', audience: 'g-123.apps' }),
    )
    expect(config.trustedIdTokenIssuers).toContainEqual(
      expect.objectContaining({ issuer: 'https://appleid.apple.com', audience: 'kz.tulpar.app' }),
    )
  })

  test('a malformed TRUSTED_ID_TOKEN_ISSUERS stops the start', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), TRUSTED_ID_TOKEN_ISSUERS: '{oops' })).toThrowError(
      /TRUSTED_ID_TOKEN_ISSUERS/,
    )
  })

  test('app links: no settings, no documents; fingerprints are read upper-case, a bad one or team id stops the start', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).appLinks).toEqual({ androidCertSha256: [], appleTeamId: null })
    const a = Array.from({ length: 32 }, () => 'ab').join(':')
    const b = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join(':')
    const config = loadConfig({ DATA_DIR: tempDir(), ANDROID_CERT_SHA256: ` ${a} , ${b}`, APPLE_TEAM_ID: 'ABCDE12345' })
    expect(config.appLinks).toEqual({
      androidCertSha256: [a.toUpperCase(), b.toUpperCase()],
      appleTeamId: 'ABCDE12345',
    })
    for (const bad of [a.slice(3), `${a}:CD`, a.replaceAll(':', ''), `${a},nope`, ' , ']) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), ANDROID_CERT_SHA256: bad }), bad).toThrowError(
        /ANDROID_CERT_SHA256: expected comma-separated SHA-256 fingerprints/,
      )
    }
    for (const bad of ['abcde12345', 'ABCDE1234', 'ABCDE123456', 'ABCDE-1234']) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), APPLE_TEAM_ID: bad }), bad).toThrowError(/APPLE_TEAM_ID/)
    }
  })

  test('feed fetch hosts: none by default; names and addresses are read lower-case, a URL, port or wildcard stops the start', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).feedFetchAllowedHosts).toEqual([])
    const config = loadConfig({ DATA_DIR: tempDir(), FEED_FETCH_ALLOWED_HOSTS: ' Feeds.Dealer.LAN , 127.0.0.1,::1 ' })
    expect(config.feedFetchAllowedHosts).toEqual(['feeds.dealer.lan', '127.0.0.1', '::1'])
    for (const bad of ['http://feeds.lan', 'feeds.lan:8080', '*.lan', 'feeds.lan/path', ' , ', '[::1]', 'a b']) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), FEED_FETCH_ALLOWED_HOSTS: bad }), bad).toThrowError(
        /FEED_FETCH_ALLOWED_HOSTS: expected comma-separated host names or IP addresses/,
      )
    }
  })

  test('every bad key is listed at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', DATA_DIR: tempDir() })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      const problems = (error as ConfigError).problems.join('\n')
      expect(problems).toMatch(/PORT/)
      expect(problems).toMatch(/DATABASE_URL/)
      expect(problems).toMatch(/LOG_LEVEL/)
    }
  })
})
