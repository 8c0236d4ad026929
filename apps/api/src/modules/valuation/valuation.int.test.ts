import { LoanTerms } from '@tulpar/contracts'
import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { listings } from '../../db/schema.ts'
import { camryMarket } from '../../testing/camry-market.ts'
import { useTestApp } from '../../testing/suite.ts'
import { estimateCar } from './car-estimate.ts'
import { annuityPayment } from './loan.ts'
import { type ComparableCar, estimateMarketPrice, fitPriceSlopes, isComparable } from './market-estimate.ts'
import { MARKET_RULES } from './market-rules.ts'
import { refreshAllEstimates, refreshListingEstimate } from './valuation.repository.ts'

/*
 * Market estimates: the SQL refresh of every listing or one, against the reference implementation
 * (market-estimate.ts), a car that is not a listing, and what the car page and the cards carry. (When estimates are
 * refreshed, on a moderator's approval, a price change or the periodic run: valuation-refresh.int.test.ts.)
 */

const t = useTestApp()
const { ids, make, row, build } = camryMarket(() => t.db)
beforeAll(build)

/** The published listings as stored, and as the reference implementation (market-estimate.ts) takes them. */
async function publishedCars() {
  const rows = await t.db.select().from(listings).where(eq(listings.status, 'published'))
  const cars: ComparableCar[] = rows.map((r) => ({
    id: r.id,
    brandId: r.brandId as number,
    modelId: r.modelId as number,
    steering: r.steering ?? 'left',
    isCustomsCleared: r.isCustomsCleared,
    isDamaged: r.isDamaged,
    priceKzt: r.priceKzt as number,
    year: r.year as number,
    mileageKm: r.mileageKm as number,
  }))
  return { rows, cars }
}

/** The reference implementation's estimate of `subject` among `cars`, with the slopes of its model's clean cars. */
function referenceEstimate(subject: ComparableCar, cars: ComparableCar[]) {
  const clean = cars.filter(
    (c) => c.modelId === subject.modelId && c.steering === 'left' && c.isCustomsCleared && !c.isDamaged,
  )
  return estimateMarketPrice(
    subject,
    cars.filter((c) => isComparable(subject, c)),
    fitPriceSlopes(clean),
  )
}

/** A stored listing's brand and model, for a car like it. */
const modelOf = (r: { brandId: number | null; modelId: number | null }) => ({
  brandId: r.brandId as number,
  modelId: r.modelId as number,
})

describe('full refresh', () => {
  test('rates a clearly cheap car great, an expensive one high, an ordinary one fair, and a lone model not at all', async () => {
    const counts = await refreshAllEstimates(t.db)
    expect(counts.listings).toBe(40 + 3 + 5 + 1) // every published listing, and nothing else

    const cheap = await row('cheap')
    expect(cheap.dealRating).toBe('great')
    expect(cheap.estimateComparables).toBeGreaterThanOrEqual(MARKET_RULES.minComparables)
    expect(cheap.estimateKzt).toBeGreaterThan(11_500_000)
    expect(cheap.estimateKzt).toBeLessThan(13_500_000)
    expect(cheap.estimateLowKzt).toBeLessThanOrEqual(cheap.estimateKzt as number)
    expect(cheap.estimateHighKzt).toBeGreaterThanOrEqual(cheap.estimateKzt as number)
    expect(cheap.estimatedAt).toBeInstanceOf(Date)
    expect((await row('dear')).dealRating).toBe('high')
    expect((await row('ordinary')).dealRating).toBe('fair')

    const lone = await row('lone')
    expect(lone).toMatchObject({ dealRating: null, estimateKzt: null, estimateComparables: 0 })
    expect(lone.estimatedAt).toBeInstanceOf(Date)
  })

  test(`needs ${MARKET_RULES.minComparables} comparables of the same steering: four right-hand-drive peers are not enough, five are`, async () => {
    await refreshAllEstimates(t.db)
    for (let i = 0; i < 5; i++) expect(await row(`rhd${i}`)).toMatchObject({ dealRating: null, estimateComparables: 4 })
    await make('rhd5', { year: 2018, steering: 'right', mileage: 104_000, mileageKm: 104_000, priceKzt: 9_300_000 })
    await refreshAllEstimates(t.db)
    for (let i = 0; i < 6; i++) {
      const r = await row(`rhd${i}`)
      expect(r.estimateComparables).toBe(5)
      expect(r.dealRating).not.toBeNull()
    }
  })

  test('sold listings and drafts are neither comparables nor valued', async () => {
    await refreshAllEstimates(t.db)
    expect(await row('soldCheap')).toMatchObject({ estimateKzt: null, dealRating: null, estimatedAt: null })
    expect(await row('draft')).toMatchObject({ estimateKzt: null, dealRating: null, estimatedAt: null })
    // The 1 M ₸ sold Camry would otherwise be the cheapest comparable of every 2018 Camry.
    expect((await row('ordinary')).estimateLowKzt).toBeGreaterThan(10_000_000)
  })

  test('the SQL refresh gives the same answers as the reference implementation, listing by listing', async () => {
    await refreshAllEstimates(t.db)
    const { rows, cars } = await publishedCars()
    let rated = 0
    for (const r of rows) {
      const subject = cars.find((c) => c.id === r.id) as ComparableCar
      const expected = referenceEstimate(subject, cars)
      expect(r.estimateComparables, `listing ${r.id}`).toBe(expected.comparables)
      expect(r.dealRating, `listing ${r.id}`).toBe(expected.estimate?.rating ?? null)
      if (!expected.estimate) continue
      rated++
      // Rounded to 10,000 ₸ on both sides; float differences can only tip a value across a rounding edge.
      expect(Math.abs((r.estimateKzt as number) - expected.estimate.estimateKzt)).toBeLessThanOrEqual(10_000)
      expect(Math.abs((r.estimateLowKzt as number) - expected.estimate.lowKzt)).toBeLessThanOrEqual(10_000)
      expect(Math.abs((r.estimateHighKzt as number) - expected.estimate.highKzt)).toBeLessThanOrEqual(10_000)
    }
    expect(rated).toBeGreaterThan(40)
    // The Camry market is big enough for its own slopes (not the fallback), and they find what was built in.
    const camrys = cars.filter((c) => c.modelId === (cars.find((x) => x.id === ids.cheap) as ComparableCar).modelId)
    const slopes = fitPriceSlopes(camrys.filter((c) => c.steering === 'left'))
    expect(slopes.perYear).not.toBe(MARKET_RULES.adjustment.perYear.fallback)
    expect(slopes.perYear).toBeGreaterThan(0.04)
    expect(slopes.perYear).toBeLessThan(0.14)
  })
})

