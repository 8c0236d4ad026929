import { describe, expect, test } from 'vitest'
import { accountHelpers } from '../../testing/accounts.ts'
import { useTestApp } from '../../testing/suite.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-app.ts'

const t = useTestApp()
const { signUp, cookieSession } = accountHelpers(() => t.app)

describe('a second device of an account deleted on the first', () => {
  test('signs nobody in, and every request still carrying its cookie is told the account was deleted and clears it', async () => {
    const s = await signUp()
    const laptop = new Headers({ cookie: await cookieSession(s.email, s.password) })
    expect(await t.services.sessions.endDeletedAccountSession(laptop)).toBeNull()

    const del = await t.app.inject({ method: 'DELETE', url: '/api/profiles/me/', headers: s.auth })
    expect(del.statusCode, del.body).toBe(200)
    expect(await t.services.sessions.sessionUser(laptop)).toBeNull()
    expect(
      (await t.app.inject({ url: '/api/profiles/me/', headers: { cookie: laptop.get('cookie') ?? '' } })).statusCode,
    ).toBe(401)

    const cleared = await t.services.sessions.endDeletedAccountSession(laptop)
    expect(cleared?.some((c) => /^tulpar\.session_token=; .*Max-Age=0/.test(c))).toBe(true)
    // A second request of the same browser that was already on its way with the cookie (a revalidation) is told
    // too, rather than rendered as a guest's page without the notice; the browser drops the cookie at the first.
    const again = await t.services.sessions.endDeletedAccountSession(laptop)
    expect(again?.some((c) => /^tulpar\.session_token=; .*Max-Age=0/.test(c))).toBe(true)
    expect(await t.services.sessions.sessionUser(laptop)).toBeNull()
    // The bearer token of the deleting device is told the same (the app's shell).
    expect(await t.services.sessions.endDeletedAccountSession(new Headers(s.auth))).not.toBeNull()
  })

  test('a guest, a valid session and a signed-out session are not taken for a deleted account', async () => {
    expect(await t.services.sessions.endDeletedAccountSession(new Headers())).toBeNull()
    const s = await signUp()
    expect(await t.services.sessions.endDeletedAccountSession(new Headers(s.auth))).toBeNull()
    const cookie = await cookieSession(s.email, s.password)
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: TEST_PUBLIC_URL } })
    expect(await t.services.sessions.endDeletedAccountSession(new Headers({ cookie }))).toBeNull()
  })
})
