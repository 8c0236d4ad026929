import { readFileSync } from 'node:fs'
import { FeedImport, FeedImportList } from '@tulpar/contracts'
import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { feedImportRows, feedImports, listings, moderationEvents } from '../../db/schema.ts'
import { useDealerTeam } from '../../testing/dealers.ts'
import { createListing } from '../../testing/factories.ts'
import { useTestApp } from '../../testing/suite.ts'
import { createReferenceService } from '../reference/index.ts'
import { createRetention } from '../retention/index.ts'
import { createFeedsService } from './feeds.service.ts'

/*
 * Importing a dealer's feed (issue 38): who may, the dry run that writes nothing, the apply that creates, updates and
 * takes off sale in one transaction, re-imports that change nothing, and what is refused per row or whole.
 */

const t = useTestApp()
const team = useDealerTeam(t, { privateUser: { name: 'Частный Продавец' } })
const acc = team.acc

type Auth = Record<string, string>

const HEADER = 'external_id,make,model,year,modification,mileage_km,price_kzt,color,vin'
const car = (id: string, price = 12_000_000, vin = '') => `${id},Toyota,Camry,2019,2.5 AT,50000,${price},white,${vin}`
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n')

function upload(auth: Auth | undefined, body: string | Buffer, query = '', type = 'text/csv', id = team.dealerId) {
  return t.app.inject({
    method: 'POST',
    url: `/api/dealers/${id}/imports/?lang=en${query}`,
    headers: { ...auth, 'content-type': type },
    payload: body,
  })
}
const post = (auth: Auth, importId: number, action: 'apply' | 'discard') =>
  t.app.inject({ method: 'POST', url: `/api/dealers/${team.dealerId}/imports/${importId}/${action}/`, headers: auth })

async function dryRun(auth: Auth, body: string, query = '') {
  const res = await upload(auth, body, query)
  expect(res.statusCode, res.body).toBe(201)
  return FeedImport.parse(res.json())
}
async function applied(auth: Auth, importId: number) {
  const res = await post(auth, importId, 'apply')
  expect(res.statusCode, res.body).toBe(200)
  return FeedImport.parse(res.json())
}
const dealerCars = () =>
  t.db
    .select({
      id: listings.id,
      externalId: listings.externalId,
      status: listings.status,
      priceKzt: listings.priceKzt,
      ownerId: listings.ownerId,
    })
    .from(listings)
    .where(eq(listings.dealerId, team.dealerId))
    .orderBy(listings.externalId)

describe('who may import a feed', () => {
  test("a guest is asked to sign in; a private user and another dealer's owner are refused; an unknown dealer is 404", async () => {
    const body = csv(car('A1'))
    expect((await upload(undefined, body)).statusCode).toBe(401)
    const stranger = await upload(acc.privateUser.auth, body)
    expect([stranger.statusCode, stranger.json().code]).toEqual([403, 'dealer.not_member'])
    const other = await upload(acc.otherOwner.auth, body)
    expect([other.statusCode, other.json().code]).toEqual([403, 'dealer.not_member'])
    expect((await upload(acc.owner.auth, body, '', 'text/csv', 999_999)).statusCode).toBe(404)
    const list = await t.app.inject({ url: `/api/dealers/${team.dealerId}/imports/`, headers: acc.otherOwner.auth })
    expect(list.statusCode).toBe(403)
    expect(await dealerCars()).toEqual([])
  })
})

