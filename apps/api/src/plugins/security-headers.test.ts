import Fastify from 'fastify'
import { describe, expect, test } from 'vitest'
import { registerSecurityHeaders } from './security-headers.ts'

async function appFor(publicUrl: string) {
  const app = Fastify()
  await registerSecurityHeaders(app, publicUrl)
  app.get('/api/profiles/me/', async () => ({ id: 1 }))
  app.get('/api/cached/', async (_req, reply) => reply.header('cache-control', 'public, max-age=60').send({}))
  return app
}

describe('security headers', () => {
  test('HSTS only when the site is served over https', async () => {
    const https = await (await appFor('https://tulpar.kz')).inject({ url: '/api/profiles/me/' })
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    const http = await (await appFor('http://localhost:3000')).inject({ url: '/api/profiles/me/' })
    expect(http.headers['strict-transport-security']).toBeUndefined()
    for (const res of [https, http]) {
      expect(res.headers['x-frame-options']).toBe('DENY')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    }
  })

  test('an answer to a request with a session cookie or a bearer token is not stored; a guest answer is left alone', async () => {
    const app = await appFor('http://localhost:3000')
    const cookie = await app.inject({ url: '/api/profiles/me/', headers: { cookie: 'tulpar.session_token=abc' } })
    expect(cookie.headers['cache-control']).toBe('private, no-store')
    const bearer = await app.inject({ url: '/api/profiles/me/', headers: { authorization: 'Bearer abc' } })
    expect(bearer.headers['cache-control']).toBe('private, no-store')
    expect((await app.inject({ url: '/api/profiles/me/' })).headers['cache-control']).toBeUndefined()
    const chosen = await app.inject({ url: '/api/cached/', headers: { authorization: 'Bearer abc' } })
    expect(chosen.headers['cache-control']).toBe('public, max-age=60')
  })
})
