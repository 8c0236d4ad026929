import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { leads, partnerCategories, partners } from '../../db/schema.ts'
import { accountHelpers } from '../../testing/accounts.ts'
import { type Account, useAccounts, useTestApp } from '../../testing/suite.ts'
import { PARTNER_REQUEST_LIMITS } from './partners.service.ts'

const t = useTestApp()
const { signUp } = accountHelpers(() => t.app)
const { admin, moderator, plain } = useAccounts(t, {
  admin: { name: 'Админ Дана', role: 'admin' },
  moderator: { name: 'Модератор Нурлан', role: 'moderator' },
  plain: { name: 'Асель Покупатель' },
})
let ipN = 0
const nextIp = () => `10.3.0.${++ipN}`

type Card = {
  id: number
  name: string
  category: { code: string; name: string }
  city: { slug: string; name: string }
  address: string
  phones: string[]
}
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers })
const list = async (query = '') => {
  const res = await get(`/api/partners/${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { results: Card[]; nextCursor: string | null }
}
const partnerIdByName = async (name: string) => {
  const [row] = await t.db.select({ id: partners.id }).from(partners).where(eq(partners.name, name))
  if (!row) throw new Error(`no demo partner ${name}`)
  return row.id
}
const good = { name: '  Ержан ', phone: '8 (701) 555-12-34', comment: 'Нужна замена масла в субботу' }
const send = (id: number | string, payload: unknown, ip = nextIp(), headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/partners/${id}/requests/`,
    payload: payload as object,
    remoteAddress: ip,
    headers,
  })
const leadsOf = (partnerId: number) =>
  t.db
    .select()
    .from(leads)
    .where(and(eq(leads.partnerId, partnerId), eq(leads.kind, 'partner_request')))

describe('GET /api/partners/ and /api/partners/categories/', () => {
  test('the categories come in their order with the count of partners the site shows in each', async () => {
    const res = await get('/api/partners/categories/')
    expect(res.statusCode).toBe(200)
    const categories = res.json() as { code: string; name: string; partnersCount: number }[]
    expect(categories.map((c) => c.code).slice(0, 3)).toEqual(['service_station', 'car_wash', 'tyre_service'])
    expect(categories.find((c) => c.code === 'service_station')).toMatchObject({ name: 'СТО', partnersCount: 3 })
    const en = (await get('/api/partners/categories/?lang=en')).json() as { code: string; name: string }[]
    expect(en.find((c) => c.code === 'towing')?.name).toBe('Towing')
  })

  test('all partners by name, each with category, city, address and phones, in the language asked', async () => {
    const { results } = await list('?limit=60')
    expect(results.length).toBeGreaterThanOrEqual(16)
    const names = results.map((p) => p.name)
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    const altyn = results.find((p) => p.name === 'Altyn Kilt Auto Service')
    expect(altyn).toMatchObject({
      category: { code: 'service_station', name: 'СТО' },
      city: { slug: 'almaty', name: 'Алматы' },
      address: 'ул. Толе би, 286',
      phones: ['+77272710286'],
    })
    const kk = (await list('?lang=kk&limit=60')).results.find((p) => p.name === 'Altyn Kilt Auto Service')
    expect(kk?.address).toBe('Төле би көшесі, 286')
  })

  test('filters by category code and by city; an unknown code matches nothing', async () => {
    const washes = (await list('?category=car_wash')).results
    expect(washes.map((p) => p.name).sort()).toEqual(['Aq Bulaq Car Wash', 'Sary-Arka Shine'])
    const almatyStations = (await list('?category=service_station&city=almaty')).results
    expect(almatyStations.map((p) => p.name)).toEqual(['Altyn Kilt Auto Service'])
    expect((await list('?category=no_such_thing')).results).toEqual([])
    expect((await get('/api/partners/?category=Bad-Code!')).statusCode).toBe(400)
  })

  test('pages with a cursor without repeating or skipping anyone; a made-up cursor is a 400', async () => {
    const all = (await list('?limit=60')).results.map((p) => p.id)
    const seen: number[] = []
    let cursor: string | null = null
    do {
      const page: { results: Card[]; nextCursor: string | null } = await list(
        `?limit=5${cursor ? `&cursor=${cursor}` : ''}`,
      )
      seen.push(...page.results.map((p) => p.id))
      cursor = page.nextCursor
    } while (cursor)
    expect(seen).toEqual(all)
    const bad = await get('/api/partners/?cursor=bm90LWEtY3Vyc29y')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'query.cursor' })])
  })
})

