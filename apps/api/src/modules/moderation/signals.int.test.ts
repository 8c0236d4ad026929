import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { accountHelpers } from '../../testing/accounts.ts'
import {
  addListingPhoto,
  createListing,
  createListingInModeration,
  createUser,
  setRole,
} from '../../testing/factories.ts'
import { createTestApp } from '../../testing/test-app.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
let auth: Record<string, string>
const DAY = 86_400_000
const HOUR = 3_600_000
const ago = (ms: number) => new Date(Date.now() - ms)

beforeAll(async () => {
  t = await createTestApp()
  const moderator = await accountHelpers(() => t.app).signUp()
  await setRole(t.db, moderator.id, 'moderator')
  auth = moderator.auth
})
afterAll(() => t.close())

interface Signal {
  code: string
  triggered: boolean
  explanation: string
  relatedListingIds: number[]
  referenceKzt?: number | null
  referenceSource?: string | null
  comparables?: number | null
}

async function signals(id: number, lang = 'en'): Promise<Record<string, Signal>> {
  const res = await t.app.inject({ url: `/api/admin/listings/${id}/?lang=${lang}`, headers: auth })
  expect(res.statusCode).toBe(200)
  return Object.fromEntries((res.json().signals as Signal[]).map((s) => [s.code, s]))
}

async function queueSignals(id: number): Promise<string[]> {
  const res = await t.app.inject({ url: '/api/admin/moderation/queue/?limit=50', headers: auth })
  const item = res.json().results.find((r: { id: number }) => r.id === id)
  return item?.signals ?? []
}

/** An account old enough not to be "new". */
const oldSeller = () => createUser(t.db, { createdAt: ago(90 * DAY) })

describe('same VIN already listed by someone else', () => {
  test('fires for another owner’s published, moderation or sold listing, naming them', async () => {
    const vin = 'XTA21099011111111'
    const published = await createListing(t.db, { vin })
    const sold = await createListing(t.db, { vin, status: 'sold' })
    const pending = await createListingInModeration(t.db, { vin, ownerId: (await oldSeller()).id })
    const s = await signals(pending.id)
    expect(s.duplicate_vin).toMatchObject({ triggered: true, relatedListingIds: [published.id, sold.id] })
    expect(s.duplicate_vin?.explanation).toContain(`VIN ${vin} already appears in listings of other sellers`)
    expect(s.duplicate_vin?.explanation).toContain(`${published.id}, ${sold.id}`)
    expect(await queueSignals(pending.id)).toContain('duplicate_vin')
  })

  test('stays quiet for the same owner, for drafts, archived or rejected listings, and without a VIN', async () => {
    const owner = await oldSeller()
    const vin = 'XTA21099022222222'
    await createListing(t.db, { vin, ownerId: owner.id })
    await createListing(t.db, { vin, status: 'draft', publishedAt: null })
    await createListing(t.db, { vin, status: 'archived' })
    await createListing(t.db, { vin, status: 'rejected', publishedAt: null })
    const pending = await createListingInModeration(t.db, { vin, ownerId: owner.id })
    const s = await signals(pending.id)
    expect(s.duplicate_vin).toMatchObject({ triggered: false, relatedListingIds: [] })
    expect(s.duplicate_vin?.explanation).toBe(`No other seller has listed VIN ${vin}.`)
    expect(await queueSignals(pending.id)).not.toContain('duplicate_vin')

    const noVin = await createListingInModeration(t.db, { vin: null, ownerId: owner.id })
    expect((await signals(noVin.id)).duplicate_vin).toMatchObject({
      triggered: false,
      explanation: 'No VIN is given, so duplicates cannot be checked.',
    })
  })
})

