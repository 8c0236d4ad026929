import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp } from '../../testing/test-app.ts'

/*
 * A local identity token issuer (its own key pair, JWKS served on 127.0.0.1) configured as trusted: the
 * real verification code runs; nothing of ours is mocked.
 */
const ISSUER = 'https://securetoken.test.tulpar.kz/tulpar-legacy'
const AUDIENCE = 'tulpar-legacy'
let server: Server
let t: Awaited<ReturnType<typeof createTestApp>>
let privateKey: CryptoKey
let otherKey: CryptoKey

beforeAll(async () => {
  const pair = await generateKeyPair('RS256')
  privateKey = pair.privateKey
  otherKey = (await generateKeyPair('RS256')).privateKey
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-1', alg: 'RS256', use: 'sig' }
  server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ keys: [jwk] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  t = await createTestApp({
    trustedIdTokenIssuers: [{ issuer: ISSUER, audience: AUDIENCE, jwksUrl: `http://127.0.0.1:${port}/jwks` }],
  })
})
afterAll(async () => {
  await t.close()
  server.close()
})

function token(
  claims: Record<string, unknown>,
  { key = privateKey, issuer = ISSUER, audience = AUDIENCE, exp = '10m' } = {},
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'test-1' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(key)
}

const exchange = (idToken: string) =>
  t.app.inject({ url: '/api/firebase/auth/', headers: { authorization: `Bearer ${idToken}` } })

describe('GET /api/firebase/auth/', () => {
  test('a trusted identity token becomes a product token that works as a bearer credential', async () => {
    const res = await exchange(
      await token({ sub: 'firebase-uid-1', email: 'legacy1@example.kz', email_verified: true, name: 'Ерлан' }),
    )
    expect(res.statusCode, res.body).toBe(200)
    const { jwt } = res.json()
    const me = await t.app.inject({ url: '/api/auth/users/me/', headers: { authorization: `Bearer ${jwt}` } })
    expect(me.json()).toMatchObject({ email: 'legacy1@example.kz', name: 'Ерлан' })
  })

  test('the same subject signs in to the same account every time', async () => {
    const claims = { sub: 'firebase-uid-2', email: 'legacy2@example.kz', email_verified: true }
    const a = (await exchange(await token(claims))).json().jwt
    const b = (await exchange(await token(claims))).json().jwt
    const idOf = async (jwt: string) =>
      (await t.app.inject({ url: '/api/auth/users/me/', headers: { authorization: `Bearer ${jwt}` } })).json().id
    expect(await idOf(a)).toBe(await idOf(b))
  })

  test.each([
    ['signed by another key', { key: 'other' }],
    ['from an untrusted issuer', { issuer: 'https://evil.example' }],
    ['for another audience', { audience: 'someone-else' }],
    ['expired', { exp: '-1m' }],
  ])('a token %s is refused with 401', async (_name, o) => {
    const options = { ...o, key: (o as { key?: string }).key === 'other' ? otherKey : privateKey } as Parameters<
      typeof token
    >[1]
    const res = await exchange(await token({ sub: 'x', email: 'x@example.kz', email_verified: true }, options))
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('auth.unauthorized')
  })

  test('no bearer token, or garbage, is refused with 401', async () => {
    expect((await t.app.inject('/api/firebase/auth/')).statusCode).toBe(401)
    expect((await exchange('not-a-jwt')).statusCode).toBe(401)
  })
})
