import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp } from '../../testing/test-app.ts'
import { createReferenceService, REFERENCE_CACHE_MS } from './reference.service.ts'
import { cities } from './reference.tables.ts'

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
