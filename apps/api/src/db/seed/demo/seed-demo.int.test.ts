import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isValidBin } from '@tulpar/contracts/business-id'
import { and, asc, count, eq, like, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { describe, expect, test } from 'vitest'
import { createLocalDiskStorage } from '../../../modules/media/index.ts'
import { type Database, type Db, openDatabase } from '../../client.ts'
import * as t from '../../schema.ts'
import { isValidVin, seedDemo, verifyPassword } from './index.ts'
import { DEMO_PASSWORD } from './password.ts'
import { DEMO_ROLLED_BACK_VIN, DEMO_VIN_STORIES } from './vin-histories.ts'

const MIGRATIONS = new URL('../../../../drizzle', import.meta.url).pathname
const NOW = new Date('2026-06-15T12:00:00Z')
const names = (ru: string, en = ru) => ({ nameRu: ru, nameKk: ru, nameEn: en })

/** A tiny reference set: 2 cities, 2 brands, 3 models, their generations and modifications, vocabularies. */
async function insertTinyReference(db: Db): Promise<void> {
  await db.insert(t.cities).values([
    { slug: 'almaty', ...names('Алматы', 'Almaty'), populationK: 2300, lat: 43.24, lng: 76.95 },
    { slug: 'astana', ...names('Астана', 'Astana'), populationK: 1500, lat: 51.13, lng: 71.43, sort: 1 },
  ])
  await db.insert(t.bodyTypes).values(['sedan', 'crossover', 'liftback'].map((code) => ({ code, ...names(code) })))
  await db.insert(t.engineTypes).values(['petrol', 'diesel', 'electric'].map((code) => ({ code, ...names(code) })))
  await db.insert(t.colours).values([
    { code: 'white', ...names('Белый', 'White'), hex: '#f4f5f0' },
    { code: 'black', ...names('Чёрный', 'Black'), hex: '#16171a', sort: 1 },
  ])
  await db.insert(t.optionGroups).values({ code: 'comfort', ...names('Комфорт', 'Comfort') })
  await db.insert(t.options).values(
    ['remote_start', 'heated_front_seats', 'rear_camera'].map((code) => ({
      code,
      groupCode: 'comfort',
      ...names(code),
    })),
  )
  const [toyota, lada] = await db
    .insert(t.brands)
    .values([
      { slug: 'toyota', name: 'Toyota', country: 'JP', popularity: 30 },
      { slug: 'lada', name: 'Lada', country: 'RU', popularity: 20 },
    ])
    .returning()
  if (!toyota || !lada) throw new Error('brands not inserted')
  const [camry, rav4, granta] = await db
    .insert(t.models)
    .values([
      {
        brandId: toyota.id,
        slug: 'camry',
        name: 'Camry',
        bodyTypes: ['sedan'],
        yearFrom: 2001,
        newPriceKzt: 19_000_000,
        popularity: 10,
      },
      {
        brandId: toyota.id,
        slug: 'rav4',
        name: 'RAV4',
        bodyTypes: ['crossover'],
        yearFrom: 2006,
        newPriceKzt: 17_000_000,
        popularity: 7,
      },
      {
        brandId: lada.id,
        slug: 'granta',
        name: 'Granta',
        bodyTypes: ['sedan', 'liftback'],
        yearFrom: 2011,
        newPriceKzt: 5_600_000,
        popularity: 9,
      },
    ])
    .returning()
  if (!camry || !rav4 || !granta) throw new Error('models not inserted')
  await db.insert(t.generations).values([
    { modelId: camry.id, name: 'XV40', yearFrom: 2006, yearTo: 2011 },
    { modelId: camry.id, name: 'XV50', yearFrom: 2011, yearTo: 2017 },
    { modelId: camry.id, name: 'XV70', yearFrom: 2017 },
    { modelId: granta.id, name: 'I', yearFrom: 2011 },
  ])
  await db.insert(t.modelModifications).values([
    {
      modelId: camry.id,
      engineType: 'petrol',
      engineVolumeCc: 2494,
      powerHp: 181,
      transmissions: ['AT'],
      drives: ['FWD'],
    },
    {
      modelId: rav4.id,
      engineType: 'petrol',
      engineVolumeCc: 1987,
      powerHp: 149,
      transmissions: ['CVT', 'MT'],
      drives: ['FWD', '4WD'],
    },
    {
      modelId: granta.id,
      engineType: 'petrol',
      engineVolumeCc: 1596,
      powerHp: 90,
      transmissions: ['MT', 'AT'],
      drives: ['FWD'],
    },
  ])
}

/**
 * The demo dealers of the tiny reference's cities: verified, with two showrooms or one, an owner and a manager who
 * sign in with the demo password, and a share of the city's cars on sale, sold by those two with their numbers.
 */
async function expectDemoDealers(db: Db): Promise<void> {
  const dealers = await db.select().from(t.dealers).orderBy(asc(t.dealers.id))
  expect(dealers.map((d) => [d.legalName, d.status, d.kind])).toEqual([
    ['ТОО «Алатау Моторс»', 'verified', 'legal_entity'],
    ['ТОО «Есиль Авто Центр»', 'verified', 'legal_entity'],
  ])
  for (const d of dealers) {
    expect(isValidBin(d.bin)).toBe(true)
    expect([d.descriptionRu, d.descriptionKk, d.descriptionEn].every((text) => text.length > 20)).toBe(true)
    const showrooms = await db.select().from(t.dealerShowrooms).where(eq(t.dealerShowrooms.dealerId, d.id))
    expect(showrooms.length).toBeGreaterThan(0)
    for (const s of showrooms) expect(s.cityId).toBe(d.cityId)
    const members = await db
      .select({ id: t.user.id, email: t.user.email, phone: t.user.phoneNumber, role: t.dealerMembers.role })
      .from(t.dealerMembers)
      .innerJoin(t.user, eq(t.user.id, t.dealerMembers.userId))
      .where(eq(t.dealerMembers.dealerId, d.id))
    expect(members.map((m) => m.role).sort()).toEqual(['manager', 'owner'])
    for (const m of members) {
      const [account] = await db.select().from(t.account).where(eq(t.account.userId, m.id))
      expect(await verifyPassword({ hash: account?.password ?? '', password: DEMO_PASSWORD })).toBe(true)
    }
    const stock = await db.select().from(t.listings).where(eq(t.listings.dealerId, d.id))
    expect(stock.length).toBeGreaterThan(0)
    for (const car of stock) {
      expect(car.status).toBe('published')
      expect(car.cityId).toBe(d.cityId)
      const seller = members.find((m) => m.id === car.ownerId)
      expect(car.contactPhone).toBe(seller?.phone)
    }
  }
  // Its stock is every 7th car on sale in its city (by id), at most 40 (the seller's journeys keep one of their own).
  const stock = (await db.select().from(t.listings)).filter((l) => l.dealerId !== null)
  expect(stock.length).toBeGreaterThan(0)
  for (const d of dealers) {
    const own = stock.filter((l) => l.dealerId === d.id)
    expect(own.length).toBeLessThanOrEqual(40)
    for (const l of own) expect([l.id % 7, l.cityId, l.status]).toEqual([0, d.cityId, 'published'])
  }
}

async function scenario(database: Database): Promise<void> {
  await database.migrate(MIGRATIONS)
  const { db } = database
  await insertTinyReference(db)
  const messages: string[] = []
  const result = await seedDemo(database, {
    listings: 200,
    seed: 11,
    now: NOW,
    media: null,
    onProgress: (m) => messages.push(m),
    chunkSize: 64,
  })
  expect(result.listings).toBe(200)
  expect(result.users).toBe(40)
  expect(result.illustrations).toBe(0)
  expect(messages.some((m) => m.startsWith('listings: 200/200'))).toBe(true)

  const countOf = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0
  expect(await countOf(t.listings)).toBe(200)
  // 40 sellers, and an owner and a manager for each of the two demo dealers whose city the tiny reference has.
  expect(result.dealers).toBe(2)
  expect(await countOf(t.user)).toBe(44)
  expect(await countOf(t.account)).toBe(44)
  expect(await countOf(t.profiles)).toBe(44)
  expect(await countOf(t.listingPhotos)).toBe(result.photos)

  const rows = await db.select().from(t.listings).orderBy(asc(t.listings.id))
  // Every listing waiting in moderation has its owner's `submitted` event at the time it entered.
  const waiting = rows.filter((r) => r.status === 'moderation')
  expect(waiting.length).toBeGreaterThan(0)
  const submitted = await db.select().from(t.moderationEvents).orderBy(asc(t.moderationEvents.listingId))
  expect(submitted.map((e) => [e.listingId, e.actorId, e.action, e.createdAt.getTime()])).toEqual(
    waiting.map((r) => [r.id, r.ownerId, 'submitted', r.statusChangedAt.getTime()]),
  )
  const history = await db
    .select()
    .from(t.listingPriceHistory)
    .orderBy(asc(t.listingPriceHistory.changedAt), asc(t.listingPriceHistory.id))
  const photos = await db.select().from(t.listingPhotos)
  const byListing = Map.groupBy(history, (h) => h.listingId)
  const photosByListing = Map.groupBy(photos, (p) => p.listingId)
  for (const row of rows) {
    if (row.status !== 'published') continue
    expect(row.coverPhotoKey).toMatch(/\S/)
    const own = photosByListing.get(row.id) ?? []
    expect(own.length).toBe(row.photoCount)
    expect(own.find((p) => p.position === 0)?.storageKey).toBe(row.coverPhotoKey)
    expect(
      own.every((p) => p.isIllustration && p.width === 1600 && p.height === 1200 && /^[0-9a-f]{64}$/.test(p.sha256)),
    ).toBe(true)
    const prices = byListing.get(row.id) ?? []
    expect(prices.length).toBeGreaterThanOrEqual(1)
    expect(prices.at(-1)?.priceKzt).toBe(row.priceKzt)
    if (row.vin && row.steering === 'left') expect(isValidVin(row.vin)).toBe(true)
  }
  for (const report of await db.select().from(t.inspectionReports)) {
    const listing = rows.find((r) => r.id === report.listingId)
    expect(listing?.isTulpar).toBe(true)
    expect(report.vin).toBe(listing?.vin)
    expect(report.summary.length).toBe(8)
  }

  // Owners sign in by e-mail with a credential account and the demo password.
  const [owner] = await db.select().from(t.user).where(eq(t.user.email, 'seller1@demo.tulpar.kz'))
  expect(owner?.emailVerified).toBe(true)
  expect(owner?.role).toBe('user')
  expect(owner?.phoneNumber).toMatch(/^\+77\d{9}$/)
  const [account] = await db
    .select()
    .from(t.account)
    .where(and(eq(t.account.userId, owner?.id ?? ''), eq(t.account.providerId, 'credential')))
  expect(account?.accountId).toBe(owner?.id)
  expect(await verifyPassword({ hash: account?.password ?? '', password: DEMO_PASSWORD })).toBe(true)
  const [profile] = await db
    .select()
    .from(t.profiles)
    .where(eq(t.profiles.userId, owner?.id ?? ''))
  expect(profile).toMatchObject({
    phone: owner?.phoneNumber,
    email: owner?.email,
    language: 'ru',
    fullName: owner?.name,
  })
  const listed = rows.filter((r) => r.ownerId === owner?.id)
  for (const r of listed) expect(r.contactPhone).toBe(owner?.phoneNumber)

  await expectDemoDealers(db)

  // A second run adds more: ids, seller numbers and the identity sequence continue; the dealers are not made twice.
  const again = await seedDemo(database, { listings: 30, seed: 11, now: NOW, media: null })
  expect(again.users).toBe(10)
  expect(again.dealers).toBe(0)
  expect(await countOf(t.dealers)).toBe(2)
  expect(await countOf(t.listings)).toBe(230)
  expect(await countOf(t.user)).toBe(54)
  const [seller50] = await db.select().from(t.user).where(like(t.user.email, 'seller50@%'))
  expect(seller50).toBeDefined()
  const [inserted] = await db
    .insert(t.listings)
    .values({ ownerId: owner?.id ?? '', status: 'draft' })
    .returning({ id: t.listings.id })
  expect(inserted?.id).toBe(231)
  // A VIN repeats only for the cars the demo market has seen more than once (vin-histories.ts) whose model this
  // reference has (the tiny one here has Toyota and Lada only), each with its readings over time: the Camry's
  // went back.
  const repeated = sql`select vin, count(*)::int as n, array_agg(mileage_km order by created_at) as km
    from listings where vin is not null group by vin having count(*) > 1 order by vin`
  const { rows: dupes } = (await db.execute(repeated)) as unknown as {
    rows: { vin: string; n: number; km: number[] }[]
  }
  expect(dupes.map((d) => d.vin).sort()).toEqual(
    DEMO_VIN_STORIES.filter((s) => ['toyota', 'lada'].includes(s.brand))
      .map((s) => s.vin)
      .sort(),
  )
  expect(dupes.find((d) => d.vin === DEMO_ROLLED_BACK_VIN)?.km.map(Number)).toEqual([98_000, 151_000, 112_000])

  // The catalogue's counts are exact after both loads (on PGlite they are added up after the load, not by the trigger).
  const stored = sql`select newness, city_id, brand_id, model_id, n from listing_counts where n <> 0 order by 1, 2, 3, 4`
  const expected = sql`
    select nw.newness, ct.city_id, bm.brand_id, bm.model_id, count(*)::int as n
    from listings l
    cross join lateral (values ('all'), (case when l.is_new then 'new' else 'used' end)) as nw(newness)
    cross join lateral (values (0), (l.city_id)) as ct(city_id)
    cross join lateral (values (0, 0), (l.brand_id, 0), (l.brand_id, l.model_id)) as bm(brand_id, model_id)
    where l.status = 'published'
    group by 1, 2, 3, 4 order by 1, 2, 3, 4`
  const countRows = async (query: SQL) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows
  const counted = await countRows(stored)
  expect(counted.length).toBeGreaterThan(10)
  expect(counted).toEqual(await countRows(expected))
}

/** pg's pool.end() resolves before the sockets are closed: wait for them instead of killing them. */
async function dropWhenClosed(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await admin.query(`drop database if exists ${name}`)
      return
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  await admin.query(`drop database if exists ${name} with (force)`)
}

describe('seedDemo', () => {
  test('fills an in-memory PGlite database', async () => {
    const database = await openDatabase({ url: null, dataDir: null })
    try {
      await scenario(database)
    } finally {
      await database.close()
    }
  }, 120_000)

  test('renders each illustration it uses once, into media storage', async () => {
    const database = await openDatabase({ url: null, dataDir: null })
    const dir = mkdtempSync(join(tmpdir(), 'seed-demo-media-'))
    try {
      await database.migrate(MIGRATIONS)
      await insertTinyReference(database.db)
      const media = createLocalDiskStorage(dir)
      const first = await seedDemo(database, { listings: 6, seed: 3, now: NOW, media })
      const keys = await database.db.selectDistinct({ key: t.listingPhotos.storageKey }).from(t.listingPhotos)
      expect(first.illustrations).toBe(keys.length)
      for (const { key } of keys) {
        expect(key).toMatch(/^illustrations\/[a-z]+-[0-9a-f]{6}-[012]$/)
        expect(await media.exists(`${key}/card.jpg`)).toBe(true)
      }
      const before = new Set(keys.map((k) => k.key))
      const second = await seedDemo(database, { listings: 6, seed: 3, now: NOW, media })
      const after = await database.db.selectDistinct({ key: t.listingPhotos.storageKey }).from(t.listingPhotos)
      expect(second.illustrations).toBe(after.filter((k) => !before.has(k.key)).length)
    } finally {
      await database.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)

  test.skipIf(!process.env.TEST_DATABASE_URL)(
    'fills a PostgreSQL database',
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL as string
      const name = `seed_demo_${randomBytes(5).toString('hex')}`
      const admin = new pg.Client({ connectionString: adminUrl })
      await admin.connect()
      await admin.query(`create database ${name}`)
      const url = new URL(adminUrl)
      url.pathname = `/${name}`
      const database = await openDatabase({ url: url.toString(), poolSize: 4 })
      try {
        await scenario(database)
      } finally {
        await database.close()
        await dropWhenClosed(admin, name)
        await admin.end()
      }
    },
    120_000,
  )
})
