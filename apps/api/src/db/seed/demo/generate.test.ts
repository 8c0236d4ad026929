import { describe, expect, test } from 'vitest'
import { FAKE_REFERENCE, fakeOwners } from './fixtures.ts'
import { generateListings } from './generate.ts'
import { generateOwners } from './owners.ts'
import { drivenYears } from './pricing.ts'
import { createRng } from './random.ts'
import type { ListingRow } from './types.ts'
import { BODY_NUMBER_PATTERN, isValidVin } from './vin.ts'

const now = new Date('2026-06-15T12:00:00Z')
const owners = generateOwners(createRng(1), {
  count: 400,
  startN: 1,
  now,
  cities: FAKE_REFERENCE.cities,
  takenPhones: new Set(),
})
const big = generateListings(FAKE_REFERENCE, { count: 10_000, seed: 7, now, owners })
const share = (rows: ListingRow[], pred: (r: ListingRow) => boolean) => rows.filter(pred).length / rows.length

/** The columns the database's check constraint requires unless the listing is a draft. */
const REQUIRED: (keyof ListingRow)[] = [
  'brandId',
  'modelId',
  'year',
  'bodyType',
  'steering',
  'engineType',
  'transmission',
  'drive',
  'colour',
  'mileage',
  'mileageKm',
  'priceKzt',
  'contactPhone',
  'cityId',
]

