import { RECENTLY_VIEWED_LIMIT } from '@tulpar/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { listings } from '../../db/schema.ts'
import { accountHelpers } from '../../testing/accounts.ts'
import { createListing, createUser, setRole } from '../../testing/factories.ts'
import { createTestApp } from '../../testing/test-app.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
const { signUp } = accountHelpers(() => t.app)
const ids: Record<string, number> = {}
let owner: Awaited<ReturnType<typeof signUp>>

beforeAll(async () => {
  t = await createTestApp()
  owner = await signUp(undefined, 'secret12', 'Продавец')
  const make = async (name: string, o: Parameters<typeof createListing>[1] = {}) => {
    ids[name] = (await createListing(t.db, { ownerId: owner.id, ...o })).id
  }
  await make('camry', { year: 2018, priceKzt: 12_500_000 })
  await make('granta', { brand: 'lada', model: 'granta', year: 2020, priceKzt: 4_300_000, city: 'astana' })
  await make('rav4', { model: 'rav4', year: 2016, priceKzt: 11_000_000 })
  await make('draft', { status: 'draft', publishedAt: null })
  await make('moderation', { status: 'moderation', publishedAt: null })
  await make('sold', { status: 'sold' })
  await make('archived', { status: 'archived' })
})
afterAll(() => t.close())

const cards = (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/cars/cards/${query}`, headers })
const idsOf = (body: { results: { id: number }[] }) => body.results.map((r) => r.id)

describe('GET /api/cars/cards/', () => {
  test("a guest gets the cards of the cars on sale in the order asked, with the city named in the visitor's language", async () => {
    const res = await cards(`?ids=${ids.rav4},${ids.granta},${ids.camry}&lang=kk`)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(idsOf(body)).toEqual([ids.rav4, ids.granta, ids.camry])
    expect(body.results[1]).toMatchObject({
      brand: { slug: 'lada' },
      model: { slug: 'granta' },
      year: 2020,
      priceKzt: 4_300_000,
      city: { slug: 'astana', name: 'Астана' },
    })
  })

  test('drafts, listings under review, sold, removed and unknown cars are left out, and a repeated id counts once', async () => {
    const asked = [ids.draft, ids.camry, ids.moderation, ids.sold, ids.archived, 999_999_999, ids.camry]
    const res = await cards(`?ids=${asked.join(',')}`)
    expect(res.statusCode).toBe(200)
    expect(idsOf(res.json())).toEqual([ids.camry])
  })

  test('the owner, another user and staff get the same public cards (nothing private in them)', async () => {
    const other = await signUp(undefined, 'secret12', 'Покупатель')
    const staff = await signUp(undefined, 'secret12', 'Модератор')
    await setRole(t.db, staff.id, 'moderator')
    const asked = `?ids=${ids.moderation},${ids.granta},${ids.draft}`
    const guest = await cards(asked)
    for (const who of [owner, other, staff]) {
      const res = await cards(asked, who.auth)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual(guest.json())
    }
    expect(idsOf(guest.json())).toEqual([ids.granta])
  })

  test.each([
    ['no ids', ''],
    ['an empty list', '?ids='],
    ['a word', '?ids=camry'],
    ['a zero', '?ids=0'],
    ['a negative id', '?ids=-5'],
    ['a trailing comma', '?ids=1,'],
    ['spaces', '?ids=1,%202'],
    [
      `more than ${RECENTLY_VIEWED_LIMIT}`,
      `?ids=${Array.from({ length: RECENTLY_VIEWED_LIMIT + 1 }, (_, i) => i + 1).join(',')}`,
    ],
    ['an unknown language', '?ids=1&lang=de'],
    ['an unknown parameter', '?ids=1&all=true'],
  ])('%s is a 400 problem', async (_, query) => {
    const res = await cards(query)
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toContain('application/problem+json')
  })

  test(`${RECENTLY_VIEWED_LIMIT} ids are accepted`, async () => {
    const many = [ids.camry, ...Array.from({ length: RECENTLY_VIEWED_LIMIT - 1 }, (_, i) => 900_000_000 + i)]
    const res = await cards(`?ids=${many.join(',')}`)
    expect(res.statusCode).toBe(200)
    expect(idsOf(res.json())).toEqual([ids.camry])
  })

  test('a car taken off sale leaves the answer at once', async () => {
    const id = (await createListing(t.db, { ownerId: (await createUser(t.db)).id })).id
    expect(idsOf((await cards(`?ids=${id}`)).json())).toEqual([id])
    await t.db.update(listings).set({ status: 'sold' }).where(eq(listings.id, id))
    expect(idsOf((await cards(`?ids=${id}`)).json())).toEqual([])
  })
})
