import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { accountHelpers } from '../../testing/accounts.ts'
import { createTestApp, TEST_PUBLIC_URL } from '../../testing/test-app.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const { signUp } = accountHelpers(() => t.app)

const exchange = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/token', headers: { origin: TEST_PUBLIC_URL, ...headers } })

const sessionCookie = (setCookie: string | string[] | undefined) =>
  ([] as string[])
    .concat(setCookie ?? [])
    .map((c) => c.split(';')[0] ?? '')
    // A cleared cookie (empty value) is no session.
    .filter((c) => /^tulpar\.session_token=.+/.test(c))
    .join('; ')

describe('POST /api/auth/sign-in/token (a stored token exchanged for the web session cookie)', () => {
  test('a valid bearer token gets the HttpOnly cookie of the same session, which signs the web in', async () => {
    const s = await signUp()
    const res = await exchange(s.auth)
    expect(res.statusCode, res.body).toBe(200)
    const raw = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n')
    expect(raw).toMatch(/HttpOnly/i)
    const cookie = sessionCookie(res.headers['set-cookie'])
    expect(cookie).not.toBe('')
    const me = await t.app.inject({ url: '/api/profiles/me/', headers: { cookie } })
    expect(me.statusCode).toBe(200)
  })

  test('no token, a forged token or a signed-out token answers 401 and sets no cookie', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer nonsense.forged' },
      { authorization: 'Bearer abc' },
    ]
    for (const headers of attempts) {
      const res = await exchange(headers)
      expect(res.statusCode, JSON.stringify(headers)).toBe(401)
      expect(sessionCookie(res.headers['set-cookie'])).toBe('')
    }
    const s = await signUp()
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_PUBLIC_URL, ...s.auth },
    })
    expect(out.statusCode).toBe(200)
    expect((await exchange(s.auth)).statusCode).toBe(401)
  })

  test("a deleted account's token answers 401", async () => {
    const s = await signUp()
    const other = await exchange(s.auth)
    expect(other.statusCode).toBe(200)
    const del = await t.app.inject({ method: 'DELETE', url: '/api/profiles/me/', headers: s.auth })
    expect(del.statusCode, del.body).toBeLessThan(300)
    expect((await exchange(s.auth)).statusCode).toBe(401)
  })
})
