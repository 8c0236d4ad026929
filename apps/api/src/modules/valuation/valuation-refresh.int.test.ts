import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { listings, valuationRuns } from '../../db/schema.ts'
import { camryMarket } from '../../testing/camry-market.ts'
import { createUser } from '../../testing/factories.ts'
import { useTestApp } from '../../testing/suite.ts'
import { MARKET_RULES } from './market-rules.ts'
import { refreshAllEstimates } from './valuation.repository.ts'

/*
 * When market estimates are refreshed: at once when a moderator approves a listing or its owner changes the price,
 * and by the periodic run only when the last one is old enough; a refresh with nothing new writes nothing.
 * (The estimates themselves: valuation.int.test.ts.)
 */

const t = useTestApp()
const { ids, make, row, build, ownerId } = camryMarket(() => t.db)
beforeAll(build)

describe('when a listing changes', () => {
  const staff = async (role: 'moderator' | 'user') => {
    const u = await createUser(t.db, { role })
    return { id: u.id, email: u.email, name: u.name, role, emailVerified: true }
  }
  /** The market's owner, as the selling service takes a signed-in user. */
  const owner = () => ({
    id: ownerId(),
    email: 'owner@test.tulpar.kz',
    name: 'Owner',
    role: 'user',
    emailVerified: true,
  })

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