describe('GET /api/partners/{id}/', () => {
  test('the detail carries the description, address, phones and links that open the place in 2GIS and Yandex', async () => {
    const id = await partnerIdByName('Komek Tow 24')
    const res = await get(`/api/partners/${id}/?lang=en`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id,
      name: 'Komek Tow 24',
      category: { code: 'towing', name: 'Towing' },
      city: { slug: 'almaty', name: 'Almaty' },
      address: '2 Momyshuly St',
      phones: ['+77770002424'],
      description: expect.stringContaining('Round-the-clock towing'),
      website: null,
      lat: 43.2367,
      lng: 76.8346,
      mapLinks: {
        twoGis: 'https://2gis.kz/geo/76.8346,43.2367',
        yandex: 'https://yandex.kz/maps/?pt=76.8346,43.2367&z=17&l=map',
      },
    })
  })

  test('an unknown partner is 404, a malformed id 400', async () => {
    const res = await get('/api/partners/987654/')
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('partner.not_found')
    expect((await get('/api/partners/x1/')).statusCode).toBe(400)
    expect((await get('/api/partners/99999999999/')).statusCode).toBe(400)
  })

  test('a partner switched off, or in a category switched off, is 404 and leaves the list', async () => {
    const id = await partnerIdByName('Rul Academy')
    await t.db.update(partners).set({ isActive: false }).where(eq(partners.id, id))
    expect((await get(`/api/partners/${id}/`)).statusCode).toBe(404)
    expect((await list('?limit=60')).results.map((p) => p.id)).not.toContain(id)
    expect((await send(id, good)).statusCode).toBe(404)
    expect(await leadsOf(id)).toHaveLength(0)
    await t.db.update(partners).set({ isActive: true }).where(eq(partners.id, id))
    expect((await get(`/api/partners/${id}/`)).statusCode).toBe(200)

    await t.db.update(partnerCategories).set({ isActive: false }).where(eq(partnerCategories.code, 'driving_school'))
    expect((await get(`/api/partners/${id}/`)).statusCode).toBe(404)
    expect((await list('?category=driving_school')).results).toEqual([])
    const codes = ((await get('/api/partners/categories/')).json() as { code: string }[]).map((c) => c.code)
    expect(codes).not.toContain('driving_school')
    await t.db.update(partnerCategories).set({ isActive: true }).where(eq(partnerCategories.code, 'driving_school'))
  })
})

describe('POST /api/partners/{id}/requests/', () => {
  test("a guest's request is stored as a partner lead with the phone in E.164 and answers 'partner request received'", async () => {
    const id = await partnerIdByName('Altyn Kilt Auto Service')
    const res = await send(id, good)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ message: 'partner request received' })
    const [lead, ...more] = await leadsOf(id)
    expect(more).toHaveLength(0)
    expect(lead).toMatchObject({
      kind: 'partner_request',
      status: 'new',
      partnerId: id,
      listingId: null,
      userId: null,
      phone: '+77015551234',
      name: 'Ержан',
      comment: 'Нужна замена масла в субботу',
    })
  })

  test("a signed-in user's request is linked to their account; the comment may be left out", async () => {
    const id = await partnerIdByName('Yessil Motor Lab')
    const user = await signUp()
    const res = await send(id, { name: 'Айдос', phone: '+7 707 123 45 67' }, nextIp(), user.auth)
    expect(res.statusCode, res.body).toBe(200)
    expect(await leadsOf(id)).toEqual([
      expect.objectContaining({ userId: user.id, name: 'Айдос', phone: '+77071234567', comment: null }),
    ])
  })

  test.each(['12345', '+7 (495) 123-45-67', 'eight seven oh one', '+1 202 555 0100'])(
    "%s is refused with 'Enter a valid phone number' (phone.invalid) and nothing is stored",
    async (phone) => {
      const id = await partnerIdByName('Dongelek 24')
      const res = await send(id, { ...good, phone })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'phone.invalid', detail: 'Enter a valid phone number' })
      expect(await leadsOf(id)).toHaveLength(0)
    },
  )

  test("a missing or blank name (and phone) is 'This field is required' for each field", async () => {
    const id = await partnerIdByName('Dongelek 24')
    const missing = await send(id, { phone: good.phone })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors.map((e: { field: string }) => e.field)).toEqual(['body.name'])
    const blank = await send(id, { name: '   ', phone: '' })
    expect(blank.statusCode).toBe(400)
    const byField = Object.fromEntries(
      blank.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    )
    expect(byField).toEqual({ 'body.name': 'This field is required', 'body.phone': 'This field is required' })
    const long = await send(id, { ...good, comment: 'я'.repeat(501) })
    expect(long.statusCode).toBe(400)
    expect(long.json().errors.map((e: { field: string }) => e.field)).toEqual(['body.comment'])
    expect(await leadsOf(id)).toHaveLength(0)
  })

  test('an unknown partner is 404 and nothing is stored', async () => {
    const res = await send(987654, good)
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('partner.not_found')
  })

  test('one address is stopped after the limit (429 with Retry-After), counted apart from call-backs', async () => {
    const id = await partnerIdByName('Ilek Tyre Point')
    const ip = nextIp()
    const { limit } = PARTNER_REQUEST_LIMITS.perIpShort
    for (let i = 0; i < limit; i++) expect((await send(id, good, ip)).statusCode).toBe(200)
    const refused = await send(id, good, ip)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().code).toBe('rate_limited')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(await leadsOf(id)).toHaveLength(limit)
    // A typo does not use up an allowance, and other people are not affected.
    expect((await send(id, { ...good, phone: '123' }, ip)).statusCode).toBe(400)
    expect((await send(id, good, nextIp())).statusCode).toBe(200)
  })
})

