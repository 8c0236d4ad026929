import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { user } from '../../db/schema.ts'
import { createTestApp, TEST_PUBLIC_URL } from '../../testing/test-app.ts'
import { webSignInProviders } from './id-token.ts'

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

describe('POST /api/auth/sign-in/id-token (the web: Google and Apple popups)', () => {
  const signInWeb = (idToken: unknown, origin = TEST_PUBLIC_URL) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in/id-token', headers: { origin }, payload: { idToken } })
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    ([] as string[])
      .concat((res.headers['set-cookie'] as string[] | string | undefined) ?? [])
      .map((c) => c.split(';')[0])
      .join('; ')

  test('a trusted identity token signs in with an HttpOnly session cookie; the same account as the app exchange', async () => {
    const claims = { sub: 'google-sub-web-1', email: 'web1@example.kz', email_verified: true, name: 'Гульнар' }
    const res = await signInWeb(await token(claims))
    expect(res.statusCode, res.body).toBe(200)
    const setCookie = String(res.headers['set-cookie'])
    expect(setCookie).toMatch(/tulpar\.session_token=/)
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    const me = await t.app.inject({ url: '/api/auth/users/me/', headers: { cookie: cookieOf(res) } })
    expect(me.json()).toMatchObject({ email: 'web1@example.kz', name: 'Гульнар' })

    const { jwt } = (await exchange(await token(claims))).json()
    const viaApp = await t.app.inject({ url: '/api/auth/users/me/', headers: { authorization: `Bearer ${jwt}` } })
    expect(viaApp.json().id).toBe(me.json().id)
  })

  test('a bad token is refused with 401 and no cookie', async () => {
    for (const bad of [
      await token({ sub: 'x' }, { key: otherKey }),
      await token({ sub: 'x' }, { issuer: 'https://evil.example' }),
      await token({ sub: 'x' }, { exp: '-1m' }),
      'not-a-jwt',
    ]) {
      const res = await signInWeb(bad)
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('ID_TOKEN_INVALID')
      expect(res.headers['set-cookie']).toBeUndefined()
    }
    expect((await signInWeb('')).statusCode).toBe(400)
  })

  test('a disabled (banned) account cannot sign in with a token', async () => {
    const claims = { sub: 'google-sub-banned', email: 'banned@example.kz', email_verified: true }
    const first = await signInWeb(await token(claims))
    expect(first.statusCode).toBe(200)
    const id = (await t.app.inject({ url: '/api/auth/users/me/', headers: { cookie: cookieOf(first) } })).json().id
    await t.db.update(user).set({ banned: true }).where(eq(user.id, id))
    const again = await signInWeb(await token(claims))
    expect(again.statusCode).toBe(401)
    expect((await exchange(await token(claims))).statusCode).toBe(401)
  })
})

describe('web sign-in buttons', () => {
  test('follow the trusted issuers: Google and Apple only when their tokens are trusted', () => {
    // The test app runs the local stand-in (local-idp.ts) for both.
    expect(t.services.idTokens.webProviders).toEqual({ google: null, apple: null, local: true })
    expect(
      webSignInProviders([
        {
          issuer: 'https://accounts.google.com',
          audience: 'web-client.apps.googleusercontent.com',
          jwksUrl: 'https://x',
        },
      ]),
    ).toEqual({ google: 'web-client.apps.googleusercontent.com', apple: null, local: false })
    expect(
      webSignInProviders([{ issuer: 'https://appleid.apple.com', audience: 'kz.tulpar.web', jwksUrl: 'https://x' }]),
    ).toEqual({ google: null, apple: 'kz.tulpar.web', local: false })
  })
})

// Last in the file: it uses up this IP's sign-in allowance.
test('identity-token sign-in shares the per-IP sign-in limit (50 per 15 minutes)', async () => {
  const attempt = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/id-token',
      headers: { origin: TEST_PUBLIC_URL, 'x-forwarded-for': '203.0.113.77' },
      payload: { idToken: 'not-a-jwt' },
    })
  for (let i = 0; i < 50; i++) expect((await attempt()).statusCode).toBe(401)
  const blocked = await attempt()
  expect(blocked.statusCode).toBe(429)
  expect(blocked.json().code).toBe('auth.too_many_requests')
  expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
  // Email sign-in from that address is held back too; another address is not.
  const email = (ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'x-forwarded-for': ip },
      payload: { email: 'someone@example.kz', password: 'whatever-1' },
    })
  expect((await email('203.0.113.77')).statusCode).toBe(429)
  expect((await email('203.0.113.78')).statusCode).toBe(401)
})

test("the app's token exchange shares it too", async () => {
  const attempt = () =>
    t.app.inject({
      url: '/api/firebase/auth/',
      headers: { authorization: 'Bearer not-a-jwt', 'x-forwarded-for': '203.0.113.79' },
    })
  for (let i = 0; i < 50; i++) expect((await attempt()).statusCode).toBe(401)
  const blocked = await attempt()
  expect(blocked.statusCode).toBe(429)
  expect(blocked.json().code).toBe('auth.too_many_requests')
})
