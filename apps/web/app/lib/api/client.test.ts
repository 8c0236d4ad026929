import { describe, expect, test } from 'vitest'
import { createApiClient, TOKEN_KEY } from './client.ts'

/** A fake browser: local storage in a Map, fetch answering from a list, reloads counted. */
function browser(answers: Array<Response | Error>, stored?: string) {
  const items = new Map<string, string>(stored ? [[TOKEN_KEY, stored]] : [])
  const calls: { url: string; init: RequestInit }[] = []
  let reloads = 0
  const client = createApiClient({
    fetch: async (url, init) => {
      calls.push({ url, init })
      const next = answers.shift()
      if (!next || next instanceof Error) throw next ?? new Error('no answer')
      return next
    },
    storage: () => ({
      getItem: (k) => items.get(k) ?? null,
      setItem: (k, v) => void items.set(k, v),
      removeItem: (k) => void items.delete(k),
    }),
    reload: () => {
      reloads++
    },
  })
  return { client, items, calls, reloads: () => reloads }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const header = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name)

describe('the bearer token (spec 4)', () => {
  test('is sent when stored, and not otherwise', async () => {
    const withToken = browser([json(200, [])], 'tok-1')
    await withToken.client.request('/api/profiles/me/')
    expect(header(withToken.calls[0]?.init, 'authorization')).toBe('Bearer tok-1')

    const without = browser([json(200, [])])
    await without.client.request('/api/profiles/me/')
    expect(header(without.calls[0]?.init, 'authorization')).toBeNull()
    expect(without.calls[0]?.init.credentials).toBe('same-origin')
  })

  test('a 401 while a token is stored removes the token and reloads the page logged out', async () => {
    const b = browser([json(401, { code: 'auth.unauthorized' })], 'stale')
    const res = await b.client.request('/api/profiles/me/')
    expect(res).toMatchObject({ ok: false, status: 401, code: 'auth.unauthorized' })
    expect(b.items.has(TOKEN_KEY)).toBe(false)
    expect(b.reloads()).toBe(1)
  })

  test('a 401 without a stored token does not reload (the cookie session simply ended)', async () => {
    const b = browser([json(401, { code: 'auth.unauthorized' })])
    const res = await b.client.request('/api/profiles/me/')
    expect(res.code).toBe('auth.unauthorized')
    expect(b.reloads()).toBe(0)
  })

  test('other errors keep the token', async () => {
    const b = browser([json(403, { code: 'profile.forbidden' }), json(500, {})], 'tok-2')
    expect((await b.client.request('/api/profiles/update/9/', { method: 'PATCH', body: {} })).code).toBe(
      'profile.forbidden',
    )
    expect((await b.client.request('/api/x')).code).toBe('http.500')
    expect(b.items.get(TOKEN_KEY)).toBe('tok-2')
    expect(b.reloads()).toBe(0)
  })

  test('setting a token changes the following requests; null removes it', async () => {
    const b = browser([json(200, {}), json(200, {})])
    b.client.setToken('new-token')
    await b.client.request('/api/a')
    expect(header(b.calls[0]?.init, 'authorization')).toBe('Bearer new-token')
    b.client.setToken(null)
    await b.client.request('/api/b')
    expect(header(b.calls[1]?.init, 'authorization')).toBeNull()
  })
})

describe('requests', () => {
  test('JSON bodies are encoded; a file is sent as it is with its type', async () => {
    const b = browser([json(200, { ok: 1 }), json(200, {})])
    await b.client.request('/api/a', { method: 'POST', body: { email: 'a@b.kz' } })
    expect(b.calls[0]?.init.body).toBe('{"email":"a@b.kz"}')
    expect(header(b.calls[0]?.init, 'content-type')).toBe('application/json')
    const file = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' })
    await b.client.request('/api/profiles/photo/', { method: 'PUT', body: file })
    expect(b.calls[1]?.init.body).toBe(file)
    expect(header(b.calls[1]?.init, 'content-type')).toBe('image/png')
  })

  test('query parameters skip empty values', async () => {
    const b = browser([json(200, {})])
    await b.client.request('/api/cars/', { query: { brand: 'toyota', model: '', page: 2, city: undefined } })
    expect(b.calls[0]?.url).toBe('/api/cars/?brand=toyota&page=2')
  })

  test('a network failure is an answer, not an exception', async () => {
    const b = browser([new Error('offline')], 'tok')
    expect(await b.client.request('/api/a')).toEqual({ ok: false, status: 0, data: null, code: 'network' })
    expect(b.items.get(TOKEN_KEY)).toBe('tok')
  })

  test('better-auth errors give their code', async () => {
    const b = browser([json(400, { code: 'INVALID_PASSWORD', message: 'Invalid password' })])
    expect((await b.client.request('/api/auth/change-password', { method: 'POST', body: {} })).code).toBe(
      'INVALID_PASSWORD',
    )
  })
})

describe("spec 7's wrappers return the answer or null", () => {
  test('GET gives the results field when there is one, else the body', async () => {
    const b = browser([json(200, { results: [1, 2], next: null }), json(200, [{ id: 1 }]), json(404, {})])
    expect(await b.client.get('/api/cars/')).toEqual([1, 2])
    expect(await b.client.get('/api/company/cities/')).toEqual([{ id: 1 }])
    expect(await b.client.get('/api/missing/')).toBeNull()
  })

  test('POST, PATCH and DELETE give the body, or null on any error', async () => {
    const b = browser([json(200, { success: true }), json(409, { code: 'x' }), new Error('offline'), json(200, {})])
    expect(await b.client.post('/api/profiles/check-is-user-exist/', { email: 'a@b.kz' })).toEqual({ success: true })
    expect(await b.client.patch('/api/profiles/update/1/', { phone: '+77011234567' })).toBeNull()
    expect(await b.client.del('/api/profiles/me/')).toBeNull()
    expect(await b.client.del('/api/profiles/me/')).toEqual({})
  })
})