describe('a dry run, then the apply', () => {
  let first = 0
  test('the dry run plans every car and writes none; refusals are per row', async () => {
    await createListing(t.db, { ownerId: acc.privateUser.id, vin: 'JTNB11HK503012399' })
    const report = await dryRun(
      acc.manager.auth,
      csv(
        car('A1', 12_000_000, 'JTNB11HK503012345'),
        car('A2', 9_500_000),
        car('A1'),
        car('A3', 0),
        car('A4', 8_000_000, 'JTNB11HK503012399'),
      ),
    )
    expect(report).toMatchObject({
      status: 'dry_run',
      format: 'csv',
      missingCars: 'removed',
      createdBy: { id: acc.manager.id },
    })
    expect(report.counts).toEqual({
      rows: 5,
      created: 2,
      updated: 0,
      unchanged: 0,
      removed: 0,
      refused: 3,
      withWarnings: 0,
    })
    expect(report.rows.map((r) => [r.externalId, r.outcome, r.problems.map((p) => p.code)])).toEqual([
      ['A1', 'created', []],
      ['A2', 'created', []],
      ['A1', 'refused', ['duplicate_id']],
      ['A3', 'refused', ['price_range']],
      ['A4', 'refused', ['vin_taken']],
    ])
    expect(report.rows[4]?.problems[0]?.message).toMatch(/^Another seller already sells a car with this VIN/)
    expect(await dealerCars()).toEqual([])
    first = report.id
  })

  test('the apply creates the cars under moderation as the dealer, and a second apply is refused', async () => {
    const done = await applied(acc.owner.auth, first)
    expect(done).toMatchObject({ status: 'applied', counts: { created: 2, refused: 3 } })
    const cars = await dealerCars()
    expect(cars.map((c) => [c.externalId, c.status, c.priceKzt, c.ownerId])).toEqual([
      ['A1', 'moderation', 12_000_000, acc.owner.id],
      ['A2', 'moderation', 9_500_000, acc.owner.id],
    ])
    expect(done.rows.filter((r) => r.outcome === 'created').map((r) => r.listingId)).toEqual(cars.map((c) => c.id))
    const events = await t.db
      .select({ action: moderationEvents.action, actorId: moderationEvents.actorId })
      .from(moderationEvents)
      .where(eq(moderationEvents.listingId, cars[0]?.id ?? 0))
    expect(events).toEqual([{ action: 'submitted', actorId: acc.owner.id }])
    const again = await post(acc.owner.auth, first, 'apply')
    expect([again.statusCode, again.json().code]).toEqual([409, 'feed.import_closed'])
  })

  test('the same feed again is all unchanged, and applying it changes nothing', async () => {
    const before = await dealerCars()
    const report = await dryRun(acc.owner.auth, csv(car('A1', 12_000_000, 'JTNB11HK503012345'), car('A2', 9_500_000)))
    expect(report.counts).toMatchObject({ rows: 2, created: 0, updated: 0, unchanged: 2, removed: 0, refused: 0 })
    const done = await applied(acc.owner.auth, report.id)
    expect(done.counts).toMatchObject({ unchanged: 2 })
    expect(await dealerCars()).toEqual(before)
  })

  test('a changed car is updated and a missing one sold, as the dealer chose; a car on sale with a material change is reviewed again', async () => {
    await t.db
      .update(listings)
      .set({ status: 'published', publishedAt: new Date() })
      .where(eq(listings.dealerId, team.dealerId))
    const report = await dryRun(
      acc.owner.auth,
      csv(car('A1', 11_500_000, 'JTNB11HK503012345'), car('A5', 7_000_000)),
      '&missing=sold',
    )
    expect(report.rows.map((r) => [r.externalId, r.outcome])).toEqual([
      ['A1', 'updated'],
      ['A5', 'created'],
      ['A2', 'removed'],
    ])
    await applied(acc.owner.auth, report.id)
    expect((await dealerCars()).map((c) => [c.externalId, c.status, c.priceKzt])).toEqual([
      ['A1', 'published', 11_500_000],
      ['A2', 'sold', 9_500_000],
      ['A5', 'moderation', 7_000_000],
    ])
    // A price drop beyond 20% is material: back to moderation, as a typed listing's edit.
    const drop = await dryRun(
      acc.owner.auth,
      csv(car('A1', 5_000_000, 'JTNB11HK503012345'), car('A5', 7_000_000)),
      '&missing=keep',
    )
    expect(drop.counts).toMatchObject({ updated: 1, unchanged: 1, removed: 0 })
    await applied(acc.owner.auth, drop.id)
    expect((await dealerCars()).map((c) => c.status)).toEqual(['moderation', 'sold', 'moderation'])
  })

  test('a discarded dry run is never applied; the history lists every import, newest first', async () => {
    const report = await dryRun(acc.owner.auth, csv(car('A9')))
    const discarded = await post(acc.manager.auth, report.id, 'discard')
    expect(discarded.json().status).toBe('discarded')
    expect((await post(acc.owner.auth, report.id, 'apply')).statusCode).toBe(409)
    const list = FeedImportList.parse(
      (await t.app.inject({ url: `/api/dealers/${team.dealerId}/imports/`, headers: acc.manager.auth })).json(),
    )
    expect(list.results.map((r) => r.status).slice(0, 2)).toEqual(['discarded', 'applied'])
    expect(list.results.at(-1)?.id).toBe(first)
    const foreign = await t.app.inject({
      url: `/api/dealers/${team.otherDealerId}/imports/${report.id}/`,
      headers: acc.otherOwner.auth,
    })
    expect(foreign.statusCode).toBe(404)
  })
})

