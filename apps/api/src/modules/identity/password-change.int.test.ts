import { describe, expect, test } from 'vitest'
import { accountHelpers, uniquePhone } from '../../testing/accounts.ts'
import { useTestApp } from '../../testing/suite.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-app.ts'
import { latestOutboxMessage } from '../delivery/index.ts'

const t = useTestApp()
const { signUp, signIn, cookieSession } = accountHelpers(() => t.app)

function changePassword(headers: Record<string, string>, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: { origin: TEST_PUBLIC_URL, ...headers },
    payload,
  })
}

const statusWith = async (headers: Record<string, string>) =>
  (await t.app.inject({ url: '/api/profiles/me/', headers })).statusCode

describe('POST /api/auth/change-password', () => {
  test('ends every other session (cookie and bearer); this device goes on with a new session', async () => {
    const s = await signUp()
    const phoneApp = { authorization: `Bearer ${(await signIn(s.email, s.password)).headers['set-auth-token']}` }
    const laptop = { cookie: await cookieSession(s.email, s.password) }
    expect(await statusWith(phoneApp)).toBe(200)
    expect(await statusWith(laptop)).toBe(200)

    // The client does not even ask to end the other sessions: the server always does.
    const res = await changePassword(s.auth, { currentPassword: s.password, newPassword: 'brand-new-7' })
    expect(res.statusCode, res.body).toBe(200)
    const fresh = String(res.headers['set-auth-token'] ?? res.json().token)
    expect(fresh).not.toBe(s.token)

    expect(await statusWith(phoneApp)).toBe(401)
    expect(await statusWith(laptop)).toBe(401)
    expect(await statusWith(s.auth)).toBe(401)
    expect(await statusWith({ authorization: `Bearer ${fresh}` })).toBe(200)
    expect((await signIn(s.email, s.password)).statusCode).toBe(401)
    expect((await signIn(s.email, 'brand-new-7')).statusCode).toBe(200)
  })

  test('the web (cookie) gets a new session cookie and stays signed in', async () => {
    const s = await signUp()
    const cookie = await cookieSession(s.email, s.password)
    const res = await changePassword(
      { cookie },
      { currentPassword: s.password, newPassword: 'web-new-pass', revokeOtherSessions: true },
    )
    expect(res.statusCode, res.body).toBe(200)
    const renewed = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ')
    expect(renewed).toMatch(/tulpar\.session_token=/)
    expect(await statusWith({ cookie: renewed })).toBe(200)
    expect(await statusWith({ cookie })).toBe(401)
  })

  test('a wrong current password changes nothing and ends no session', async () => {
    const s = await signUp()
    const other = { cookie: await cookieSession(s.email, s.password) }
    const res = await changePassword(s.auth, { currentPassword: 'not-my-password', newPassword: 'whatever-1' })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('INVALID_PASSWORD')
    expect(await statusWith(other)).toBe(200)
    expect(await statusWith(s.auth)).toBe(200)
    expect((await signIn(s.email, s.password)).statusCode).toBe(200)
  })

  test('a new password shorter than 6 characters is refused and nothing changes', async () => {
    const s = await signUp()
    const res = await changePassword(s.auth, { currentPassword: s.password, newPassword: '12345' })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('PASSWORD_TOO_SHORT')
    expect(await statusWith(s.auth)).toBe(200)
    expect((await signIn(s.email, s.password)).statusCode).toBe(200)
  })

  test('a guest cannot change a password', async () => {
    const res = await changePassword({}, { currentPassword: 'x', newPassword: 'long-enough' })
    expect(res.statusCode).toBe(401)
  })

  test('a change riding on the cookie from another site is refused', async () => {
    const s = await signUp()
    const cookie = await cookieSession(s.email, s.password)
    const res = await changePassword(
      { cookie, origin: 'https://evil.example' },
      { currentPassword: s.password, newPassword: 'evil-choice-1' },
    )
    expect(res.statusCode).toBe(403)
    expect((await signIn(s.email, s.password)).statusCode).toBe(200)
  })

  test('guessing the current password is throttled per account (10 per 15 minutes)', async () => {
    const s = await signUp()
    for (let i = 0; i < 10; i++) {
      const res = await changePassword(s.auth, { currentPassword: `guess-${i}`, newPassword: 'whatever-1' })
      expect(res.statusCode).toBe(400)
    }
    const blocked = await changePassword(s.auth, { currentPassword: s.password, newPassword: 'whatever-1' })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().code).toBe('auth.too_many_requests')
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect((await signIn(s.email, s.password)).statusCode).toBe(200)
    // Another account is not affected.
    const other = await signUp()
    const ok = await changePassword(other.auth, { currentPassword: other.password, newPassword: 'other-new-1' })
    expect(ok.statusCode).toBe(200)
  })
})

describe('who has a password to change', () => {
  test('an email account has one; a phone account has none', async () => {
    const s = await signUp()
    expect(await t.services.sessions.hasPassword(s.id)).toBe(true)

    const phone = uniquePhone()
    const sent = await t.app.inject({ method: 'POST', url: '/api/profiles/register-by-phone/', payload: { phone } })
    const code = /\d{6}/.exec((await latestOutboxMessage(t.db, phone, 'sms'))?.body ?? '')?.[0]
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/verify-phone/',
      payload: { code },
      headers: { cookie: String(sent.headers['set-cookie']).split(';')[0] },
    })
    expect(verified.statusCode, verified.body).toBe(200)
    const me = await t.app.inject({
      url: '/api/auth/users/me/',
      headers: { authorization: `Bearer ${verified.json().token}` },
    })
    expect(await t.services.sessions.hasPassword(me.json().id)).toBe(false)
  })
})
