import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { customerReviews } from '../../db/schema.ts'
import { createTestApp } from '../../testing/test-app.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('customer reviews from the maps services (home page)', () => {
  test('are listed newest first with rating, author, date and a link to the source', async () => {
    const reviews = await t.services.company.listReviews(6)
    expect(reviews).toHaveLength(6)
    for (const r of reviews) {
      expect(r.rating).toBeGreaterThanOrEqual(1)
      expect(r.rating).toBeLessThanOrEqual(5)
      expect(r.author.length).toBeGreaterThan(0)
      expect(r.reviewedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(r.sourceUrl).toMatch(/^https:\/\//)
    }
    const dates = reviews.map((r) => r.reviewedOn)
    expect(dates).toEqual([...dates].sort().reverse())
  })

  test('hidden reviews are neither listed nor counted, and the average follows the published ones', async () => {
    const before = await t.services.company.summariseReviews()
    const all = await t.services.company.listReviews(100)
    expect(before.count).toBe(all.length)
    const mean = all.reduce((sum, r) => sum + r.rating, 0) / all.length
    expect(before.averageRating).toBe(Math.round(mean * 10) / 10)

    const [hidden] = await t.db
      .insert(customerReviews)
      .values({
        author: 'Скрытый',
        rating: 1,
        text: 'Не для показа',
        source: '2gis',
        sourceUrl: 'https://2gis.kz/',
        reviewedOn: '2099-01-01',
        isPublished: false,
      })
      .returning()
    expect((await t.services.company.listReviews(100)).map((r) => r.author)).not.toContain('Скрытый')
    expect(await t.services.company.summariseReviews()).toEqual(before)
    if (hidden) await t.db.delete(customerReviews).where(eq(customerReviews.id, hidden.id))
  })

  test('with no published reviews the average is null, not zero', async () => {
    await t.db.update(customerReviews).set({ isPublished: false })
    expect(await t.services.company.summariseReviews()).toEqual({ count: 0, averageRating: null })
    expect(await t.services.company.listReviews()).toEqual([])
  })
})
