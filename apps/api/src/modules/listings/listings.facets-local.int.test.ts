import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createListing } from '../../testing/factories.ts'
import { createTestApp } from '../../testing/test-app.ts'

// Covers the catalogue branch's stand-in; replaced with the search branch's facets at merge.
let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
  await createListing(t.db, {})
  await createListing(t.db, { city: 'astana' })
  await createListing(t.db, { model: 'rav4' })
  await createListing(t.db, { brand: 'lada', model: 'granta', city: 'astana' })
  await createListing(t.db, { status: 'draft', publishedAt: null })
  await createListing(t.db, { status: 'sold', model: 'rav4' })
})
afterAll(() => t.close())

describe('listingFacets (stand-in)', () => {
  test('counts published listings per brand, and per model of the chosen brand', async () => {
    const f = await t.services.listings.listingFacets({ brand: 'toyota' }, 'ru')
    expect(f.total).toBe(4)
    expect(f.brands.map((b) => [b.slug, b.count])).toEqual([
      ['lada', 1],
      ['toyota', 3],
    ])
    expect(f.models.map((m) => [m.slug, m.count])).toEqual([
      ['camry', 2],
      ['rav4', 1],
    ])
  })

  test('counts within a city when one is given, and lists no models without a brand', async () => {
    const f = await t.services.listings.listingFacets({ city: 'astana' }, 'ru')
    expect(f.total).toBe(2)
    expect(f.brands.map((b) => [b.slug, b.count])).toEqual([
      ['lada', 1],
      ['toyota', 1],
    ])
    expect(f.models).toEqual([])
  })
})