describe('feeds refused whole', () => {
  test('a file that is not a feed is stored as refused; an XML feed is read like a CSV one', async () => {
    const pdf = await upload(
      acc.owner.auth,
      Buffer.from('%PDF-1.7\n\u0000\u0001binary'),
      '',
      'application/octet-stream',
    )
    expect(pdf.statusCode).toBe(201)
    expect(pdf.json()).toMatchObject({ status: 'refused', refused: { code: 'feed.not_a_feed' }, rows: [] })
    const xml = readFileSync(new URL('../../../../../docs/feeds/template.xml', import.meta.url))
    const report = await upload(acc.owner.auth, xml, '&missing=keep', 'application/xml')
    expect(report.json()).toMatchObject({ status: 'dry_run', format: 'xml', counts: { rows: 2, created: 2 } })
  })

  test('a feed declared over 50 MB is refused with 413 before it is read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/dealers/${team.dealerId}/imports/`,
      headers: { ...acc.owner.auth, 'content-type': 'text/csv', 'content-length': String(51 * 1024 * 1024) },
      payload: csv(car('B1')),
    })
    expect([res.statusCode, res.json().code]).toEqual([413, 'feed.too_large'])
  })

  test('a feed over the limit is refused while it streams, without reading the rest', async () => {
    const feeds = createFeedsService({
      db: t.db,
      reference: createReferenceService({ db: t.db }),
      limiter: t.limiter,
      dealers: t.services.dealers,
      maxBytes: 64 * 1024,
    })
    let pulled = 0
    async function* endless() {
      for (;;) {
        pulled++
        yield Buffer.from(`${car(`X${pulled}`)}\n`.repeat(200))
      }
    }
    const user = { id: acc.owner.id, email: acc.owner.email, name: 'Владелец', emailVerified: true }
    await expect(
      feeds.upload(user, team.dealerId, endless(), { missingCars: 'keep', locale: 'en' }),
    ).rejects.toMatchObject({
      code: 'feed.too_large',
      status: 413,
    })
    expect(pulled).toBeLessThan(20)
  })
})