describe('a car that is not a listing (garage, paid check)', () => {
  test('is valued by the same method as the reference, with the closest comparables as evidence', async () => {
    const ordinary = await row('ordinary')
    const car = { ...modelOf(ordinary), year: 2018, mileageKm: 95_000 }
    const got = await estimateCar(t.db, car)
    const { cars } = await publishedCars()
    const subject: ComparableCar = {
      ...car,
      id: -1,
      priceKzt: 1,
      steering: 'left',
      isCustomsCleared: true,
      isDamaged: false,
    }
    const expected = referenceEstimate(subject, cars)
    expect(got.comparables).toBe(expected.comparables)
    expect(got.comparables).toBeGreaterThan(MARKET_RULES.minComparables)
    expect(got.estimate?.estimateKzt).toBe(expected.estimate?.estimateKzt)
    expect(got.estimate?.lowKzt).toBe(expected.estimate?.lowKzt)
    expect(got.estimate?.highKzt).toBe(expected.estimate?.highKzt)
    // About 12.5 M for a 2018 Camry with 90,000 km, a little less with 95,000.
    expect(got.estimate?.estimateKzt).toBeGreaterThan(11_000_000)
    expect(got.estimate?.estimateKzt).toBeLessThan(13_000_000)
    expect(got.comparableIds).toHaveLength(6)
    const shown = cars.filter((c) => got.comparableIds.includes(c.id))
    for (const c of shown) expect(isComparable(subject, c)).toBe(true)
    // The sold cheap Camry is never evidence.
    expect(got.comparableIds).not.toContain(ids.soldCheap)
  })

  test('right-hand drive counts only right-hand-drive peers, and a lone model has no estimate', async () => {
    const rhd = await row('rhd0')
    const got = await estimateCar(t.db, { ...modelOf(rhd), year: 2017, mileageKm: 104_000, steering: 'right' })
    const peers = (await t.db.select().from(listings).where(eq(listings.status, 'published'))).filter(
      (r) => r.modelId === rhd.modelId && r.steering === 'right',
    )
    expect(peers.length).toBeGreaterThanOrEqual(MARKET_RULES.minComparables)
    expect(got.comparables).toBe(peers.length)
    expect(got.estimate).not.toBeNull()
    const lone = await row('lone')
    const none = await estimateCar(t.db, { ...modelOf(lone), year: 2023, mileageKm: 20_000 })
    expect(none.comparables).toBe(1)
    expect(none.estimate).toBeNull()
  })
})

