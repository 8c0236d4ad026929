import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { createListing, createUser } from '../../testing/factories.ts'
import { createTestApp } from '../../testing/test-app.ts'
import { createRetention, PURGES, retentionSnapshot } from './index.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
let retention: ReturnType<typeof createRetention>

beforeAll(async () => {
  t = await createTestApp()
  retention = createRetention({ db: t.db })
}, 60_000)
afterAll(async () => {
  await t?.close()
})

const Rows = z.object({ rows: z.array(z.record(z.string(), z.unknown())) })
async function rows(query: ReturnType<typeof sql>) {
  return Rows.parse(await t.db.execute(query)).rows
}
async function column(query: ReturnType<typeof sql>): Promise<string[]> {
  return (await rows(query)).map((r) => String(Object.values(r)[0])).sort()
}

async function insertLead(phone: string, age: string, eventAge?: string): Promise<string> {
  const [row] = await rows(sql`
    insert into leads (kind, phone, created_at, updated_at)
    values ('callback', ${phone}, now() - ${age}::interval, now() - ${age}::interval) returning id`)
  const id = String(row?.id)
  if (eventAge)
    await t.db.execute(
      sql`insert into lead_events (lead_id, action, text, created_at) values (${id}, 'note', 'called back', now() - ${eventAge}::interval)`,
    )
  return id
}

const SESSION_USER = (id: string) => ({
  id,
  email: `${id}@test.tulpar.kz`,
  name: 'Тест',
  role: 'user',
  phoneNumber: null,
  emailVerified: false,
})