describe('photos identical to another listing’s', () => {
  test('fires when a photo has the same SHA-256 as a photo of another listing', async () => {
    const original = await createListing(t.db)
    await addListingPhoto(t.db, original.id, { sha256: '1'.repeat(64) })
    const pending = await createListingInModeration(t.db, { ownerId: (await oldSeller()).id })
    await addListingPhoto(t.db, pending.id, { sha256: '1'.repeat(64), position: 0 })
    await addListingPhoto(t.db, pending.id, { sha256: '2'.repeat(64), position: 1 })
    const s = await signals(pending.id, 'ru')
    expect(s.duplicate_photos).toMatchObject({ triggered: true, relatedListingIds: [original.id] })
    expect(s.duplicate_photos?.explanation).toBe(
      `Фото, побайтно совпадающих с фотографиями других объявлений: 1 (№ ${original.id}).`,
    )
    expect(await queueSignals(pending.id)).toContain('duplicate_photos')
  })

  test('stays quiet for unique photos, for generated demo illustrations and for other people’s drafts', async () => {
    const illustrated = await createListing(t.db)
    await addListingPhoto(t.db, illustrated.id, { sha256: '3'.repeat(64), isIllustration: true })
    const draft = await createListing(t.db, { status: 'draft', publishedAt: null })
    await addListingPhoto(t.db, draft.id, { sha256: '4'.repeat(64) })
    const pending = await createListingInModeration(t.db, { ownerId: (await oldSeller()).id })
    await addListingPhoto(t.db, pending.id, { sha256: '3'.repeat(64), position: 0, isIllustration: true })
    await addListingPhoto(t.db, pending.id, { sha256: '4'.repeat(64), position: 1 })
    await addListingPhoto(t.db, pending.id, { sha256: '5'.repeat(64), position: 2 })
    const s = await signals(pending.id)
    expect(s.duplicate_photos).toMatchObject({ triggered: false, relatedListingIds: [] })
    expect(s.duplicate_photos?.explanation).toBe('None of the uploaded photos (2) matches a photo of another listing.')

    const bare = await createListingInModeration(t.db, { ownerId: (await oldSeller()).id })
    expect((await signals(bare.id)).duplicate_photos?.explanation).toBe('There are no uploaded photos to compare.')
  })
})

describe('price far below the market', () => {
  test('compares with the listing’s market estimate first: under 70% fires, 75% does not', async () => {
    const owner = (await oldSeller()).id
    const cheap = await createListingInModeration(t.db, {
      ownerId: owner,
      priceKzt: 6_900_000,
      estimateKzt: 10_000_000,
      estimateLowKzt: 9_000_000,
    })
    const fair = await createListingInModeration(t.db, { ownerId: owner, priceKzt: 7_500_000, estimateKzt: 10_000_000 })
    const s = await signals(cheap.id)
    expect(s.low_price).toMatchObject({ triggered: true, referenceKzt: 10_000_000, referenceSource: 'estimate' })
    expect(s.low_price?.explanation).toBe(
      'The price 6,900,000 ₸ is 69% of the market estimate of 10,000,000 ₸. ' +
        'That is below the 70% threshold: a possible “too cheap” scam.',
    )
    expect(await queueSignals(cheap.id)).toContain('low_price')
    const f = await signals(fair.id)
    expect(f.low_price).toMatchObject({ triggered: false, referenceSource: 'estimate' })
    expect(f.low_price?.explanation).toContain('75% of the market estimate')
    expect(await queueSignals(fair.id)).not.toContain('low_price')
  })

  test('without an estimate, compares with the median of published listings of the same model, year ±1', async () => {
    // Hyundai Tucson 2019: comparables 2018-2020 only; other years and models do not count.
    const model = { brand: 'hyundai', model: 'tucson' }
    for (const [year, priceKzt] of [
      [2018, 11_000_000],
      [2019, 12_000_000],
      [2020, 14_000_000],
      [2021, 2_000_000],
    ] as const)
      await createListing(t.db, { ...model, year, priceKzt })
    await createListing(t.db, { brand: 'hyundai', model: 'santa-fe', year: 2019, priceKzt: 1_000_000 })
    await createListing(t.db, { ...model, year: 2019, priceKzt: 1_000_000, status: 'sold' })
    const owner = (await oldSeller()).id
    const cheap = await createListingInModeration(t.db, { ...model, year: 2019, priceKzt: 8_000_000, ownerId: owner })
    const fair = await createListingInModeration(t.db, { ...model, year: 2019, priceKzt: 9_000_000, ownerId: owner })

    const s = await signals(cheap.id, 'ru')
    expect(s.low_price).toMatchObject({
      triggered: true,
      referenceKzt: 12_000_000,
      referenceSource: 'median',
      comparables: 3,
    })
    expect(s.low_price?.explanation).toContain('67% медианной цены')
    expect(s.low_price?.explanation).toContain('по 3 опубликованным объявлениям той же модели 2018–2020 годов')
    expect((await signals(fair.id)).low_price).toMatchObject({ triggered: false, referenceKzt: 12_000_000 })
  })

  test('with fewer than 3 comparables and no estimate, says there is nothing to compare with', async () => {
    await createListing(t.db, { brand: 'kia', model: 'sorento', year: 2015, priceKzt: 10_000_000 })
    await createListing(t.db, { brand: 'kia', model: 'sorento', year: 2016, priceKzt: 10_000_000 })
    const pending = await createListingInModeration(t.db, {
      brand: 'kia',
      model: 'sorento',
      year: 2015,
      priceKzt: 1_000_000,
      ownerId: (await oldSeller()).id,
    })
    const s = await signals(pending.id)
    expect(s.low_price).toMatchObject({ triggered: false, referenceKzt: null, comparables: 2 })
    expect(s.low_price?.explanation).toBe(
      'There is no market estimate and fewer than 3 published listings of the same model from 2014–2016 to compare with.',
    )
  })
})

