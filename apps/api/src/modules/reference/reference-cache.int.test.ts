import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp } from '../../testing/test-app.ts'
import { createReferenceService, REFERENCE_CACHE_MS } from './reference.service.ts'
import { brands, cities, models } from './reference.tables.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('the city list a process keeps', () => {
  test('is read once a minute: a city added is listed after REFERENCE_CACHE_MS, not before', async () => {
    let clock = 1_000_000
    const reference = createReferenceService({ db: t.db, now: () => clock })
    const before = await reference.listCities('ru')
    await t.db.insert(cities).values({
      slug: 'test-aul',
      nameRu: 'Тестовый аул',
      nameKk: 'Сынақ ауылы',
      nameEn: 'Test Aul',
      populationK: 1,
      lat: 43,
      lng: 77,
      sort: 999,
    })
    try {
      clock += REFERENCE_CACHE_MS - 1
      expect(await reference.listCities('kk')).toHaveLength(before.length)
      clock += 2
      const after = await reference.listCities('kk')
      expect(after).toHaveLength(before.length + 1)
      expect(after.find((c) => c.slug === 'test-aul')?.name).toBe('Сынақ ауылы')
    } finally {
      await t.db.delete(cities).where(eq(cities.slug, 'test-aul'))
    }
  })
})

describe('the brands and models a process keeps', () => {
  test('are read once a minute: a brand and its model are listed after REFERENCE_CACHE_MS, not before', async () => {
    let clock = 1_000_000
    const reference = createReferenceService({ db: t.db, now: () => clock })
    const before = await reference.listBrands()
    const toyota = before.find((b) => b.slug === 'toyota')
    if (!toyota) throw new Error('the reference data has no Toyota')
    const toyotaModels = await reference.listModels('toyota')
    expect(await reference.listModels('test-brand')).toEqual([])
    const [brand] = await t.db
      .insert(brands)
      .values({ slug: 'test-brand', name: 'Test Brand', country: 'KZ' })
      .returning({ id: brands.id })
    const model = { slug: 'test-model', name: 'Test Model', bodyTypes: ['sedan'], yearFrom: 2020, newPriceKzt: 1 }
    await t.db.insert(models).values({ ...model, brandId: toyota.id })
    try {
      clock += REFERENCE_CACHE_MS - 1
      expect(await reference.listBrands()).toHaveLength(before.length)
      expect(await reference.listModels('toyota')).toHaveLength(toyotaModels.length)
      expect(await reference.listModels('test-brand')).toEqual([])
      clock += 2
      expect((await reference.listBrands()).map((b) => b.slug)).toContain('test-brand')
      expect((await reference.listModels('toyota')).map((m) => m.slug)).toContain('test-model')
      expect((await reference.listFormModels(toyota.id)).map((m) => m.slug)).toContain('test-model')
      // A brand that does not exist has no models, whatever its id.
      expect(await reference.listFormModels(987_654)).toEqual([])
    } finally {
      await t.db.delete(models).where(eq(models.slug, 'test-model'))
      if (brand) await t.db.delete(brands).where(eq(brands.id, brand.id))
    }
  })
})
