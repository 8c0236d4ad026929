import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp } from '../../testing/test-app.ts'

/*
 * The catalogue reads `/auto/{x}` as a brand or a city and `/auto/{brand}/{y}` as a model or a city
 * (apps/web/app/features/catalogue/readable-url.ts). That is only unambiguous while these slugs never collide.
 */
let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('slugs of the readable catalogue URLs', () => {
  test('no brand slug equals a city slug', async () => {
    const brands = await t.services.reference.listBrands()
    const cities = new Set((await t.services.reference.listCities('ru')).map((c) => c.slug))
    expect(brands.length).toBeGreaterThan(40)
    expect(cities.size).toBeGreaterThanOrEqual(20)
    expect(brands.filter((b) => cities.has(b.slug)).map((b) => b.slug)).toEqual([])
  })

  test('no model slug equals a city slug, so /auto/{brand}/{model} and /auto/{brand}/{city} never clash', async () => {
    const cities = new Set((await t.services.reference.listCities('ru')).map((c) => c.slug))
    const clashes: string[] = []
    let models = 0
    for (const brand of await t.services.reference.listBrands()) {
      for (const model of await t.services.reference.listModels(brand.slug)) {
        models++
        if (cities.has(model.slug)) clashes.push(`${brand.slug}/${model.slug}`)
      }
    }
    expect(models).toBeGreaterThan(300)
    expect(clashes).toEqual([])
  })

  test('every slug is a lowercase URL segment the search contract accepts', async () => {
    const segment = /^[a-z0-9-]{1,60}$/
    const brands = await t.services.reference.listBrands()
    const cities = await t.services.reference.listCities('ru')
    const bad = [...brands, ...cities].map((r) => r.slug).filter((s) => !segment.test(s) || s === 'all')
    expect(bad).toEqual([])
  })
})