describe('new account', () => {
  test('fires for an account younger than 7 days and not for an older one', async () => {
    const young = await createUser(t.db, { createdAt: ago(2 * DAY) })
    const old = await createUser(t.db, { createdAt: ago(8 * DAY) })
    const a = await createListingInModeration(t.db, { ownerId: young.id })
    const b = await createListingInModeration(t.db, { ownerId: old.id })
    const s = await signals(a.id)
    expect(s.new_account).toMatchObject({ triggered: true })
    expect(s.new_account?.explanation).toMatch(
      /^The seller’s account was created on \d+ \w+ \d{4}, less than 7 days ago\.$/,
    )
    expect(await queueSignals(a.id)).toContain('new_account')
    expect((await signals(b.id)).new_account).toMatchObject({ triggered: false })
    expect(await queueSignals(b.id)).not.toContain('new_account')
    expect((await signals(a.id, 'kk')).new_account?.explanation).toContain('7 күннен аз уақыт бұрын')
  })
})

describe('complaints', () => {
  test('fires for open complaints about the listing and for the seller’s listings taken down after complaints', async () => {
    const seller = await oldSeller()
    const buyer = await createUser(t.db)
    const clean = await createListingInModeration(t.db, { ownerId: seller.id })
    expect((await signals(clean.id)).complaints).toMatchObject({ triggered: false, relatedListingIds: [] })
    expect(await queueSignals(clean.id)).not.toContain('complaints')

    // A car on sale reported and taken down; the seller's car now waiting in moderation carries that.
    const taken = await createListing(t.db, { ownerId: seller.id })
    await t.db.execute(`insert into listing_complaints (listing_id, reporter_id, reason, resolved_at, resolution)
      values (${taken.id}, '${buyer.id}', 'fraud', now(), 'taken_down')`)
    // A dismissed complaint about another of the seller's cars does not count.
    const dismissed = await createListing(t.db, { ownerId: seller.id })
    await t.db.execute(`insert into listing_complaints (listing_id, reporter_id, reason, resolved_at, resolution)
      values (${dismissed.id}, '${buyer.id}', 'sold', now(), 'dismissed')`)
    const s = (await signals(clean.id)).complaints
    expect(s).toMatchObject({ triggered: true, relatedListingIds: [taken.id], openComplaints: 0 })
    expect(s?.explanation).toBe(`Listings of this seller taken down after complaints: No. ${taken.id}.`)
    expect(await queueSignals(clean.id)).toContain('complaints')

    // An open complaint about the listing itself (reported while on sale, then edited back into moderation).
    const other = await oldSeller()
    const edited = await createListingInModeration(t.db, { ownerId: other.id })
    await t.db.execute(`insert into listing_complaints (listing_id, reporter_id, reason)
      values (${edited.id}, '${buyer.id}', 'wrong_price')`)
    expect((await signals(edited.id, 'kk')).complaints).toMatchObject({
      triggered: true,
      explanation: 'Бұл хабарландыруға қаралмаған шағымдар саны: 1.',
    })
  })
})

describe('wait statistics', () => {
  test('average and median wait of decisions, measured from entering moderation', async () => {
    // One that still waits, entered five hours ago: the oldest wait is at least that (the listings earlier tests left
    // may have entered a moment ago, which rounds to 0 s).
    await createListingInModeration(t.db, { enteredAt: ago(5 * HOUR) })
    const before = (await t.app.inject({ url: '/api/admin/moderation/stats/', headers: auth })).json()
    expect(before).toMatchObject({ decided: 0, measured: 0, averageWaitSeconds: null, medianWaitSeconds: null })
    expect(before.waiting).toBeGreaterThan(0)
    const waits = [1, 2, 6]
    for (const h of waits) {
      const l = await createListingInModeration(t.db, { enteredAt: ago(h * HOUR) })
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/listings/${l.id}/approve/`,
        headers: auth,
        payload: {},
      })
      expect(res.statusCode).toBe(200)
    }
    const after = (await t.app.inject({ url: '/api/admin/moderation/stats/', headers: auth })).json()
    expect(after).toMatchObject({ decided: 3, measured: 3, waiting: before.waiting, periodDays: 30 })
    expect(Math.abs(after.averageWaitSeconds - 3 * 3600)).toBeLessThan(60)
    expect(Math.abs(after.medianWaitSeconds - 2 * 3600)).toBeLessThan(60)
    expect(after.oldestWaitedSeconds).toBeGreaterThanOrEqual(5 * 3600 - 60)
  })
})
