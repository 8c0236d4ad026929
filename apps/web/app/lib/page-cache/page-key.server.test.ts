import { describe, expect, test } from 'vitest'
import { guestPageKey, isPagePath } from './page-key.server.ts'

describe('which requests may use it', () => {
  const req = (url: string, headers: Record<string, string> = {}, method = 'GET') => ({ method, url, headers })

  test('a guest page is keyed by encoding, language, city and URL', () => {
    expect(guestPageKey(req('/?x=1', { 'accept-encoding': 'gzip, br', cookie: 'locale=kk; city=2' }))).toBe(
      'br|kk|2|/?x=1',
    )
    expect(guestPageKey(req('/about', { cookie: 'city=all' }))).toBe('identity||all|/about')
    expect(guestPageKey(req('/auto', { 'accept-encoding': 'gzip' }))).toBe('gzip|||/auto')
    // Kept in the encoding the answer is sent in: one the browser refuses (q=0) is not it.
    expect(guestPageKey(req('/auto', { 'accept-encoding': 'br;q=0, gzip' }))).toBe('gzip|||/auto')
    expect(guestPageKey(req('/', { cookie: 'tulpar_vid=abcdefghijklmnop' }))).toBe('identity|||/')
  })

  test('a car page and the catalogue, the same in every city, are kept once for all of them', () => {
    const asked = (url: string, city: string) =>
      guestPageKey(req(url, { 'accept-encoding': 'br', cookie: `locale=en; city=${city}` }))
    for (const url of [
      '/cars/5',
      '/cars/5.data',
      '/cars/5?photo=2',
      '/auto',
      '/auto.data',
      '/auto/toyota/camry/almaty?page=2',
    ])
      expect(new Set(['1', '2', 'all', ''].map((city) => asked(url, city)))).toEqual(new Set([`br|en||${url}`]))
    // The home page's lists are the city's; any other page keeps the city, the safe side.
    for (const url of ['/', '/_root.data', '/cars/5/photos', '/auto/', '/tulpar-auto', '/cars/0'])
      expect(asked(url, '1')).not.toBe(asked(url, '2'))
  })

  test("a car's details, the search and a band's similar cars in the API are keyed by the language asked for; other API reads never use it", () => {
    expect(guestPageKey(req('/api/cars/5/', { 'accept-language': 'kk-KZ,kk;q=0.9' }))).toBe(
      'identity|api:kk||/api/cars/5/',
    )
    // `?lang=` wins over the header; the language cookie of pages plays no part.
    expect(guestPageKey(req('/api/cars/5/?lang=en', { 'accept-language': 'kk', cookie: 'locale=ru' }))).toBe(
      'identity|api:en||/api/cars/5/?lang=en',
    )
    expect(guestPageKey(req('/api/cars/5', { 'accept-encoding': 'br' }))).toBe('br|api:ru||/api/cars/5')
    // The search, keyed by its whole query (decision 038).
    expect(guestPageKey(req('/api/cars/?brand=toyota&page=2'))).toBe('identity|api:ru||/api/cars/?brand=toyota&page=2')
    expect(guestPageKey(req('/api/cars/facets/'))).toBeNull()
    expect(guestPageKey(req('/api/cars/cards/?ids=1,2'))).toBeNull()
    expect(guestPageKey(req('/api/cars/5/similar/'))).toBeNull()
    // A price band's similar cars (decision 045), asked for by every car page of the band, in its language.
    const band = '/api/cars/similar/?model=3&brand=1&body=sedan&band=111&lang=kk'
    expect(guestPageKey(req(band, { 'accept-encoding': 'br' }))).toBe(`br|api:kk||${band}`)
    expect(guestPageKey(req(band, { 'accept-encoding': 'br', cookie: 'tulpar.session_token=abc' }))).toBe(
      `br|api:kk||${band}`,
    )
    expect(guestPageKey(req('/api/listings/5/'))).toBeNull()
  })

  test("a signed-in reader of those API reads has a guest's key: their answers are the same for everyone", () => {
    const guest = guestPageKey(req('/api/cars/?brand=kia', { 'accept-encoding': 'br' }))
    expect(guest).toBe('br|api:ru||/api/cars/?brand=kia')
    const session = { 'accept-encoding': 'br', cookie: 'tulpar.session_token=abc; tulpar.session_data=x; locale=kk' }
    expect(guestPageKey(req('/api/cars/?brand=kia', session))).toBe(guest)
    expect(guestPageKey(req('/api/cars/?brand=kia', { 'accept-encoding': 'br', authorization: 'Bearer x' }))).toBe(
      guest,
    )
    expect(guestPageKey(req('/api/cars/5/', { cookie: '__Secure-tulpar.session_token=abc' }))).toBe(
      'identity|api:ru||/api/cars/5/',
    )
    // Any other cookie still skips the cache (a client that must read the database's answer sends one).
    expect(guestPageKey(req('/api/cars/5/', { cookie: 'tulpar.session_token=abc; e2e=fresh' }))).toBeNull()
    // Other API reads and pages stay their own.
    expect(guestPageKey(req('/api/cars/facets/', { authorization: 'Bearer x' }))).toBeNull()
    expect(guestPageKey(req('/api/cars/5/', { cookie: 'tulpar.session_token=abc' }, 'POST'))).toBeNull()
    expect(guestPageKey(req('/cars/5', { cookie: 'tulpar.session_token=abc' }))).toBeNull()
  })

  test('a session, a bearer token, any other cookie, a post or a non-page never use it', () => {
    expect(guestPageKey(req('/', { cookie: 'tulpar.session_token=abc' }))).toBeNull()
    expect(guestPageKey(req('/', { cookie: 'locale=ru; __Secure-tulpar.session_token=abc' }))).toBeNull()
    expect(guestPageKey(req('/', { authorization: 'Bearer x' }))).toBeNull()
    expect(guestPageKey(req('/', { cookie: 'flash=1' }))).toBeNull()
    expect(guestPageKey(req('/', {}, 'POST'))).toBeNull()
    expect(isPagePath('/api/listings')).toBe(false)
    expect(isPagePath('/media/a/card.webp')).toBe(false)
    expect(isPagePath('/assets/x.js')).toBe(false)
    expect(isPagePath('/favicon.png')).toBe(false)
    expect(isPagePath('/cars/5.data')).toBe(true)
    expect(isPagePath('/partners/3')).toBe(true)
  })
})
