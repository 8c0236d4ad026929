import { FAVOURITES_LIMIT } from '@tulpar/contracts'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { favourites, listings } from '../../db/schema.ts'
import { accountHelpers } from '../../testing/accounts.ts'
import { createListing, createListingInModeration } from '../../testing/factories.ts'
import { useAccounts, useTestApp } from '../../testing/suite.ts'

const t = useTestApp()
const { signUp } = accountHelpers(() => t.app)
const { buyer, other, staff } = useAccounts(t, {
  buyer: { name: 'Покупатель' },
  other: { name: 'Другой' },
  staff: { name: 'Модератор', role: 'admin' },
})

type Auth = Record<string, string>
const add = (auth: Auth | undefined, id: number | string) =>
  t.app.inject({ method: 'PUT', url: `/api/favourites/${id}/`, ...(auth ? { headers: auth } : {}) })
const remove = (auth: Auth, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/favourites/${id}/`, headers: auth })
const list = async (auth: Auth, lang = 'ru') => {
  const res = await t.app.inject({ url: `/api/favourites/?lang=${lang}`, headers: auth })
  expect(res.statusCode).toBe(200)
  return res.json() as {
    count: number
    limit: number
    results: {
      listingId: number
      title: string
      status: string
      priceKzt: number | null
      priceKztAtSave: number | null
      priceChangeKzt: number | null
      car: { id: number; city: { name: string } } | null
    }[]
  }
}
const merge = (auth: Auth, listingIds: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/favourites/merge/', payload: { listingIds }, headers: auth })

describe('favourites', () => {
  test('a guest is asked to sign in (401) for every call', async () => {
    const car = await createListing(t.db)
    expect((await t.app.inject({ url: '/api/favourites/' })).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/favourites/ids/' })).statusCode).toBe(401)
    expect((await add(undefined, car.id)).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'DELETE', url: '/api/favourites/' })).statusCode).toBe(401)
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/favourites/merge/', payload: { listingIds: [] } })).statusCode,
    ).toBe(401)
  })

  test('the owner adds (twice is once), lists newest first with the price when saved, and removes', async () => {
    const user = await signUp()
    const first = await createListing(t.db, { priceKzt: 9_000_000 })
    const second = await createListing(t.db, { brand: 'hyundai', model: 'tucson', priceKzt: 12_500_000 })
    expect((await add(user.auth, first.id)).json()).toEqual({ count: 1 })
    expect((await add(user.auth, second.id)).json()).toEqual({ count: 2 })
    expect((await add(user.auth, second.id)).json()).toEqual({ count: 2 })
    const { results, count, limit } = await list(user.auth, 'en')
    expect({ count, limit }).toEqual({ count: 2, limit: FAVOURITES_LIMIT })
    expect(results.map((r) => r.listingId)).toEqual([second.id, first.id])
    expect(results[0]).toMatchObject({
      title: 'Hyundai Tucson, 2018',
      status: 'available',
      priceKzt: 12_500_000,
      priceKztAtSave: 12_500_000,
      priceChangeKzt: 0,
    })
    expect(results[0]?.car?.city.name).toBe('Almaty')
    const ids = await t.app.inject({ url: '/api/favourites/ids/', headers: user.auth })
    expect(ids.json()).toEqual({ ids: [second.id, first.id], count: 2 })

    expect((await remove(user.auth, first.id)).json()).toEqual({ count: 1 })
    // Removing what is not kept changes nothing and is not an error.
    expect((await remove(user.auth, first.id)).json()).toEqual({ count: 1 })
    expect((await list(user.auth)).results.map((r) => r.listingId)).toEqual([second.id])
  })

  test('only published cars can be added; bad ids are refused and change nothing', async () => {
    const user = await signUp()
    const waiting = await createListingInModeration(t.db)
    expect((await add(user.auth, waiting.id)).statusCode).toBe(404)
    expect((await add(user.auth, 987_654_321)).statusCode).toBe(404)
    expect((await add(user.auth, 'abc')).statusCode).toBe(400)
    expect((await add(user.auth, -1)).statusCode).toBe(400)
    expect((await list(user.auth)).count).toBe(0)
  })

  test('the wishlist shows the change since saved, and sold, unavailable and removed cars plainly', async () => {
    const user = await signUp()
    const cheaper = await createListing(t.db, { priceKzt: 10_000_000 })
    const sold = await createListing(t.db, { brand: 'kia', model: 'rio', priceKzt: 6_000_000 })
    const paused = await createListing(t.db, { brand: 'lada', model: 'granta', priceKzt: 4_000_000 })
    const deleted = await createListing(t.db, { brand: 'hyundai', model: 'accent', year: 2016, priceKzt: 5_000_000 })
    for (const c of [cheaper, sold, paused, deleted]) expect((await add(user.auth, c.id)).statusCode).toBe(200)

    await t.db.update(listings).set({ priceKzt: 9_200_000 }).where(eq(listings.id, cheaper.id))
    await t.db.update(listings).set({ status: 'sold' }).where(eq(listings.id, sold.id))
    await t.db.update(listings).set({ status: 'moderation' }).where(eq(listings.id, paused.id))
    // The seller deletes the car through the product (its row, photos and history go).
    const seller = { id: deleted.ownerId, role: 'user' } as Parameters<typeof t.services.selling.deleteListing>[0]
    await t.services.selling.deleteListing(seller, deleted.id)
    expect(await t.db.select().from(listings).where(eq(listings.id, deleted.id))).toEqual([])

    const byId = new Map((await list(user.auth)).results.map((r) => [r.listingId, r]))
    expect(byId.get(cheaper.id)).toMatchObject({ status: 'available', priceKzt: 9_200_000, priceChangeKzt: -800_000 })
    expect(byId.get(sold.id)).toMatchObject({ status: 'sold', title: 'Kia Rio, 2018' })
    expect(byId.get(sold.id)?.car?.id).toBe(sold.id)
    expect(byId.get(paused.id)).toMatchObject({ status: 'unavailable', car: null })
    expect(byId.get(deleted.id)).toMatchObject({
      status: 'removed',
      title: 'Hyundai Accent, 2016',
      priceKzt: null,
      priceKztAtSave: 5_000_000,
      priceChangeKzt: null,
      car: null,
    })
  })

  test('another user neither sees nor changes my favourites; staff have no special access', async () => {
    const car = await createListing(t.db)
    await add(buyer.auth, car.id)
    expect((await list(other.auth)).results.some((r) => r.listingId === car.id)).toBe(false)
    expect((await list(staff.auth)).results.some((r) => r.listingId === car.id)).toBe(false)
    // Their delete and clear touch only their own list.
    await remove(other.auth, car.id)
    await t.app.inject({ method: 'DELETE', url: '/api/favourites/', headers: staff.auth })
    expect((await list(buyer.auth)).results.some((r) => r.listingId === car.id)).toBe(true)
  })

  test('clear all empties only my list', async () => {
    const user = await signUp()
    const car = await createListing(t.db)
    await add(user.auth, car.id)
    await add(other.auth, car.id)
    const res = await t.app.inject({ method: 'DELETE', url: '/api/favourites/', headers: user.auth })
    expect(res.json()).toEqual({ count: 0 })
    expect((await list(user.auth)).count).toBe(0)
    expect((await list(other.auth)).results.some((r) => r.listingId === car.id)).toBe(true)
  })

  test("a guest's hearts are merged after sign-in: unknown and unpublished ids are skipped, nothing else lost", async () => {
    const user = await signUp()
    const kept = await createListing(t.db)
    const fresh = await createListing(t.db)
    const waiting = await createListingInModeration(t.db)
    await add(user.auth, kept.id)
    const res = await merge(user.auth, [kept.id, fresh.id, fresh.id, waiting.id, 999_999_999])
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ count: 2, added: 1 })
    expect(new Set((await list(user.auth)).results.map((r) => r.listingId))).toEqual(new Set([kept.id, fresh.id]))
    expect((await merge(user.auth, ['x'])).statusCode).toBe(400)
    expect(
      (
        await merge(
          user.auth,
          Array.from({ length: FAVOURITES_LIMIT + 1 }, (_, i) => i + 1),
        )
      ).statusCode,
    ).toBe(400)
  })

  test(`at most ${FAVOURITES_LIMIT} favourites, with a clear error and nothing half-saved`, async () => {
    const user = await signUp()
    const car = await createListing(t.db)
    const extra = await createListing(t.db)
    // Fill the list directly (500 listings through the API would only slow the test down).
    await t.db
      .insert(favourites)
      .values(Array.from({ length: FAVOURITES_LIMIT }, (_, i) => ({ userId: user.id, listingId: 10_000_000 + i })))
    const res = await add(user.auth, car.id)
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('favourites.limit')
    expect((await merge(user.auth, [car.id, extra.id])).statusCode).toBe(409)
    expect((await list(user.auth)).count).toBe(FAVOURITES_LIMIT)
  })
})
