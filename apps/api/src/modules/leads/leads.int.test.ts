import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { leads } from '../../db/schema.ts'
import { accountHelpers } from '../../testing/accounts.ts'
import { createListing, createUser } from '../../testing/factories.ts'
import { createTestApp } from '../../testing/test-app.ts'
import { CAR_PAGE_LIMITS } from '../listings/index.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
const ids = { published: 0, sold: 0, archived: 0, draft: 0, moderation: 0 }
let ipN = 0
const nextIp = () => `10.2.0.${++ipN}`
const { signUp } = accountHelpers(() => t.app)

beforeAll(async () => {
  t = await createTestApp()
  const owner = await createUser(t.db)
  for (const status of ['published', 'sold', 'archived', 'draft', 'moderation'] as const) {
    const published = status === 'draft' || status === 'moderation' ? null : new Date()
    ids[status] = (await createListing(t.db, { ownerId: owner.id, status, publishedAt: published })).id
  }
})
afterAll(() => t.close())

const good = { phone: '8 (701) 555-12-34', lastName: '  Сейтказиев ', firstName: 'Ержан' }
const callback = (id: number | string, payload: unknown, ip = nextIp(), headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/cars/${id}/callback/`,
    payload: payload as object,
    remoteAddress: ip,
    headers,
  })
const leadsOf = (listingId: number) => t.db.select().from(leads).where(eq(leads.listingId, listingId))

describe('POST /api/cars/{id}/callback/', () => {
  test("stores a call-back lead with the phone in E.164 and answers 'request accepted'", async () => {
    const car = await createListing(t.db, {})
    const res = await callback(car.id, good)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'request accepted' })
    const [lead, ...more] = await leadsOf(car.id)
    expect(more).toHaveLength(0)
    expect(lead).toMatchObject({
      kind: 'callback',
      status: 'new',
      phone: '+77015551234',
      lastName: 'Сейтказиев',
      firstName: 'Ержан',
      userId: null,
    })
  })

  test('a signed-in buyer’s request is linked to their account', async () => {
    const car = await createListing(t.db, {})
    const buyer = await signUp()
    expect((await callback(car.id, good, nextIp(), buyer.auth)).statusCode).toBe(200)
    expect((await leadsOf(car.id))[0]?.userId).toBe(buyer.id)
  })

  test.each(['12345', '+7 (495) 123-45-67', 'eight seven oh one', '+77011234567890', '+1 202 555 0100'])(
    "%s is refused with 'Enter a valid phone number' and nothing is stored",
    async (phone) => {
      const car = await createListing(t.db, {})
      const res = await callback(car.id, { ...good, phone })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'phone.invalid', detail: 'Enter a valid phone number' })
      expect(await leadsOf(car.id)).toHaveLength(0)
    },
  )

  test("empty or blank fields are refused with 'This field is required' for each of them", async () => {
    const car = await createListing(t.db, {})
    const res = await callback(car.id, { phone: '', lastName: '   ', firstName: '' })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.code).toBe('validation.failed')
    const byField = Object.fromEntries(body.errors.map((e: { field: string; message: string }) => [e.field, e.message]))
    expect(byField).toEqual({
      'body.phone': 'This field is required',
      'body.lastName': 'This field is required',
      'body.firstName': 'This field is required',
    })
    expect(await leadsOf(car.id)).toHaveLength(0)
  })

  test.each([
    ['a missing field', { phone: good.phone, lastName: 'A' }, 'body.firstName'],
    ['an unknown field', { ...good, comment: 'hi' }, 'body.comment'],
    ['a name of 81 characters', { ...good, lastName: 'Я'.repeat(81) }, 'body.lastName'],
    ['a number instead of text', { ...good, phone: 87015551234 }, 'body.phone'],
  ])('%s is a 400 naming the field', async (_, payload, field) => {
    const car = await createListing(t.db, {})
    const res = await callback(car.id, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field)
    expect(await leadsOf(car.id)).toHaveLength(0)
  })

  test.each([
    ['sold', 409, 'listing.sold'],
    ['archived', 410, 'listing.gone'],
    ['draft', 404, 'listing.not_found'],
    ['moderation', 404, 'listing.not_found'],
  ] as const)('a %s car takes no requests (%i %s)', async (name, status, code) => {
    const id = ids[name]
    const res = await callback(id, good)
    expect(res.statusCode).toBe(status)
    expect(res.json().code).toBe(code)
    expect(await leadsOf(id)).toHaveLength(0)
  })

  test('an unknown car is a 404 and a malformed id a 400', async () => {
    expect((await callback(987654321, good)).statusCode).toBe(404)
    expect((await callback('x1', good)).statusCode).toBe(400)
  })

  test('one address is stopped after the limit (429 with Retry-After) and the refused request is not stored', async () => {
    const car = await createListing(t.db, {})
    const ip = nextIp()
    const { limit } = CAR_PAGE_LIMITS.callbackPerIpShort
    for (let i = 0; i < limit; i++) expect((await callback(car.id, good, ip)).statusCode).toBe(200)
    const refused = await callback(car.id, good, ip)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().code).toBe('rate_limited')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(await leadsOf(car.id)).toHaveLength(limit)
    // A typo does not use up an allowance, and other people are not affected.
    expect((await callback(car.id, { ...good, phone: '123' }, ip)).statusCode).toBe(400)
    expect((await callback(car.id, good, nextIp())).statusCode).toBe(200)
  })
})

describe('POST /api/credit/applications/ and GET /api/credit/programmes/', () => {
  const application = { carPriceKzt: 10_000_000, downPaymentKzt: 2_500_000, termMonths: 84, ...good }
  const apply = (payload: unknown, ip = nextIp(), headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/credit/applications/',
      payload: payload as object,
      remoteAddress: ip,
      headers,
    })
  const creditLeads = () => t.db.select().from(leads).where(eq(leads.kind, 'credit'))

  test('a guest’s application from the home page (no car) is stored as a credit lead', async () => {
    const before = (await creditLeads()).length
    const res = await apply(application)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'application sent' })
    const stored = await creditLeads()
    expect(stored).toHaveLength(before + 1)
    expect(stored.at(-1)).toMatchObject({
      kind: 'credit',
      status: 'new',
      listingId: null,
      userId: null,
      phone: '+77015551234',
      lastName: 'Сейтказиев',
      carPriceKzt: 10_000_000,
      downPaymentKzt: 2_500_000,
      termMonths: 84,
    })
  })

  test('a signed-in buyer’s application about a car is linked to both', async () => {
    const car = await createListing(t.db, {})
    const buyer = await signUp()
    expect((await apply({ ...application, listingId: car.id }, nextIp(), buyer.auth)).statusCode).toBe(200)
    expect(await leadsOf(car.id)).toEqual([expect.objectContaining({ kind: 'credit', userId: buyer.id })])
  })

  test.each([
    ['a phone that is not a KZ mobile', { phone: '123' }, 'phone.invalid'],
    ['an empty last name', { lastName: '  ' }, 'validation.failed'],
    ['the whole price down', { downPaymentKzt: 10_000_000 }, 'credit.down_payment_too_large'],
    ['a term of 0 months', { termMonths: 0 }, 'validation.failed'],
    ['a price in words', { carPriceKzt: 'ten million' }, 'validation.failed'],
  ])('%s is a 400 and stores nothing', async (_name, change, code) => {
    const before = (await creditLeads()).length
    const res = await apply({ ...application, ...change })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe(code)
    expect(await creditLeads()).toHaveLength(before)
  })

  test('a sold car takes no applications (409); the limit stops one address (429)', async () => {
    expect((await apply({ ...application, listingId: ids.sold })).statusCode).toBe(409)
    const ip = nextIp()
    const { limit } = CAR_PAGE_LIMITS.callbackPerIpShort
    for (let i = 0; i < limit; i++) expect((await apply(application, ip)).statusCode).toBe(200)
    expect((await apply(application, ip)).statusCode).toBe(429)
    // Counted apart from call-backs: the same address may still ask to be called back.
    const car = await createListing(t.db, {})
    expect((await callback(car.id, good, ip)).statusCode).toBe(200)
  })

  test('the programmes carry their sources, the state programme and the waiver rule', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/credit/programmes/' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.programmes.map((p: { id: string }) => p.id)).toEqual(['new-cars', 'used-cars', 'state-4'])
    expect(body.programmes[2]).toMatchObject({ annualRatePct: 4, maxLoanKzt: 10_000_000, maxCarPriceKzt: 15_000_000 })
    expect(body.dtiWaiver).toMatchObject({ until: '2026-12-31', usedDownPaymentOverPct: 50 })
    expect(body.termOptions).toEqual([12, 24, 36, 48, 60, 72, 84])
    for (const p of body.programmes) expect(p.sourceUrl).toMatch(/^https:\/\//)
    // Sources are named in the language asked for: Russian by default, then ?lang= or Accept-Language.
    expect(body.programmes[1].source).toBe('Банк ЦентрКредит, автомобили с пробегом из автосалонов (bcc.kz)')
    const kk = (await t.app.inject({ method: 'GET', url: '/api/credit/programmes/?lang=kk' })).json()
    expect(kk.programmes[2].source).toContain('Қазақстан Даму Банкі')
    expect(kk.dtiWaiver.source).toContain('ҚНРДА')
    const en = (
      await t.app.inject({ method: 'GET', url: '/api/credit/programmes/', headers: { 'accept-language': 'en-GB' } })
    ).json()
    expect(en.programmes[0].source).toBe('Car loan for a new car from a dealership (finance.kz listing)')
    // A language the site does not have is a bad request, as on every other route taking ?lang=.
    expect((await t.app.inject({ method: 'GET', url: '/api/credit/programmes/?lang=de' })).statusCode).toBe(400)
  })
})
