import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp } from '../../testing/test-app.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /api/company/cities/', () => {
  test('lists at least 20 cities of Kazakhstan with an id and a Russian name by default', async () => {
    const res = await t.app.inject('/api/company/cities/')
    expect(res.statusCode).toBe(200)
    const cities = res.json() as { id: number; name: string; names: { kk: string } }[]
    expect(cities.length).toBeGreaterThanOrEqual(20)
    const almaty = cities.find((c) => c.name === 'Алматы')
    expect(almaty?.id).toBeTypeOf('number')
    expect(cities.map((c) => c.name)).toContain('Караганда')
  })

  test('names cities in Kazakh with ?lang=kk and in English with Accept-Language: en', async () => {
    const kk = (await t.app.inject('/api/company/cities/?lang=kk')).json() as { name: string }[]
    expect(kk.map((c) => c.name)).toContain('Қарағанды')
    const en = (
      await t.app.inject({ url: '/api/company/cities/', headers: { 'accept-language': 'en-US,en;q=0.9' } })
    ).json() as { name: string }[]
    expect(en.map((c) => c.name)).toContain('Karaganda')
  })

  test('answers without the trailing slash too', async () => {
    expect((await t.app.inject('/api/company/cities')).statusCode).toBe(200)
  })

  test('refuses an unknown language with a 400 naming the field', async () => {
    const res = await t.app.inject('/api/company/cities/?lang=de')
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toContain('application/problem+json')
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'query.lang' })])
  })
})

describe('GET /api/company/contacts/ and /branches/', () => {
  test('contacts are a list whose first element is the company', async () => {
    const res = await t.app.inject('/api/company/contacts/')
    expect(res.statusCode).toBe(200)
    const [contacts] = res.json() as { name: string; phones: string[] }[]
    expect(contacts?.name).toBe('Tulpar Auto')
    expect(contacts?.phones[0]).toMatch(/^\+7\d{10}$/)
  })

  test('branches carry city, address, phones, a social link and map links', async () => {
    const res = await t.app.inject('/api/company/branches/?lang=en')
    expect(res.statusCode).toBe(200)
    const branches = res.json() as {
      city: { name: string }
      address: string
      phones: string[]
      socialLink: string
      mapLinks: { twoGis: string }
    }[]
    expect(branches.length).toBeGreaterThan(0)
    for (const b of branches) {
      expect(b.address).not.toBe('')
      expect(b.phones.length).toBeGreaterThan(0)
      expect(b.socialLink).toMatch(/^https:\/\//)
      expect(b.mapLinks.twoGis).toMatch(/^https:\/\/2gis\.kz\//)
    }
    expect(branches.map((b) => b.city.name)).toContain('Almaty')
  })
})
