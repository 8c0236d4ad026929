import type { ListingCard, ListingDetail } from '@tulpar/contracts'
import { describe, expect, test } from 'vitest'
import { carShownOf, similarCardOf } from './car-page-data.server.ts'

const card: ListingCard = {
  id: 7,
  brand: { id: 1, slug: 'toyota', name: 'Toyota' },
  model: { id: 2, slug: 'camry', name: 'Camry' },
  year: 2018,
  priceKzt: 12_500_000,
  mileage: 90_000,
  mileageUnit: 'km',
  mileageKm: 90_000,
  city: { id: 1, slug: 'almaty', name: 'Алматы' },
  bodyType: 'sedan',
  engineType: 'petrol',
  engineVolumeL: 2.5,
  transmission: 'AT',
  drive: 'FWD',
  isNew: false,
  isTulpar: false,
  isInspected: true,
  isHot: false,
  hasWarranty: false,
  isCreditAvailable: true,
  cover: { key: 'photos/abc', isIllustration: false },
  photoCount: 2,
  publishedAt: '2026-11-20T10:00:00.000Z',
  dealRating: 'good',
  monthlyPaymentKzt: 310_000,
  dealer: { id: 3, name: 'Astana Motors' },
  isPromoted: false,
  isHighlighted: true,
}

const car: ListingDetail = {
  ...card,
  status: 'published',
  generation: { id: 9, name: 'XV70' },
  steering: 'left',
  hasGasEquipment: false,
  engineVolumeCc: 2494,
  powerHp: 181,
  colour: { code: 'white', name: 'Белый', hex: '#ffffff' },
  bodyTypeName: 'Седан',
  engineTypeName: 'Бензин',
  options: [
    {
      code: 'comfort',
      name: 'Комфорт',
      options: [
        { code: 'climate_control', name: 'Климат-контроль' },
        { code: 'heated_front_seats', name: 'Подогрев передних сидений' },
      ],
    },
  ],
  isCustomsCleared: true,
  isDamaged: false,
  condition: 'good',
  rangeKm: null,
  vin: 'JTNB11HK103456789',
  description: 'Один владелец.',
  isBargainAllowed: true,
  isExchangeAccepted: false,
  viewsCount: 10,
  confirmedAt: '2026-11-20T10:00:00.000Z',
  photos: [{ key: 'photos/abc', width: 1200, height: 1600, isIllustration: false }],
  taxPerYear: { amountKzt: 29_697, ruleYear: 2026, mrpKzt: 4325, source: 'Налоговый кодекс' },
  totalCost: { priceKzt: 12_500_000, taxPerYear: null, loan: null, import: null },
  valuation: null,
  contactPhoneMasked: '+7 701 *** ** 67',
  phoneRevealsCount: 4,
  seller: { name: 'Айгерим', memberSince: '2025-01-01T00:00:00.000Z' },
  priceHistory: [{ priceKzt: 12_500_000, changedAt: '2026-11-20T10:00:00.000Z' }],
  inspectionReports: [],
  vinSeenBefore: { listings: 2, since: '2024-03-01T00:00:00.000Z' },
}

/** Every key path of a JSON value, arrays' items under `[]`. */
function paths(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => paths(v, `${at}[]`))
  if (value === null || typeof value !== 'object') return [at]
  return Object.entries(value).flatMap(([k, v]) => paths(v, at ? `${at}.${k}` : k))
}

describe("the car page's loader data", () => {
  test('the car keeps what its sections show and leaves the API-only fields on the server', () => {
    const shown = carShownOf(car)
    const sent = new Set(paths(shown))
    for (const kept of ['brand.slug', 'city.name', 'colour.name', 'generation.name', 'vinSeenBefore.listings']) {
      expect(sent, kept).toContain(kept)
    }
    for (const left of [
      'brand.id',
      'model.id',
      'city.slug',
      'colour.hex',
      'generation.id',
      'cover.key',
      'photoCount',
      'mileageKm',
      'engineVolumeCc',
      'phoneRevealsCount',
      'monthlyPaymentKzt',
      'photos[].width',
      'taxPerYear.source',
      'options[].code',
    ]) {
      expect(sent, left).not.toContain(left)
    }
    expect(shown.options).toEqual([{ name: 'Комфорт', options: ['Климат-контроль', 'Подогрев передних сидений'] }])
    expect(shown.taxPerYear).toEqual({ amountKzt: 29_697, ruleYear: 2026 })
    expect(shown.totalCost).toBe(car.totalCost)
    expect(JSON.stringify(shown).length).toBeLessThan(JSON.stringify(car).length * 0.8)
  })

  test("a similar car's card keeps what the card shows, without ids, slugs and counters", () => {
    const shown = similarCardOf(card)
    expect(shown).toMatchObject({ id: 7, brand: { name: 'Toyota' }, dealer: { name: 'Astana Motors' } })
    expect(shown.brand).not.toHaveProperty('slug')
    expect(shown.city).toEqual({ name: 'Алматы' })
    for (const left of ['mileageKm', 'bodyType', 'engineType', 'drive', 'photoCount', 'publishedAt']) {
      expect(shown).not.toHaveProperty(left)
    }
    expect(similarCardOf({ ...card, dealer: null }).dealer).toBeNull()
  })
})
