import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { cities } from '../../db/schema.ts'
import { useAccounts, useTestApp } from '../../testing/suite.ts'

/* The owner edits the dealer's showrooms (issue 38): the set is replaced; coordinates are optional. */

const t = useTestApp()
const acc = useAccounts(t, { owner: { name: 'Ерлан Дилеров' }, manager: { name: 'Айгерим Менеджер' } })
type Auth = Record<string, string>
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, auth: Auth, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

let almaty = 0
let dealerId = 0
const showroom = (overrides: Record<string, unknown> = {}) => ({
  cityId: almaty,
  address: 'ул. Толе би, 286',
  phones: ['+7 727 355 00 11'],
  workingHours: 'Пн–Сб 9:00–20:00',
  ...overrides,
})

beforeAll(async () => {
  const [a] = await t.db.select({ id: cities.id }).from(cities).where(eq(cities.slug, 'almaty'))
  almaty = a?.id ?? 0
  const applied = await call('POST', '/dealers/', acc.owner.auth, {
    kind: 'legal_entity',
    bin: '080340001230',
    legalName: 'ТОО «Алатау Моторс»',
    cityId: almaty,
    phones: ['+7 727 355 00 11'],
    workingHours: 'Пн–Сб 9:00–19:00',
    showrooms: [showroom({ lat: 43.2477, lng: 76.8516 })],
  })
  expect(applied.statusCode, applied.body).toBe(201)
  dealerId = applied.json().id
  const invited = await call('POST', `/dealers/${dealerId}/members/`, acc.owner.auth, { contact: acc.manager.email })
  expect(invited.statusCode).toBe(201)
})

describe("a dealer's showrooms", () => {
  test('the owner adds one without coordinates: its map links search the address in its city', async () => {
    const res = await call('PATCH', `/dealers/${dealerId}/`, acc.owner.auth, {
      showrooms: [showroom({ lat: 43.2477, lng: 76.8516 }), showroom({ address: 'пр. Аль-Фараби, 77/8' })],
    })
    expect(res.statusCode, res.body).toBe(200)
    const [pinned, searched] = res.json().showrooms
    expect(pinned).toMatchObject({
      lat: 43.2477,
      lng: 76.8516,
      mapLinks: { twoGis: 'https://2gis.kz/geo/76.8516,43.2477' },
    })
    expect(searched).toMatchObject({ address: 'пр. Аль-Фараби, 77/8', lat: null, lng: null })
    const query = encodeURIComponent('Алматы, пр. Аль-Фараби, 77/8')
    expect(searched.mapLinks).toEqual({
      twoGis: `https://2gis.kz/search/${query}`,
      yandex: `https://yandex.kz/maps/?text=${query}`,
    })
  })

  test('the owner edits and removes them: the set given replaces the set kept', async () => {
    const res = await call('PATCH', `/dealers/${dealerId}/`, acc.owner.auth, {
      showrooms: [showroom({ address: 'ул. Толе би, 288', workingHours: 'Ежедневно 10:00–21:00' })],
    })
    expect(res.statusCode).toBe(200)
    expect(
      res.json().showrooms.map((s: { address: string; workingHours: string }) => [s.address, s.workingHours]),
    ).toEqual([['ул. Толе би, 288', 'Ежедневно 10:00–21:00']])
  })

  test('one coordinate alone, a place outside Kazakhstan or a bad phone is refused (400 with the field)', async () => {
    const kept = async () => (await call('GET', '/dealers/mine/', acc.owner.auth)).json().results[0].showrooms
    const before = await kept()
    for (const [bad, field] of [
      [showroom({ lat: 43.2 }), 'body.showrooms.0.lng'],
      [showroom({ lat: 10, lng: 76.9 }), 'body.showrooms.0.lat'],
      [showroom({ phones: ['12345'] }), 'body.showrooms.0.phones.0'],
      [showroom({ address: '  ' }), 'body.showrooms.0.address'],
    ] as const) {
      const res = await call('PATCH', `/dealers/${dealerId}/`, acc.owner.auth, { showrooms: [bad] })
      expect(res.statusCode, JSON.stringify(bad)).toBe(400)
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field)
    }
    expect(await kept()).toEqual(before)
  })

  test('a manager cannot change them (403 dealer.owner_only)', async () => {
    const res = await call('PATCH', `/dealers/${dealerId}/`, acc.manager.auth, { showrooms: [] })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('dealer.owner_only')
  })
})
