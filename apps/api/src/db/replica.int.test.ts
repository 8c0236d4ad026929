import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { accountHelpers } from '../testing/accounts.ts'
import { createListing } from '../testing/factories.ts'
import { createTestApp } from '../testing/test-app.ts'
import { createTestDatabase, type TestDatabase, testDriver } from '../testing/test-db.ts'
import { LOCK_TIMEOUT_MS, STATEMENT_TIMEOUT_MS } from './client.ts'
import { openReadReplica, runWithReadRouting } from './replica.ts'
import { listings } from './schema.ts'

/*
 * The "replica" here is a second database that does not follow the primary: it holds other data on purpose,
 * so every answer shows which database it came from. A real streaming replica is exercised by bench/cluster.ts.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>
const SHORT = { backoffMs: 300, checkMs: 100 }
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const currentDatabase = sql`select current_database() as db`
const DatabaseName = z.object({ rows: z.array(z.object({ db: z.string() })) })

async function waitFor(check: () => boolean, ms = 5000) {
  const until = Date.now() + ms
  while (!check() && Date.now() < until) await sleep(50)
  return check()
}

describe.skipIf(testDriver() !== 'postgres')('reads from a read replica', () => {
  let replicaDb: TestDatabase
  let t: TestApp
  const { signUp } = accountHelpers(() => t.app)

  beforeAll(async () => {
    replicaDb = await createTestDatabase()
    t = await createTestApp({ replica: { url: replicaDb.url ?? '', ...SHORT } })
  })
  afterAll(async () => {
    await t?.close()
    await replicaDb?.dispose()
  })

  test('readDb answers from the replica only inside a request marked for it; transactions use the primary', async () => {
    const replica = t.replica
    if (!replica) throw new Error('no replica')
    const names = async () => DatabaseName.parse(await replica.readDb.execute(currentDatabase)).rows[0]?.db
    const primaryName = new URL(t.database.url ?? '').pathname.slice(1)
    const replicaName = new URL(replicaDb.url ?? '').pathname.slice(1)
    expect(await names()).toBe(primaryName)
    expect(await runWithReadRouting(false, names)).toBe(primaryName)
    expect(await runWithReadRouting(true, names)).toBe(replicaName)
    const inTransaction = await runWithReadRouting(true, () =>
      replica.readDb.transaction(async (tx) => DatabaseName.parse(await tx.execute(currentDatabase)).rows[0]?.db),
    )
    expect(inTransaction).toBe(primaryName)
    // Both pools wait at most LOCK_TIMEOUT_MS for a lock and run a statement at most STATEMENT_TIMEOUT_MS.
    const Bounds = z.object({ rows: z.array(z.object({ lock: z.string(), statement: z.string() })) })
    const bounds = sql`select current_setting('lock_timeout') as lock, current_setting('statement_timeout') as statement`
    const setting = async () => Bounds.parse(await replica.readDb.execute(bounds)).rows[0]
    const expected = { lock: `${LOCK_TIMEOUT_MS / 1000}s`, statement: `${STATEMENT_TIMEOUT_MS / 1000}s` }
    expect(await runWithReadRouting(true, setting)).toEqual(expected)
    expect(await setting()).toEqual(expected)
  })

  test("a query at fault fails with its own error and does not count against the replica's health", async () => {
    const replica = t.replica
    if (!replica) throw new Error('no replica')
    const fallbacks = replica.stats().fallbacks
    // drizzle's queries run when awaited: inside the marked work, as a request's reads are.
    await expect(
      runWithReadRouting(true, async () => await replica.readDb.execute(sql`select 1 / 0`)),
    ).rejects.toMatchObject({
      cause: { code: '22012' },
    })
    expect(replica.state()).toBe('ok')
    // Tried on the primary too, which refuses it the same way.
    expect(replica.stats().fallbacks).toBe(fallbacks + 1)
  })

  test("a guest's search and car detail come from the replica; a signed-in user's from the primary", async () => {
    const onPrimary = await createListing(t.db, { priceKzt: 11_111_111 })
    const onReplica = await createListing(replicaDb.db, { priceKzt: 22_222_222 })
    // Both databases are clones of one template, so the two listings share their id.
    expect(onReplica.id).toBe(onPrimary.id)
    const before = t.replica?.stats().replica ?? 0

    const guestSearch = await t.app.inject(`/api/cars/?priceFrom=10000000`)
    expect(guestSearch.statusCode).toBe(200)
    expect(guestSearch.json().results.map((c: { priceKzt: number }) => c.priceKzt)).toEqual([22_222_222])
    const guestCar = await t.app.inject(`/api/cars/${onPrimary.id}/`)
    expect(guestCar.json().priceKzt).toBe(22_222_222)
    expect(t.replica?.stats().replica ?? 0).toBeGreaterThan(before)

    const buyer = await signUp()
    const signedInCar = await t.app.inject({ url: `/api/cars/${onPrimary.id}/`, headers: buyer.auth })
    expect(signedInCar.json().priceKzt).toBe(11_111_111)
    const cookieCar = await t.app.inject({
      url: `/api/cars/${onPrimary.id}/`,
      headers: { cookie: `tulpar.session_token=${buyer.token}` },
    })
    expect(cookieCar.json().priceKzt).toBe(11_111_111)
    expect((await t.app.inject('/api/readyz')).json()).toMatchObject({ status: 'ready', replica: 'ok' })
  })

  test('a seller who changes a price reads the new price at once (the replica has not seen it)', async () => {
    const seller = await signUp()
    const listing = await createListing(t.db, { ownerId: seller.id, priceKzt: 9_000_000 })
    await createListing(replicaDb.db, { priceKzt: 9_000_000 })
    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/price/`,
      headers: seller.auth,
      payload: { priceKzt: 8_500_000 },
    })
    expect(changed.statusCode).toBe(200)
    const own = await t.app.inject({ url: `/api/cars/${listing.id}/`, headers: seller.auth })
    expect(own.json().priceKzt).toBe(8_500_000)
    // A guest may see the replica's older state until it replays the change (here: never, by construction).
    expect((await t.app.inject(`/api/cars/${listing.id}/`)).json().priceKzt).toBe(9_000_000)
  })
})

describe.skipIf(testDriver() !== 'postgres')('a replica that fails', () => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  test('a replica that does not answer at start: every read goes to the primary, without errors', async () => {
    t = await createTestApp({ replica: { url: 'postgres://postgres@127.0.0.1:1/nowhere', ...SHORT } })
    const listing = await createListing(t.db, { priceKzt: 7_777_777 })
    const started = Date.now()
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject(`/api/cars/${listing.id}/`)
      expect(res.statusCode).toBe(200)
      expect(res.json().priceKzt).toBe(7_777_777)
    }
    expect((await t.app.inject('/api/cars/')).statusCode).toBe(200)
    // Skipped, not retried per request: the five reads cost no connection attempts.
    expect(Date.now() - started).toBeLessThan(1000)
    expect((await t.app.inject('/api/readyz')).json()).toMatchObject({ status: 'ready', replica: 'down' })
  })

  test('a replica whose connections end mid-traffic: the reads are retried on the primary, then it is used again', async () => {
    const replicaDb = await createTestDatabase()
    try {
      // A back-off long enough to see the reads stay on the primary, then a quick return.
      t = await createTestApp({ replica: { url: replicaDb.url ?? '', backoffMs: 1500, checkMs: 100 } })
      const app = t
      const listing = await createListing(t.db, { priceKzt: 5_555_555 })
      await createListing(replicaDb.db, { priceKzt: 6_666_666 })
      expect((await app.app.inject(`/api/cars/${listing.id}/`)).json().priceKzt).toBe(6_666_666)

      // What a replica restart does to its sessions: terminated by an administrator command (57P01).
      const admin = new pg.Client({ connectionString: replicaDb.url ?? '' })
      await admin.connect()
      const { rows: sessions } = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
      const pids = sessions.map((r) => r.pid)
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids])
      // pg_terminate_backend only signals: until those sessions are gone (at most 5 s).
      const alive = async () =>
        (
          await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where pid = any($1)', [
            pids,
          ])
        ).rows[0]?.n ?? 0
      for (const until = Date.now() + 5000; (await alive()) > 0 && Date.now() < until; ) await sleep(10)
      await admin.end()
      const answers = await Promise.all(Array.from({ length: 8 }, () => app.app.inject(`/api/cars/${listing.id}/`)))
      expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200))
      // Each answer came from one database or the other, never an error.
      for (const r of answers) expect([5_555_555, 6_666_666]).toContain(r.json().priceKzt)
      expect(app.replica?.state()).not.toBe('ok')
      expect((await app.app.inject(`/api/cars/${listing.id}/`)).json().priceKzt).toBe(5_555_555)

      // After the back-off and a good check, guests read the replica again.
      expect(await waitFor(() => app.replica?.state() === 'ok')).toBe(true)
      expect((await app.app.inject(`/api/cars/${listing.id}/`)).json().priceKzt).toBe(6_666_666)
    } finally {
      await t?.close()
      t = undefined
      await replicaDb.dispose()
    }
  })

  test('a replica dropped for good: reads keep answering from the primary', async () => {
    const replicaDb = await createTestDatabase()
    const primaryDb = await createTestDatabase()
    const log: string[] = []
    try {
      if (!primaryDb.pool) throw new Error('PostgreSQL only')
      const replica = await openReadReplica({
        url: replicaDb.url ?? '',
        primary: primaryDb.pool,
        log: { warn: (m: unknown) => log.push(String(m)), error: (_o: unknown, m?: string) => log.push(m ?? '') },
        ...SHORT,
      })
      const count = () =>
        runWithReadRouting(true, async () => (await replica.readDb.select({ id: listings.id }).from(listings)).length)
      await createListing(primaryDb.db)
      expect(await count()).toBe(0)
      await replicaDb.dispose()
      expect(await count()).toBe(1)
      expect(replica.state()).toBe('down')
      expect(log).toContain('read replica does not answer: reads go to the primary')
      await replica.close()
    } finally {
      await primaryDb.dispose()
    }
  })
})
