import { generateKeyPairSync } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { user } from '../../db/schema.ts'
import { createTestApp, TEST_PUBLIC_URL } from '../../testing/test-app.ts'

/*
 * Issue 10, item 22: Google and Apple sign-in work in the demo and tests through a local identity provider whose
 * tokens the verifier trusts; with the provider off, neither its pages nor its tokens are accepted.
 */
let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** The page's form, submitted: answers the identity token from the redirect's fragment. */
async function tokenFor(provider: string, name: string, email: string, redirectTo?: string) {
  const query = new URLSearchParams({ name, email, lang: 'kk', ...(redirectTo ? { redirectTo } : {}) })
  const res = await t.app.inject({ url: `/api/dev/idp/${provider}/token?${query}` })
  expect(res.statusCode).toBe(303)
  const location = new URL(String(res.headers.location), TEST_PUBLIC_URL)
  expect(location.pathname).toBe('/auth')
  return { location, idToken: new URLSearchParams(location.hash.slice(1)).get('id_token') ?? '' }
}

const signIn = (idToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/id-token',
    payload: { idToken },
    headers: { origin: TEST_PUBLIC_URL },
  })

describe('the local identity provider', () => {
  test('its page asks for a name and an email, in the language asked for', async () => {
    const kk = await t.app.inject({ url: '/api/dev/idp/google/authorize?lang=kk&redirectTo=%2Ffavorites' })
    expect(kk.statusCode).toBe(200)
    expect(kk.headers['content-type']).toContain('text/html')
    expect(kk.body).toContain('Google арқылы сынақ кіру')
    expect(kk.body).toContain('name="email"')
    expect(kk.body).toContain('value="/favorites"')
    const en = await t.app.inject({ url: '/api/dev/idp/apple/authorize?lang=en' })
    expect(en.body).toContain('Test sign-in with Apple')
    expect((await t.app.inject({ url: '/api/dev/idp/facebook/authorize' })).statusCode).toBe(400)
  })

  test('its token signs a new person in (Google button), and the same email is the same account next time', async () => {
    const { location, idToken } = await tokenFor('google', 'Айгерім Сәрсенова', 'Aigerim@Example.kz', '/favorites')
    expect(location.searchParams.get('redirectTo')).toBe('/favorites')
    const first = await signIn(idToken)
    expect(first.statusCode, first.body).toBe(200)
    expect(String(first.headers['set-cookie'])).toContain('tulpar.session_token=')
    const [row] = await t.db.select().from(user).where(eq(user.email, 'aigerim@example.kz'))
    expect(row).toMatchObject({ name: 'Айгерім Сәрсенова', emailVerified: true, role: 'user' })
    const again = await signIn((await tokenFor('google', 'Айгерім', 'aigerim@example.kz')).idToken)
    expect(again.json().user.id).toBe(first.json().user.id)
  })

  test('a token signed with another key, or for another audience, is refused', async () => {
    const { idToken } = await tokenFor('apple', 'Ержан', 'erzhan@example.kz')
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'))
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const forged = await new SignJWT({ ...claims, email: 'victim@example.kz' })
      .setProtectedHeader({ alg: 'ES256' })
      .sign(privateKey)
    expect((await signIn(forged)).statusCode).toBe(401)
    const tampered = [
      idToken.split('.')[0],
      Buffer.from(JSON.stringify({ ...claims, aud: 'x' })).toString('base64url'),
      idToken.split('.')[2],
    ].join('.')
    expect((await signIn(tampered)).statusCode).toBe(401)
  })
})

describe('with the local provider off (production)', () => {
  test('its pages do not exist and its tokens are not trusted', async () => {
    const off = await createTestApp({ localIdentityProvider: false })
    try {
      expect((await off.app.inject({ url: '/api/dev/idp/google/authorize' })).statusCode).toBe(404)
      expect((await off.app.inject({ url: '/api/dev/idp/jwks' })).statusCode).toBe(404)
      const { idToken } = await tokenFor('google', 'Асель', 'asel@example.kz')
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/id-token',
        payload: { idToken },
        headers: { origin: TEST_PUBLIC_URL },
      })
      expect(res.statusCode).toBe(401)
    } finally {
      await off.close()
    }
  })
})
