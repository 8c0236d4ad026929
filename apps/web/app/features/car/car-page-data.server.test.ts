import { describe, expect, test } from 'vitest'
import { car, card } from '../../lib/car.testing.ts'
import { carShownOf, similarCardOf } from './car-page-data.server.ts'

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
