import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { listings, valuationPending, valuationRuns } from '../../db/schema.ts'
import { camryMarket } from '../../testing/camry-market.ts'
import { createUser } from '../../testing/factories.ts'
import { useTestApp } from '../../testing/suite.ts'
import { MARKET_RULES } from './market-rules.ts'
import {
  refreshAllEstimates,
  refreshListingEstimate,
  valueAllListings,
  writePendingEstimates,
} from './valuation.repository.ts'

/*
 * When market estimates are refreshed: at once when a moderator approves a listing or its owner changes the price,
 * and by the periodic run only when the last one is old enough; a refresh with nothing new writes nothing.
 * (The estimates themselves: valuation.int.test.ts.)
 */

const t = useTestApp()
const { ids, make, row, build, ownerId } = camryMarket(() => t.db)
beforeAll(build)

/** The market's owner, as the selling service takes a signed-in user. */
const owner = () => ({
  id: ownerId(),
  email: 'owner@test.tulpar.kz',
  name: 'Owner',
  role: 'user',
  emailVerified: true,
})

describe('when a listing changes', () => {
  const staff = async (role: 'moderator' | 'user') => {
    const u = await createUser(t.db, { role })
    return { id: u.id, email: u.email, name: u.name, role, emailVerified: true }
  }
  test('a listing approved by a moderator is valued at once, without waiting for the periodic refresh', async () => {
    await refreshAllEstimates(t.db)
    await make('approved', {
      status: 'moderation',
      publishedAt: null,
      year: 2018,
      mileage: 90_000,
      mileageKm: 90_000,
      priceKzt: 9_500_000,
    })
    expect((await row('approved')).estimatedAt).toBeNull()
    await t.services.moderation.approveListing(await staff('moderator'), ids.approved as number, {}, 'ru')
    const after = await row('approved')
    expect(after.status).toBe('published')
    expect(after.estimateComparables).toBeGreaterThanOrEqual(MARKET_RULES.minComparables)
    expect(after.dealRating).toBe('great')
  })

  test("the owner's new price is valued at once: an ordinary car cut to 70% of its estimate becomes great", async () => {
    await refreshAllEstimates(t.db)
    const before = await row('camry12')
    expect(before.dealRating).not.toBe('great')
    await t.services.selling.changePrice(owner(), before.id, Math.round((before.estimateKzt as number) * 0.7))
    const after = await row('camry12')
    expect(after.status).toBe('moderation') // a 30% drop is material: it goes back to moderation
    await t.services.moderation.approveListing(await staff('moderator'), before.id, {}, 'ru')
    expect((await row('camry12')).dealRating).toBe('great')
  })

  test('a small price rise on a published listing changes its rating without moderation', async () => {
    await refreshAllEstimates(t.db)
    const before = await row('camry20')
    await t.services.selling.changePrice(owner(), before.id, Math.round((before.estimateKzt as number) * 1.4))
    const after = await row('camry20')
    expect(after.status).toBe('published')
    expect(after.dealRating).toBe('high')
    expect((after.estimatedAt as Date).getTime()).toBeGreaterThan((before.estimatedAt as Date).getTime())
  })
})

describe('refresh runs', () => {
  test('a second refresh with nothing new writes nothing, and every full refresh is recorded', async () => {
    await refreshAllEstimates(t.db)
    const before = await t.db.select().from(listings).where(eq(listings.status, 'published'))
    const runsBefore = await t.db.select().from(valuationRuns)
    const again = await refreshAllEstimates(t.db)
    expect(again.changed).toBe(0)
    expect(again.listings).toBe(before.length)
    const after = await t.db.select().from(listings).where(eq(listings.status, 'published'))
    expect(after).toEqual(before)
    const runs = await t.db.select().from(valuationRuns).orderBy(valuationRuns.id)
    expect(runs).toHaveLength(runsBefore.length + 1)
    expect(runs.at(-1)).toMatchObject({ listings: before.length, changed: 0, byRating: again.byRating })
  })

  test('the periodic refresh runs only when the last recorded run is old enough', async () => {
    const valuation = t.services.valuation
    await make('fresh', { year: 2019, mileage: 80_000, mileageKm: 80_000, priceKzt: 13_000_000 })
    // A run was recorded moments ago by the tests above: not due within the hour.
    expect(await valuation.refreshEstimatesIfStale(60 * 60_000)).toBeNull()
    expect((await row('fresh')).estimatedAt).toBeNull()
    const due = await valuation.refreshEstimatesIfStale(0)
    expect(due?.changed).toBeGreaterThanOrEqual(1)
    expect((await row('fresh')).dealRating).not.toBeNull()
  })
})

