import { brotliDecompressSync, constants, gunzipSync, zstdCompressSync, zstdDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp } from '../testing/test-app.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('health', () => {
  test('healthz answers while the process lives', async () => {
    expect((await t.app.inject('/api/healthz')).json()).toEqual({ status: 'ok' })
  })

  test('readyz checks the database and says where the rate limits count', async () => {
    const res = await t.app.inject('/api/readyz')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', redis: 'none' })
  })
})

describe('compression on the wire', () => {
  test('zstd for a browser that asks for it, else brotli, else gzip, else none: the same bytes each time', async () => {
    // An answer compressed in one call (between the 1 KB threshold and the 512 KB sync threshold: the OpenAPI document
    // outgrew it, and a stream's blocks are other bytes than one call's).
    const url = '/api/reference/brands/'
    const plain = await t.app.inject(url)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.length).toBeGreaterThan(1024)
    expect(plain.rawPayload.length).toBeLessThan(512 * 1024)
    const asked = async (acceptEncoding: string) => {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': acceptEncoding } })
      expect(res.headers.vary).toContain('accept-encoding')
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
      return res
    }
    // Chrome's and Firefox's header over HTTPS.
    const zstd = await asked('gzip, deflate, br, zstd')
    expect(zstd.headers['content-encoding']).toBe('zstd')
    expect(zstdDecompressSync(zstd.rawPayload).toString()).toBe(plain.body)
    // At zstd's level 3 (gzip's `level: 6` is not zstd's): the bytes of that level, not another's.
    const level3 = zstdCompressSync(plain.rawPayload, { params: { [constants.ZSTD_c_compressionLevel]: 3 } })
    expect(zstd.rawPayload.equals(level3)).toBe(true)
    // Safari's.
    const br = await asked('gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    const gzip = await asked('gzip, zstd;q=0')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
    // An answer over the sync threshold goes through a stream, and arrives whole.
    const document = await t.app.inject('/api/openapi.json')
    expect(document.rawPayload.length).toBeGreaterThan(512 * 1024)
    const streamed = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'zstd' } })
    expect(streamed.headers['content-encoding']).toBe('zstd')
    expect(zstdDecompressSync(streamed.rawPayload).toString()).toBe(document.body)
  })
})

describe('OpenAPI', () => {
  test('describes every API call, and nothing outside /api', async () => {
    const res = await t.app.inject('/api/openapi.json')
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toBe('3.1.0')
    const paths = Object.keys(doc.paths)
    for (const p of [
      '/api/company/cities/',
      '/api/company/contacts/',
      '/api/company/branches/',
      '/api/cars/',
      '/api/cars/{id}/',
      '/api/healthz',
      '/api/readyz',
    ]) {
      expect(paths).toContain(p)
    }
    expect(paths.every((p) => p.startsWith('/api/'))).toBe(true)
    expect(doc.paths['/api/cars/'].get.responses['400']).toBeDefined()
  })

  test('the docs page is served at /api/docs', async () => {
    const res = await t.app.inject('/api/docs/')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
  })
})

describe('errors and request ids', () => {
  test('an unknown API path is a problem+json 404', async () => {
    const res = await t.app.inject('/api/nothing-here')
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toContain('application/problem+json')
    expect(res.json()).toMatchObject({ status: 404, code: 'not_found' })
  })

  test('every response carries a request id, and a well-formed incoming one is kept', async () => {
    const fresh = await t.app.inject('/api/healthz')
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    const kept = await t.app.inject({ url: '/api/healthz', headers: { 'x-request-id': 'edge-1234abcd' } })
    expect(kept.headers['x-request-id']).toBe('edge-1234abcd')
    const problem = await t.app.inject({ url: '/api/nothing', headers: { 'x-request-id': 'edge-5678abcd' } })
    expect(problem.json().requestId).toBe('edge-5678abcd')
  })

  test('a malformed incoming request id is replaced', async () => {
    const res = await t.app.inject({ url: '/api/healthz', headers: { 'x-request-id': 'bad id with spaces' } })
    expect(res.headers['x-request-id']).not.toBe('bad id with spaces')
  })
})