describe('generateListings', () => {
  test('is deterministic for a seed and differs between seeds', () => {
    const a = generateListings(FAKE_REFERENCE, { count: 300, seed: 1, now, owners: fakeOwners(20) })
    const b = generateListings(FAKE_REFERENCE, { count: 300, seed: 1, now, owners: fakeOwners(20) })
    const c = generateListings(FAKE_REFERENCE, { count: 300, seed: 2, now, owners: fakeOwners(20) })
    expect(b).toEqual(a)
    expect(c.listings.map((l) => l.priceKzt)).not.toEqual(a.listings.map((l) => l.priceKzt))
  })

  test('ids are consecutive from firstId', () => {
    const batch = generateListings(FAKE_REFERENCE, { count: 50, seed: 1, now, owners, firstId: 1001 })
    expect(batch.listings.map((l) => l.id)).toEqual(Array.from({ length: 50 }, (_, i) => 1001 + i))
  })

  test('every non-draft listing has all required fields, a positive price and 1-3 photos with a cover first', () => {
    const photosByListing = Map.groupBy(big.photos, (p) => p.listingId)
    for (const row of big.listings) {
      const photos = photosByListing.get(row.id) ?? []
      expect(row.photoCount).toBe(photos.length)
      if (row.status === 'draft') continue
      for (const key of REQUIRED) expect(row[key], `${key} of ${row.id}`).not.toBeNull()
      expect(row.priceKzt).toBeGreaterThan(0)
      expect(row.description?.length).toBeGreaterThan(10)
      expect(photos.length).toBeGreaterThanOrEqual(1)
      expect(photos.length).toBeLessThanOrEqual(3)
      expect(photos[0]?.scene).toBe(0)
      expect(photos.map((p) => p.position)).toEqual(photos.map((_, i) => i))
      expect(row.contactPhone).toBe(owners.find((o) => o.id === row.ownerId)?.phone)
    }
  }, 30_000)

  test('mileage fits the age; new cars have almost none; miles are converted', () => {
    for (const row of big.listings) {
      if (row.mileageKm === null || row.year === null || row.mileage === null) continue
      const age = 2026 - row.year
      if (row.isNew) {
        expect(row.mileageKm).toBeLessThan(100)
        expect(row.year).toBeGreaterThanOrEqual(2025)
        continue
      }
      expect(row.mileageKm).toBeGreaterThanOrEqual(drivenYears(age) * 7_000)
      expect(row.mileageKm).toBeLessThanOrEqual((drivenYears(age) + 1) * 36_000)
      if (row.mileageUnit === 'mi') expect(Math.abs(row.mileageKm - row.mileage * 1.609344)).toBeLessThan(2)
      else expect(row.mileageKm).toBe(row.mileage)
    }
    expect(share(big.listings, (r) => r.mileageUnit === 'mi')).toBeGreaterThan(0.005)
    expect(share(big.listings, (r) => r.isNew)).toBeGreaterThan(0.02)
  })

  test('statuses are roughly in proportion', () => {
    const expected = { published: 0.92, sold: 0.03, moderation: 0.02, draft: 0.02, archived: 0.01 }
    for (const [status, p] of Object.entries(expected)) {
      expect(share(big.listings, (r) => r.status === status)).toBeCloseTo(p, 1)
      expect(Math.abs(share(big.listings, (r) => r.status === status) - p)).toBeLessThan(0.012)
    }
  })

  test('cities follow population', () => {
    const located = big.listings.filter((r) => r.cityId !== null)
    const almaty = share(located, (r) => r.cityId === 1)
    const kostanay = share(located, (r) => r.cityId === 5)
    expect(almaty).toBeGreaterThan(0.33)
    expect(almaty).toBeLessThan(0.46)
    expect(kostanay).toBeLessThan(0.08)
  })

  test('price history ends at the current price, earlier prices are higher, dates ascend', () => {
    const byListing = Map.groupBy(big.priceHistory, (p) => p.listingId)
    let withEarlier = 0
    let published = 0
    for (const row of big.listings) {
      const history = byListing.get(row.id) ?? []
      if (row.status !== 'published') continue
      published++
      expect(history.length).toBeGreaterThanOrEqual(1)
      expect(history.at(-1)?.priceKzt).toBe(row.priceKzt)
      expect(history[0]?.changedAt.getTime()).toBe(row.publishedAt?.getTime())
      for (let i = 1; i < history.length; i++) {
        expect((history[i - 1] as { priceKzt: number }).priceKzt).toBeGreaterThan(
          (history[i] as { priceKzt: number }).priceKzt,
        )
        expect((history[i - 1] as { changedAt: Date }).changedAt.getTime()).toBeLessThanOrEqual(
          (history[i] as { changedAt: Date }).changedAt.getTime(),
        )
      }
      if (history.length > 1) withEarlier++
      expect(row.publishedAt?.getTime()).toBeLessThanOrEqual(now.getTime())
      expect(row.createdAt.getTime()).toBeGreaterThan(now.getTime() - 91 * 86_400_000)
    }
    expect(withEarlier / published).toBeGreaterThan(0.25)
    expect(withEarlier / published).toBeLessThan(0.35)
  })

  test('VINs are valid; right-hand-drive cars have body numbers; shares of the flags are plausible', () => {
    for (const row of big.listings) {
      if (row.vin === null) continue
      if (row.steering === 'right') expect(row.vin).toMatch(BODY_NUMBER_PATTERN)
      else expect(isValidVin(row.vin)).toBe(true)
    }
    const rhd = big.listings.filter((r) => r.steering === 'right')
    expect(rhd.length / big.listings.length).toBeGreaterThan(0.015)
    expect(rhd.length / big.listings.length).toBeLessThan(0.05)
    expect(share(rhd, (r) => r.brandId === 1)).toBeGreaterThan(0.8)
    expect(share(big.listings, (r) => r.isDamaged)).toBeGreaterThan(0.02)
    expect(share(big.listings, (r) => r.isDamaged)).toBeLessThan(0.04)
    expect(share(big.listings, (r) => r.isCustomsCleared)).toBeGreaterThan(0.93)
    expect(share(big.listings, (r) => r.isCreditAvailable)).toBeGreaterThan(0.2)
    expect(share(big.listings, (r) => r.isCreditAvailable)).toBeLessThan(0.4)
    expect(share(big.listings, (r) => r.isHot)).toBeGreaterThan(0.03)
    expect(share(big.listings, (r) => r.isBargainAllowed)).toBeCloseTo(0.6, 1)
    expect(share(big.listings, (r) => r.isExchangeAccepted)).toBeCloseTo(0.25, 1)
  })

  test('Tulpar cars are at most 12 years old, undamaged, inspected and have a report', () => {
    const tulpar = big.listings.filter((r) => r.isTulpar)
    expect(tulpar.length / big.listings.length).toBeGreaterThan(0.025)
    expect(tulpar.length / big.listings.length).toBeLessThan(0.06)
    const reports = new Map(big.inspections.map((r) => [r.listingId, r]))
    for (const row of tulpar) {
      expect(2026 - (row.year as number)).toBeLessThanOrEqual(12)
      expect(row.isDamaged).toBe(false)
      expect(row.isInspected).toBe(true)
      const report = reports.get(row.id)
      expect(report?.vin).toBe(row.vin)
      expect(report?.name).toBe('TulparAutoCheck')
      expect(report?.summary.length).toBe(8)
      if (report?.status === 'ready') expect(report.reportDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      else expect(report?.reportDate).toBeNull()
    }
    expect(big.inspections.length).toBe(tulpar.length)
  })

  test('options fit the car; electric cars have no engine volume and a range', () => {
    for (const row of big.listings) {
      if (row.engineType === 'electric') {
        expect(row.engineVolumeCc).toBeNull()
        expect(row.rangeKm).toBe(605)
        expect(row.options).not.toContain('engine_preheater')
      }
      if (row.bodyType === 'sedan') expect(row.options).not.toContain('third_row_seats')
      if ((row.year as number) < 2016) expect(row.options).not.toContain('carplay_android_auto')
    }
    const avg = (rows: ListingRow[]) => rows.reduce((s, r) => s + r.options.length, 0) / rows.length
    const prado = big.listings.filter((r) => r.modelId === 3 && (r.year as number) >= 2018)
    const granta = big.listings.filter((r) => r.modelId === 4 && (r.year as number) >= 2018)
    expect(avg(prado)).toBeGreaterThan(avg(granta) * 1.5)
  })

  test('descriptions are varied and do not contradict the fields', () => {
    const sample = big.listings.filter((r) => r.description !== null).slice(0, 2000)
    expect(new Set(sample.map((r) => r.description)).size).toBeGreaterThan(1950)
    for (const row of big.listings) {
      const text = row.description
      if (!text) continue
      if (!row.isBargainAllowed) expect(text).not.toMatch(/Торг у машины|Торг\.|уступлю|торг уместен/)
      if (!row.isExchangeAccepted) expect(text).not.toMatch(/Рассмотрю обмен|Возможен обмен|Обмен рассмотрю/)
      if (!row.hasWarranty) expect(text).not.toMatch(/гаранти/i)
      if (!row.isDamaged) expect(text).not.toMatch(/ДТП|Битая|аварии/)
      if (row.engineType === 'electric') expect(text).not.toMatch(/[Мм]асло|ГБО|ГРМ/)
      if (row.mileageUnit === 'km') expect(text).not.toMatch(/миль/)
      if (row.steering === 'left') expect(text).not.toMatch(/[Пп]рав(ый руль|орульн)/)
      if (row.isCustomsCleared) expect(text).not.toMatch(/[Нн]е растаможен|без растаможки/)
      if (row.transmission !== 'AT') expect(text).not.toMatch(/Коробка — автомат/)
      if (!row.isTulpar) expect(text).not.toMatch(/Tulpar/)
      if (!row.options.includes('remote_start')) expect(text).not.toMatch(/автозапуск/)
    }
  })
})