describe('a full refresh writes what it found in short batches (issue 39)', () => {
  /** Every published Camry's estimate moved, as if the market had: the next full refresh finds them all changed. */
  const shiftEstimates = () =>
    t.db.execute(sql`update listings set estimate_kzt = estimate_kzt + 100000 where status = 'published'`)

  test('the changes wait in valuation_pending until written, a batch at a time, and the run is recorded first', async () => {
    await refreshAllEstimates(t.db)
    await shiftEstimates()
    const runsBefore = (await t.db.select().from(valuationRuns)).length
    const counts = await valueAllListings(t.db)
    expect(counts.changed).toBeGreaterThan(10)
    expect(await t.db.select().from(valuationPending)).toHaveLength(counts.changed)
    expect(await t.db.select().from(valuationRuns)).toHaveLength(runsBefore + 1)
    // Nothing written yet: the shifted estimates are still there.
    const shifted = await row('camry3')
    expect(await writePendingEstimates(t.db, 7)).toBe(counts.changed)
    expect(await t.db.select().from(valuationPending)).toHaveLength(0)
    expect((await row('camry3')).estimateKzt).toBe((shifted.estimateKzt as number) - 100_000)
    expect((await refreshAllEstimates(t.db)).changed).toBe(0)
  })

  test('a listing whose price changed, or that was valued on its own, after the refresh read it keeps what it has', async () => {
    await refreshAllEstimates(t.db)
    await shiftEstimates()
    await valueAllListings(t.db)
    // Between the refresh's reading and its writing: the owner's new price (valued at once), and a listing paused.
    const before = await row('camry20')
    await t.services.selling.changePrice(owner(), before.id, Math.round((before.estimateKzt as number) * 1.2))
    const repriced = await row('camry20')
    expect(repriced.estimatedAt?.getTime()).toBeGreaterThan(before.estimatedAt?.getTime() as number)
    await t.db
      .update(listings)
      .set({ mileageKm: 150_000 })
      .where(eq(listings.id, ids.camry21 as number))
    const edited = await row('camry21')
    await refreshListingEstimate(t.db, ids.camry23 as number)
    const valued = await row('camry23')
    const staged = (await t.db.select().from(valuationPending)).length
    expect(await writePendingEstimates(t.db)).toBe(staged - 3)
    expect(await row('camry23')).toEqual(valued)
    expect(await row('camry20')).toEqual(repriced)
    expect((await row('camry21')).estimateKzt).toBe(edited.estimateKzt)
    expect((await row('camry22')).estimatedAt?.getTime()).toBeGreaterThan(edited.estimatedAt?.getTime() as number)
  })

  test('a refresh begins by dropping what an interrupted one left unwritten', async () => {
    await refreshAllEstimates(t.db)
    await shiftEstimates()
    await valueAllListings(t.db)
    const left = (await t.db.select().from(valuationPending)).length
    expect(left).toBeGreaterThan(0)
    await t.db.execute(sql`update listings set estimate_kzt = estimate_kzt + 1 where id = ${ids.camry5}`)
    const counts = await valueAllListings(t.db)
    // Staged again from the market as it is now, not added to the leftovers.
    expect(await t.db.select().from(valuationPending)).toHaveLength(counts.changed)
    await writePendingEstimates(t.db)
  })

  test('the periodic refresh writes its changes after it lets go of its lock', async () => {
    await refreshAllEstimates(t.db)
    await shiftEstimates()
    const due = await t.services.valuation.refreshEstimatesIfStale(0)
    expect(due?.written).toBe(due?.changed)
    expect(await t.db.select().from(valuationPending)).toHaveLength(0)
  })
})