describe('one listing', () => {
  test('a price change is valued at once, and only that listing is touched', async () => {
    await refreshAllEstimates(t.db)
    const before = await row('camry5')
    const others = await t.db
      .select({ id: listings.id, estimatedAt: listings.estimatedAt })
      .from(listings)
      .where(inArray(listings.id, [ids.camry6 as number, ids.ordinary as number]))
    await t.db
      .update(listings)
      .set({ priceKzt: Math.round((before.estimateKzt as number) * 0.7) })
      .where(eq(listings.id, before.id))
    const counts = await refreshListingEstimate(t.db, before.id)
    expect(counts).toEqual({ listings: 1, changed: 1, byRating: { great: 1, good: 0, fair: 0, high: 0, unrated: 0 } })
    const after = await row('camry5')
    expect(after.dealRating).toBe('great')
    expect((after.estimatedAt as Date).getTime()).toBeGreaterThanOrEqual((before.estimatedAt as Date).getTime())
    const othersAfter = await t.db
      .select({ id: listings.id, estimatedAt: listings.estimatedAt })
      .from(listings)
      .where(inArray(listings.id, [ids.camry6 as number, ids.ordinary as number]))
    expect(othersAfter).toEqual(others)
  })

  test('gives the same answer as the full refresh', async () => {
    await refreshAllEstimates(t.db)
    const full = await row('dear')
    await t.db.update(listings).set({ estimateKzt: null, dealRating: null }).where(eq(listings.id, full.id))
    await refreshListingEstimate(t.db, full.id)
    const single = await row('dear')
    expect({ ...single, estimatedAt: null }).toEqual({ ...full, estimatedAt: null })
  })

  test('a listing that is not published is left alone', async () => {
    expect((await refreshListingEstimate(t.db, ids.draft as number)).listings).toBe(0)
    expect((await refreshListingEstimate(t.db, 987_654_321)).listings).toBe(0)
    expect((await row('draft')).estimatedAt).toBeNull()
  })
})

describe('over HTTP', () => {
  test('the car page carries the valuation, the tax per year and the monthly payment', async () => {
    await refreshAllEstimates(t.db)
    const res = await t.app.inject(`/api/cars/${ids.cheap}/`)
    expect(res.statusCode).toBe(200)
    const car = res.json()
    const stored = await row('cheap')
    expect(car.valuation).toEqual({
      estimateKzt: stored.estimateKzt,
      lowKzt: stored.estimateLowKzt,
      highKzt: stored.estimateHighKzt,
      comparables: stored.estimateComparables,
      rating: 'great',
      estimatedAt: (stored.estimatedAt as Date).toISOString(),
    })
    expect(car.dealRating).toBe('great')
    // 2,500 cm³ petrol, 2018: 6 MRP + 7 ₸ × 500 at the 2026 MRP, full rate (under 10 years old).
    expect(car.taxPerYear).toMatchObject({ amountKzt: 6 * 4_325 + 3_500, ruleYear: 2026, mrpKzt: 4_325 })
    expect(car.monthlyPaymentKzt).toBe(annuityPayment(9_400_000 - 2_350_000, 25, 84))
  })

  test('a lone model has no valuation; a right-hand-drive car no monthly payment', async () => {
    await refreshAllEstimates(t.db)
    expect((await t.app.inject(`/api/cars/${ids.lone}/`)).json()).toMatchObject({ valuation: null, dealRating: null })
    expect((await t.app.inject(`/api/cars/${ids.rhd0}/`)).json().monthlyPaymentKzt).toBeNull()
  })

  test('cards carry the rating and the monthly payment', async () => {
    await refreshAllEstimates(t.db)
    const page = (await t.app.inject('/api/cars/?brand=toyota&model=camry&priceFrom=9400000&priceTo=9400000')).json()
    const cheap = page.results.find((c: { id: number }) => c.id === ids.cheap)
    expect(cheap).toMatchObject({ dealRating: 'great', monthlyPaymentKzt: annuityPayment(7_050_000, 25, 84) })
  })

  test('GET /api/cars/loan-terms/ answers the terms the cards use', async () => {
    const res = await t.app.inject('/api/cars/loan-terms/')
    expect(res.statusCode).toBe(200)
    const terms = LoanTerms.parse(res.json())
    expect(terms).toMatchObject({ downPaymentPct: 25, termMonths: 84, usedCars: { annualRatePct: 25 } })
    expect(terms.usedCars.source).toContain('Банк ЦентрКредит')
    const kk = LoanTerms.parse((await t.app.inject('/api/cars/loan-terms/?lang=kk')).json())
    expect(kk.newCars.source).toBe('Автосалоннан жаңа көлікке автонесие (finance.kz хабарландыруы)')
  })
})