describe('an apply is all or nothing', () => {
  test('a failure half-way leaves no car written and the dry run still waiting; the template is served', async () => {
    const failing = createFeedsService({
      db: t.db,
      reference: createReferenceService({ db: t.db }),
      limiter: t.limiter,
      dealers: t.services.dealers,
      afterApplyStep: (step) => {
        if (step === 'updated') throw new Error('the disk is full')
      },
    })
    const before = await dealerCars()
    const report = await dryRun(
      acc.owner.auth,
      csv(car('C1'), car('C2'), car('A1', 6_000_000, 'JTNB11HK503012345')),
      '&missing=removed',
    )
    expect(report.counts).toMatchObject({ created: 2, updated: 1, removed: 1 })
    const user = { id: acc.owner.id, email: acc.owner.email, name: 'Владелец', emailVerified: true }
    await expect(failing.apply(user, team.dealerId, report.id, 'en')).rejects.toThrow('the disk is full')
    expect(await dealerCars()).toEqual(before)
    const waiting = await t.app.inject({
      url: `/api/dealers/${team.dealerId}/imports/${report.id}/`,
      headers: acc.owner.auth,
    })
    expect(waiting.json().status).toBe('dry_run')
    const done = await applied(acc.owner.auth, report.id)
    expect(done.counts).toMatchObject({ created: 2, updated: 1, removed: 1 })
    const cars = await t.db
      .select({ status: listings.status })
      .from(listings)
      .where(and(eq(listings.dealerId, team.dealerId), eq(listings.externalId, 'A5')))
    expect(cars).toEqual([{ status: 'archived' }])

    const template = await t.app.inject({ url: '/api/feeds/template.csv' })
    expect(template.statusCode).toBe(200)
    expect(template.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(template.body.split('\r\n')[0]).toMatch(/^external_id,make,model,year/)
  })
})

describe('the desk and the history', () => {
  test("the dealer's people see the dealer's cars by search and status; others are refused", async () => {
    const stock = await t.app.inject({ url: `/api/dealers/${team.dealerId}/stock/?q=c1`, headers: acc.manager.auth })
    expect(stock.statusCode).toBe(200)
    expect(stock.json()).toMatchObject({ total: 1, results: [{ externalId: 'C1', title: 'Toyota Camry 2019' }] })
    const sold = await t.app.inject({
      url: `/api/dealers/${team.dealerId}/stock/?status=sold`,
      headers: acc.owner.auth,
    })
    expect(sold.json().results.map((r: { externalId: string }) => r.externalId)).toEqual(['A2'])
    const other = await t.app.inject({ url: `/api/dealers/${team.dealerId}/stock/`, headers: acc.privateUser.auth })
    expect(other.statusCode).toBe(403)
  })

  test("an import's per-car report is purged after 180 days; its summary stays in the history", async () => {
    const [old] = await t.db
      .select({ id: feedImports.id })
      .from(feedImports)
      .where(eq(feedImports.dealerId, team.dealerId))
      .orderBy(feedImports.id)
      .limit(1)
    if (!old) throw new Error('no import')
    await t.db
      .update(feedImports)
      .set({ createdAt: new Date(Date.now() - 181 * 86_400_000) })
      .where(eq(feedImports.id, old.id))
    const removed = await createRetention({ db: t.db }).runPurge('feed-reports')
    expect(removed.feed_import_rows).toBeGreaterThan(0)
    expect(await t.db.select().from(feedImportRows).where(eq(feedImportRows.importId, old.id))).toEqual([])
    const left = await t.db.select({ n: feedImportRows.seq }).from(feedImportRows)
    expect(left.length).toBeGreaterThan(0)
    const summary = await t.app.inject({
      url: `/api/dealers/${team.dealerId}/imports/${old.id}/`,
      headers: acc.owner.auth,
    })
    expect(summary.json()).toMatchObject({ status: 'applied', counts: { created: 2 }, rows: [] })
  })
})

describe('the report in the reader’s language', () => {
  const read = (auth: Auth, path: string) =>
    t.app.inject({ url: `/api/dealers/${team.dealerId}/imports/${path}`, headers: auth })

  test('a report uploaded in Russian reads in English and in Kazakh to whoever opens it, its refusals too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/dealers/${team.dealerId}/imports/?lang=ru&missing=keep`,
      headers: { ...acc.manager.auth, 'content-type': 'text/csv' },
      payload: csv(car('L1', 0), car('L2', 8_000_000, 'JTNB11HK503012399')),
    })
    const uploaded = FeedImport.parse(res.json())
    const reasons = (report: FeedImport) => report.rows.map((r) => r.problems.map((p) => p.message))
    expect(reasons(uploaded)).toEqual([
      [expect.stringMatching(/^Цена должна быть от 1 до/)],
      [expect.stringMatching(/^Автомобиль с этим VIN уже продаёт другой продавец \(объявление № \d+\)/)],
    ])
    const english = FeedImport.parse((await read(acc.owner.auth, `${uploaded.id}/?lang=en`)).json())
    expect(reasons(english)).toEqual([
      [expect.stringMatching(/^The price must be from 1 to 10 000 000 000 ₸/)],
      [expect.stringMatching(/^Another seller already sells a car with this VIN \(listing No\. \d+\)/)],
    ])
    expect(english.rows.map((r) => r.problems.map((p) => [p.code, p.field]))).toEqual(
      uploaded.rows.map((r) => r.problems.map((p) => [p.code, p.field])),
    )
    const kazakh = FeedImport.parse((await read(acc.owner.auth, `${uploaded.id}/?lang=kk`)).json())
    expect(reasons(kazakh)[0]).toEqual([expect.stringMatching(/^Баға 1-ден/)])

    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/dealers/${team.dealerId}/imports/?lang=ru`,
      headers: { ...acc.manager.auth, 'content-type': 'text/csv' },
      payload: 'make,model\nToyota,Camry',
    })
    expect(refused.json().refused.message).toMatch(/^В заголовке CSV нет обязательных колонок: external_id/)
    const history = FeedImportList.parse((await read(acc.owner.auth, '?lang=en')).json())
    expect(history.results.find((i) => i.id === refused.json().id)?.refused?.message).toMatch(
      /^The CSV header lacks required columns: external_id/,
    )
  })

  test('a report stored before its reasons’ parameters were kept reads as it was written', async () => {
    const [stored] = await t.db
      .select({ importId: feedImportRows.importId, seq: feedImportRows.seq, problems: feedImportRows.problems })
      .from(feedImportRows)
      .innerJoin(feedImports, eq(feedImports.id, feedImportRows.importId))
      .where(and(eq(feedImports.dealerId, team.dealerId), eq(feedImportRows.outcome, 'refused')))
      .limit(1)
    if (!stored) throw new Error('no refused row')
    const old = stored.problems.map(({ params: _, ...p }) => ({ ...p, message: 'Старая причина' }))
    await t.db
      .update(feedImportRows)
      .set({ problems: old })
      .where(and(eq(feedImportRows.importId, stored.importId), eq(feedImportRows.seq, stored.seq)))
    const report = FeedImport.parse((await read(acc.owner.auth, `${stored.importId}/?lang=en&outcome=refused`)).json())
    expect(report.rows.find((r) => r.seq === stored.seq)?.problems.map((p) => p.message)).toEqual(
      old.map(() => 'Старая причина'),
    )
  })
})
