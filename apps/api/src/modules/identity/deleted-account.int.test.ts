import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { accountHelpers } from '../../testing/accounts.ts'
import { createTestApp, TEST_PUBLIC_URL } from '../../testing/test-app.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const { signUp, signIn } = accountHelpers(() => t.app)

async function cookieOf(email: string, password: string): Promise<string> {
  const res = await signIn(email, password)
  expect(res.statusCode, res.body).toBe(200)
  return ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ')
}

describe('a second device of an account deleted on the first', () => {
  test('signs nobody in, is told once that the account was deleted, and its session is ended', async () => {
    const s = await signUp()
    const laptop = new Headers({ cookie: await cookieOf(s.email, s.password) })
    expect(await t.services.sessions.endDeletedAccountSession(laptop)).toBeNull()

    const del = await t.app.inject({ method: 'DELETE', url: '/api/profiles/me/', headers: s.auth })
    expect(del.statusCode, del.body).toBe(200)
    expect(await t.services.sessions.sessionUser(laptop)).toBeNull()
    expect(
      (await t.app.inject({ url: '/api/profiles/me/', headers: { cookie: laptop.get('cookie') ?? '' } })).statusCode,
    ).toBe(401)

    const cleared = await t.services.sessions.endDeletedAccountSession(laptop)
    expect(cleared?.some((c) => /^tulpar\.session_token=; .*Max-Age=0/.test(c))).toBe(true)
    // Once: the session is gone now.
    expect(await t.services.sessions.endDeletedAccountSession(laptop)).toBeNull()
    // The bearer token of the deleting device is told the same (the app's shell).
    expect(await t.services.sessions.endDeletedAccountSession(new Headers(s.auth))).not.toBeNull()
  })

  test('a guest, a valid session and a signed-out session are not taken for a deleted account', async () => {
    expect(await t.services.sessions.endDeletedAccountSession(new Headers())).toBeNull()
    const s = await signUp()
    expect(await t.services.sessions.endDeletedAccountSession(new Headers(s.auth))).toBeNull()
    const cookie = await cookieOf(s.email, s.password)
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: TEST_PUBLIC_URL } })
    expect(await t.services.sessions.endDeletedAccountSession(new Headers({ cookie }))).toBeNull()
  })
})