describe('retention purges', () => {
  test('requests are deleted three years after the last contact, not before', async () => {
    const old = await insertLead('+77010000001', '3 years 1 day')
    const recentNote = await insertLead('+77010000002', '4 years', '2 years')
    const recent = await insertLead('+77010000003', '2 years 11 months')

    expect(await retention.runPurge('leads')).toEqual({ leads: 1 })
    const left = await column(sql`select id from leads where phone like '+7701000000%'`)
    expect(left).toEqual([recentNote, recent].sort())
    expect(left).not.toContain(old)
    expect(await column(sql`select count(*) from lead_events where lead_id = ${old}`)).toEqual(['0'])
    expect(await retention.runPurge('leads')).toEqual({ leads: 0 })
  })

  test('a purge stopped after its first batch removes nothing twice and the next run finishes it', async () => {
    const ids = await Promise.all(['1', '2', '3', '4', '5'].map((n) => insertLead(`+7702000000${n}`, '5 years')))
    let batches = 0
    const stopping = createRetention({
      db: t.db,
      batchSize: 2,
      afterBatch: () => {
        batches++
        throw new Error('the process died')
      },
    })
    await expect(stopping.runPurge('leads')).rejects.toThrow('the process died')
    expect(batches).toBe(1)
    // The first batch committed: two gone, three left.
    expect(await column(sql`select count(*) from leads where id = any(${`{${ids.join(',')}}`}::bigint[])`)).toEqual([
      '3',
    ])
    const resumed = createRetention({ db: t.db, batchSize: 2 })
    expect(await resumed.runPurge('leads')).toEqual({ leads: 3 })
    expect(await resumed.runPurge('leads')).toEqual({ leads: 0 })
  })

  test('expired sessions go, live ones and their account stay', async () => {
    const u = await createUser(t.db)
    const expired = randomUUID()
    const live = randomUUID()
    await t.db.execute(sql`
      insert into session (id, token, user_id, expires_at, ip_address, user_agent) values
        (${expired}, ${`tok-${expired}`}, ${u.id}, now() - interval '1 minute', '10.0.0.1', 'Firefox'),
        (${live}, ${`tok-${live}`}, ${u.id}, now() + interval '1 day', '10.0.0.2', 'Chrome')`)

    expect(await retention.runPurge('sessions')).toEqual({ session: 1 })
    expect(await column(sql`select id from session where user_id = ${u.id}`)).toEqual([live])
    expect(await retention.runPurge('sessions')).toEqual({ session: 0 })
  })

  test('expired sign-in codes, links and SMS confirmation codes go; pending ones stay', async () => {
    const u = await createUser(t.db)
    await t.db.execute(sql`
      insert into verification (id, identifier, value, expires_at) values
        ('v-old', '+77015550001-otp', 'hash', now() - interval '1 second'),
        ('v-new', '+77015550002-otp', 'hash', now() + interval '5 minutes')`)
    await t.db.execute(sql`
      insert into phone_confirmation_codes (user_id, phone, code_hash, expires_at) values
        (${u.id}, '+77015550003', 'h', now() - interval '1 second'),
        (${u.id}, '+77015550004', 'h', now() + interval '5 minutes')`)

    expect(await retention.runPurge('codes')).toEqual({ verification: 1, phone_confirmation_codes: 1 })
    expect(await column(sql`select id from verification where id like 'v-%'`)).toEqual(['v-new'])
    expect(await column(sql`select phone from phone_confirmation_codes where user_id = ${u.id}`)).toEqual([
      '+77015550004',
    ])
    expect(await retention.runPurge('codes')).toEqual({ verification: 0, phone_confirmation_codes: 0 })
  })

  test('car page views and outbox entries are kept 90 days', async () => {
    const listing = await createListing(t.db)
    await t.db.execute(sql`
      insert into listing_views (listing_id, day, visitor_hash) values
        (${listing.id}, current_date - 91, 'old'), (${listing.id}, current_date - 90, 'edge'),
        (${listing.id}, current_date, 'today')`)
    await t.db.execute(sql`
      insert into outbox_messages (channel, recipient, body, created_at) values
        ('sms', '+77016660001', 'Код 1234', now() - interval '91 days'),
        ('sms', '+77016660002', 'Код 5678', now() - interval '89 days')`)

    expect(await retention.runPurge('logs')).toEqual({ listing_views: 1, outbox_messages: 1 })
    expect(await column(sql`select visitor_hash from listing_views where listing_id = ${listing.id}`)).toEqual([
      'edge',
      'today',
    ])
    expect(await column(sql`select recipient from outbox_messages where recipient like '+7701666000%'`)).toEqual([
      '+77016660002',
    ])
    expect(await retention.runPurge('logs')).toEqual({ listing_views: 0, outbox_messages: 0 })
  })

  test("a deleted account's leftovers go; a live account's same rows stay", async () => {
    const gone = await createUser(t.db)
    const kept = await createUser(t.db)
    // Archived before the account was deleted: the deletion left its contact phone.
    const archived = await createListing(t.db, { ownerId: gone.id })
    await t.db.execute(sql`update listings set status = 'archived' where id = ${archived.id}`)
    const keptListing = await createListing(t.db, { ownerId: kept.id })
    for (const u of [gone, kept]) {
      await t.db.execute(sql`
        insert into push_subscriptions (user_id, endpoint, p256dh, auth)
        values (${u.id}, ${`https://fcm.googleapis.com/fcm/send/${u.id}`}, 'k', 'a')`)
      await t.db.execute(
        sql`insert into saved_searches (user_id, name, path) values (${u.id}, 'Camry', '/auto/toyota')`,
      )
      await t.db.execute(sql`insert into confirmed_phones (user_id, phone) values (${u.id}, '+77017770001')`)
      await t.db.execute(sql`insert into favourites (user_id, listing_id) values (${u.id}, ${keptListing.id})`)
    }
    await t.services.profiles.deleteAccount(SESSION_USER(gone.id))

    const counts = await retention.runPurge('deleted-accounts')
    expect(counts).toMatchObject({
      push_subscriptions: 1,
      saved_searches: 1,
      favourites: 1,
      'listings.contact_phone': 1,
      // The deletion itself erased these.
      confirmed_phones: 0,
      account: 0,
    })
    for (const table of ['push_subscriptions', 'saved_searches', 'favourites', 'confirmed_phones'])
      expect(
        await column(sql`select user_id from ${sql.raw(table)} where user_id in (${gone.id}, ${kept.id})`),
      ).toEqual([kept.id])
    expect(await column(sql`select coalesce(contact_phone, 'none') from listings where id = ${archived.id}`)).toEqual([
      'none',
    ])
    expect(await column(sql`select contact_phone is not null from listings where id = ${keptListing.id}`)).toEqual([
      'true',
    ])
    const again = await retention.runPurge('deleted-accounts')
    expect(Object.values(again).every((n) => n === 0)).toBe(true)
  })

  test('old alert matches go and the ids of deleted searches leave the rest', async () => {
    const u = await createUser(t.db)
    const listing = await createListing(t.db)
    const [a, b, c] = (
      await rows(sql`
      insert into saved_searches (user_id, name, path) values
        (${u.id}, 'a', '/auto'), (${u.id}, 'b', '/auto'), (${u.id}, 'c', '/auto') returning id`)
    ).map((r) => Number(r.id))
    await t.db.execute(sql`delete from saved_searches where id = ${c}`)
    const ids = (list: (number | undefined)[]) => `{${list.join(',')}}`
    const inserted = await rows(sql`
      insert into listing_search_matches (listing_id, matched_at, search_ids) values
        (${listing.id}, now() - interval '91 days', ${ids([a])}::bigint[]),
        (${listing.id}, now(), ${ids([a, c])}::bigint[]),
        (${listing.id}, now(), ${ids([c])}::bigint[]),
        (${listing.id}, now(), ${ids([a, b])}::bigint[])
      returning id`)
    const [old, mixed, onlyDeleted, intact] = inserted.map((r) => String(r.id))

    expect(await retention.runPurge('search-matches')).toEqual({
      listing_search_matches: 1,
      'listing_search_matches.search_ids': 2,
    })
    const left = await rows(
      sql`select id, search_ids from listing_search_matches where listing_id = ${listing.id} order by id`,
    )
    expect(left.map((r) => String(r.id))).toEqual([mixed, intact])
    expect(left.map((r) => (r.search_ids as unknown[]).map(Number))).toEqual([[a], [a, b]])
    expect([old, onlyDeleted]).not.toContain(left[0]?.id)
    expect(await retention.runPurge('search-matches')).toEqual({
      listing_search_matches: 0,
      'listing_search_matches.search_ids': 0,
    })
  })

  test('finished jobs go a week after they ended, receipts after 30 days; waiting jobs stay', async () => {
    const boss = t.jobs.boss
    const email = (key: string) => ({ key, to: `${key}@example.kz`, subject: 'Тест', text: 'Письмо' })
    const oldDone = await boss.send('email', email('retention-old'))
    const newDone = await boss.send('email', email('retention-new'))
    for (let i = 0; i < 2; i++) {
      const [job] = await boss.fetch('email', { batchSize: 1 })
      if (!job) throw new Error('no job to take')
      await boss.complete('email', job.id)
    }
    const waiting = await boss.send('email', email('retention-waiting'))
    await t.db.execute(sql`update pgboss.job set completed_on = now() - interval '8 days' where id = ${oldDone}`)
    await t.db.execute(sql`
      insert into job_receipts (key, delivered_at) values
        ('retention-r-old', now() - interval '31 days'), ('retention-r-new', now() - interval '29 days')`)

    expect(await retention.runPurge('finished-jobs')).toEqual({ 'pgboss.job': 1, job_receipts: 1 })
    expect(await column(sql`select id from pgboss.job where data->>'key' like 'retention-%'`)).toEqual(
      [newDone, waiting].map(String).sort(),
    )
    expect(await column(sql`select key from job_receipts where key like 'retention-r-%'`)).toEqual(['retention-r-new'])
    expect(await retention.runPurge('finished-jobs')).toEqual({ 'pgboss.job': 0, job_receipts: 0 })
  })

  test('the hourly job runs every purge, logs one line each with its counts and records them for the metrics', async () => {
    await insertLead('+77030000001', '6 years')
    const lines: { o: object; m: string }[] = []
    const log = { info: (o: object, m: string) => lines.push({ o, m }), error: () => {} }
    const results = await retention.runAll(log)
    expect(Object.keys(results)).toEqual(Object.keys(PURGES))
    expect(lines.map((l) => l.m)).toEqual(Object.keys(PURGES).map(() => 'retention purge finished'))
    expect(lines[0]?.o).toMatchObject({ purge: 'leads', removed: { leads: 1 } })
    const snapshot = retentionSnapshot()
    expect(snapshot.leads?.last.counts).toEqual({ leads: 1 })
    // The finished runs of this file: 1, then 3 (the stopped run recorded nothing), then 1.
    expect(snapshot.leads?.totals.leads).toBe(5)
  })
})
