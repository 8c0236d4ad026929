import { SIMILAR_BAND_RATIO, similarBandOf, similarCarsPath } from '@tulpar/contracts'
import { describe, expect, test } from 'vitest'
import { tagsOfPageChange } from '../../db/page-changes.ts'
import { bandAnswerTags, bandWindow, SIMILAR_BAND_MS } from './car-page.bands.ts'

const at = Date.UTC(2026, 10, 28, 3, 0)
const rio = { modelId: 10, brandId: 2, bodyType: 'sedan', priceKzt: 6_000_000 }

describe("similar cars' price bands (decision 045)", () => {
  test('cars of one model and body within one 15% band share an address; another model, body or band does not', () => {
    const path = similarCarsPath(rio, 'ru')
    expect(path).toBe(`/api/cars/similar/?model=10&brand=2&body=sedan&band=${similarBandOf(6_000_000)}&lang=ru`)
    const low = SIMILAR_BAND_RATIO ** similarBandOf(6_000_000)
    expect(similarCarsPath({ ...rio, priceKzt: Math.ceil(low) }, 'ru')).toBe(path)
    expect(similarCarsPath({ ...rio, priceKzt: Math.floor(low * SIMILAR_BAND_RATIO) - 1 }, 'ru')).toBe(path)
    expect(similarCarsPath({ ...rio, priceKzt: Math.floor(low) - 1 }, 'ru')).not.toBe(path)
    expect(similarCarsPath({ ...rio, priceKzt: 7_000_000 }, 'ru')).not.toBe(path)
    expect(similarCarsPath({ ...rio, modelId: 11 }, 'ru')).not.toBe(path)
    expect(similarCarsPath({ ...rio, bodyType: 'hatchback' }, 'ru')).not.toBe(path)
    expect(similarCarsPath({ ...rio, bodyType: null }, 'ru')).not.toContain('body=')
    expect(similarCarsPath(rio, 'kk')).toContain('&lang=kk')
  })

  test('a price of 0 or 1 tenge is band 0; no price goes past the highest band', () => {
    expect(similarBandOf(0)).toBe(0)
    expect(similarBandOf(1)).toBe(0)
    expect(similarBandOf(Number.MAX_SAFE_INTEGER)).toBe(200)
  })

  test("a window's price is inside its band, moves every window, and the window ends when the next begins", () => {
    const band = similarBandOf(rio.priceKzt)
    const prices = new Set<number>()
    for (let w = 0; w < 24; w++) {
      const window = bandWindow(band, at + w * SIMILAR_BAND_MS)
      expect(window.priceKzt).toBeGreaterThanOrEqual(Math.floor(SIMILAR_BAND_RATIO ** band))
      expect(window.priceKzt).toBeLessThanOrEqual(Math.ceil(SIMILAR_BAND_RATIO ** (band + 1)))
      expect(bandWindow(band, window.until - 1)).toEqual(window)
      expect(bandWindow(band, window.until).until).toBe(window.until + SIMILAR_BAND_MS)
      prices.add(window.priceKzt)
    }
    // Spread over the band: four hours of windows never repeat a price, and cover most of its width.
    expect(prices.size).toBe(24)
    expect(Math.max(...prices) / Math.min(...prices)).toBeGreaterThan(1.12)
  })
})

describe("a band's answer in the guests' cache", () => {
  test('is purged by each car it shows and by a newcomer to a model it shows, not by its models leaving cars', () => {
    const car = (id: number, brand: string, model: string) => ({ id, brand: { slug: brand }, model: { slug: model } })
    const tags = bandAnswerTags([car(1, 'kia', 'rio'), car(2, 'kia', 'rio'), car(3, 'kia', 'k5')])
    expect(tags).toEqual(['listing:1', 'listing:2', 'listing:3', 'arrivals:kia/rio', 'arrivals:kia/k5'])
    // What a pause or a sale of a Rio not shown purges (db/page-changes.ts): none of them.
    expect(tags.some((tag) => tagsOfPageChange('l:9:kia:rio:almaty').includes(tag))).toBe(false)
    expect(tags.some((tag) => tagsOfPageChange('l:9:kia:rio:almaty:a').includes(tag))).toBe(true)
    expect(tags.some((tag) => tagsOfPageChange('l:2:kia:rio:almaty').includes(tag))).toBe(true)
  })
})
