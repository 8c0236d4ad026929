import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp } from '../../testing/test-app.ts'
import { brands, cities, generations, models } from '../reference/reference.tables.ts'
import { createPlaces } from './search.places.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function someIds() {
  const [model] = await t.db.select({ id: models.id, brandId: models.brandId }).from(models).limit(1)
  const [city] = await t.db.select({ id: cities.id }).from(cities).limit(1)
  if (!model || !city) throw new Error('the reference seed is missing')
  return {
    id: 1,
    brandId: model.brandId,
    modelId: model.id,
    cityId: city.id,
    generationId: null,
    colourCode: 'white',
    bodyType: 'sedan',
    engineType: 'petrol',
  }
}

describe("a car's reference names from the process's copy", () => {
  test('names brand, model, city, colour, body and engine type in every language, as the tables hold them', async () => {
    const places = createPlaces(t.db)
    const ids = await someIds()
    const named = await places.nameDetail(ids)
    const [brand] = await t.db.select().from(brands).where(eq(brands.id, ids.brandId))
    expect(named.brand).toEqual({ id: ids.brandId, slug: brand?.slug, name: brand?.name })
    expect(named.model.id).toBe(ids.modelId)
    expect(named.city.id).toBe(ids.cityId)
    expect(named.generation).toBeNull()
    expect(named.colour).toMatchObject({ code: 'white', nameRu: 'Белый', nameEn: 'White' })
    expect(named.colour.hex).toMatch(/^#[0-9a-f]{6}$/i)
    expect(named.bodyTypeNames).toMatchObject({ nameRu: 'Седан', nameEn: 'Sedan' })
    expect(named.engineTypeNames.nameKk).toBeTruthy()
    // The row's own columns pass through.
    expect(named.colourCode).toBe('white')
  })

  test('a generation added after the copy was read is named (read again once), an unknown one throws', async () => {
    const places = createPlaces(t.db)
    const ids = await someIds()
    await places.nameDetail(ids)
    const [added] = await t.db
      .insert(generations)
      .values({ modelId: ids.modelId, name: 'Test generation', yearFrom: 2020 })
      .returning({ id: generations.id })
    try {
      const named = await places.nameDetail({ ...ids, generationId: added?.id ?? 0 })
      expect(named.generation).toEqual({ id: added?.id, name: 'Test generation' })
      await expect(places.nameDetail({ ...ids, generationId: 2_000_000_000 })).rejects.toThrow(/does not exist/)
      await expect(places.nameDetail({ ...ids, colourCode: 'no-such-colour' })).rejects.toThrow(/does not exist/)
    } finally {
      await t.db.delete(generations).where(eq(generations.name, 'Test generation'))
    }
  })
})