describe('the back office: /api/admin/partners', () => {
  const categoryBody = {
    code: 'car_glass',
    names: { ru: 'Автостёкла', kk: 'Көлік әйнектері', en: 'Car glass' },
    sort: 8,
  }
  const partnerBody = (categoryId: number) => ({
    name: 'Mol Glass Service',
    categoryId,
    cityId: 1,
    description: {
      ru: 'Замена и ремонт лобовых стёкол.',
      kk: 'Алдыңғы әйнекті ауыстыру және жөндеу.',
      en: 'Windscreen replacement and repair.',
    },
    address: { ru: 'ул. Сейфуллина, 500', kk: 'Сейфуллин көшесі, 500', en: '500 Seifullin St' },
    phones: ['8 727 300 50 50', '+7 701 300 50 50'],
    lat: 43.25,
    lng: 76.94,
    website: 'https://glass.example.kz/',
  })
  const as = (who: Account | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? who.auth : {} })

  test('an admin adds a category and a partner, which the site then shows (201, 200)', async () => {
    const created = await as(admin, 'POST', '/api/admin/partners/categories/', categoryBody)
    expect(created.statusCode, created.body).toBe(201)
    const category = created.json()
    expect(category).toMatchObject({ code: 'car_glass', isActive: true, partnersCount: 0 })
    expect((await as(admin, 'POST', '/api/admin/partners/categories/', categoryBody)).statusCode).toBe(409)

    const added = await as(admin, 'POST', '/api/admin/partners/', partnerBody(category.id))
    expect(added.statusCode, added.body).toBe(201)
    const partner = added.json()
    expect(partner).toMatchObject({
      name: 'Mol Glass Service',
      category: { code: 'car_glass', name: 'Автостёкла' },
      phones: ['+77273005050', '+77013005050'],
      isActive: true,
    })
    const shown = (await list('?category=car_glass')).results
    expect(shown.map((p) => p.name)).toEqual(['Mol Glass Service'])
    const detail = (await get(`/api/partners/${partner.id}/`)).json()
    expect(detail.website).toBe('https://glass.example.kz/')
  })

  test('an admin edits and switches off a partner (200): the site drops it, the back office keeps it', async () => {
    const id = await partnerIdByName('Senim Polis')
    const before = (await as(admin, 'GET', `/api/admin/partners/${id}/`)).json()
    const body = {
      name: 'Senim Polis Plus',
      categoryId: before.category.id,
      cityId: before.city.id,
      description: before.description,
      address: before.address,
      phones: before.phones,
      lat: before.lat,
      lng: before.lng,
      website: null,
    }
    const edited = await as(admin, 'PUT', `/api/admin/partners/${id}/`, body)
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json().name).toBe('Senim Polis Plus')
    expect((await get(`/api/partners/${id}/`)).json().name).toBe('Senim Polis Plus')

    const off = await as(admin, 'PATCH', `/api/admin/partners/${id}/`, { isActive: false })
    expect(off.statusCode).toBe(200)
    expect(off.json().isActive).toBe(false)
    expect((await get(`/api/partners/${id}/`)).statusCode).toBe(404)
    const all = (await as(admin, 'GET', '/api/admin/partners/?limit=100')).json()
    expect(all.results.find((p: { id: number }) => p.id === id)?.isActive).toBe(false)
  })

  test('an admin renames and switches off a category (200)', async () => {
    const categories = (await as(admin, 'GET', '/api/admin/partners/categories/')).json().results as {
      id: number
      code: string
      partnersCount: number
    }[]
    const towing = categories.find((c) => c.code === 'towing')
    expect(towing?.partnersCount).toBe(1)
    const id = towing?.id ?? 0
    const renamed = await as(admin, 'PUT', `/api/admin/partners/categories/${id}/`, {
      code: 'towing',
      names: { ru: 'Эвакуаторы', kk: 'Эвакуаторлар', en: 'Tow trucks' },
      sort: 7,
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const chips = (await get('/api/partners/categories/?lang=en')).json() as { code: string; name: string }[]
    expect(chips.find((c) => c.code === 'towing')?.name).toBe('Tow trucks')
    const taken = await as(admin, 'PUT', `/api/admin/partners/categories/${id}/`, { ...categoryBody, code: 'car_wash' })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().code).toBe('partner_category.code_taken')

    const off = await as(admin, 'PATCH', `/api/admin/partners/categories/${id}/`, { isActive: false })
    expect(off.statusCode).toBe(200)
    expect(((await get('/api/partners/categories/')).json() as { code: string }[]).map((c) => c.code)).not.toContain(
      'towing',
    )
    expect((await as(admin, 'PATCH', `/api/admin/partners/categories/${id}/`, { isActive: true })).statusCode).toBe(200)
  })

  test('bad partner fields are a 400 naming each; unknown ids 404', async () => {
    const [category] = (await as(admin, 'GET', '/api/admin/partners/categories/')).json().results
    const bad = await as(admin, 'POST', '/api/admin/partners/', {
      ...partnerBody(category.id),
      cityId: 999_999,
      phones: ['12345'],
    })
    expect(bad.statusCode).toBe(400)
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['body.cityId', 'body.phones.0'])
    // Latitude and longitude swapped: outside Kazakhstan.
    const swapped = await as(admin, 'POST', '/api/admin/partners/', {
      ...partnerBody(category.id),
      lat: 76.94,
      lng: 43.25,
    })
    expect(swapped.statusCode).toBe(400)
    expect((await as(admin, 'GET', '/api/admin/partners/987654/')).statusCode).toBe(404)
    expect((await as(admin, 'PATCH', '/api/admin/partners/987654/', { isActive: false })).statusCode).toBe(404)
    expect((await as(admin, 'PATCH', '/api/admin/partners/categories/987654/', { isActive: false })).statusCode).toBe(
      404,
    )
  })

  test('a plain user and a moderator get 403, a guest 401, and nothing changes', async () => {
    const id = await partnerIdByName('Kumis Gloss Detailing')
    const [category] = (await as(admin, 'GET', '/api/admin/partners/categories/')).json().results
    const calls: [method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object][] = [
      ['GET', '/api/admin/partners/'],
      ['GET', `/api/admin/partners/${id}/`],
      ['POST', '/api/admin/partners/', partnerBody(category.id)],
      ['PUT', `/api/admin/partners/${id}/`, partnerBody(category.id)],
      ['PATCH', `/api/admin/partners/${id}/`, { isActive: false }],
      ['GET', '/api/admin/partners/categories/'],
      ['POST', '/api/admin/partners/categories/', { ...categoryBody, code: 'not_by_users' }],
      ['PUT', `/api/admin/partners/categories/${category.id}/`, { ...categoryBody, code: 'not_by_users' }],
      ['PATCH', `/api/admin/partners/categories/${category.id}/`, { isActive: false }],
    ]
    for (const [method, url, payload] of calls) {
      expect((await as(null, method, url, payload)).statusCode, `${method} ${url} as a guest`).toBe(401)
      const user = await as(plain, method, url, payload)
      expect(user.statusCode, `${method} ${url} as a user`).toBe(403)
      expect(user.json().code).toBe('admin.forbidden')
      const mod = await as(moderator, method, url, payload)
      expect(mod.statusCode, `${method} ${url} as a moderator`).toBe(403)
      expect(mod.json().code).toBe('admin.admin_only')
    }
    expect((await get(`/api/partners/${id}/`)).json().name).toBe('Kumis Gloss Detailing')
    const [row] = await t.db.select().from(partnerCategories).where(eq(partnerCategories.code, 'not_by_users'))
    expect(row).toBeUndefined()
  })
})
