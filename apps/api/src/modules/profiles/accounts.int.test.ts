import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { listings, profiles, user, verification } from '../../db/schema.ts'
import { accountHelpers, uniqueEmail, uniquePhone } from '../../testing/accounts.ts'
import { createListing, setRole } from '../../testing/factories.ts'
import { createTestApp, TEST_PUBLIC_URL } from '../../testing/test-app.ts'
import { latestOutboxMessage } from '../delivery/index.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const { signUp, signIn, myProfile } = accountHelpers(() => t.app)

describe('email and password', () => {
  test('sign-up creates the account and its profile; the token works as a bearer credential', async () => {
    const s = await signUp()
    const profile = await myProfile(s.auth)
    expect(profile).toMatchObject({
      email: s.email,
      full_name: 'Айдос Нурланов',
      is_deleted: false,
      city: null,
      language: 'ru',
    })
    const me = await t.app.inject({ url: '/api/auth/users/me/', headers: s.auth })
    expect(me.json()).toMatchObject({ email: s.email, role: 'user' })
  })

  test('/auth/users/me/ reports each role as it is: user, manager, moderator and admin', async () => {
    for (const role of ['user', 'manager', 'moderator', 'admin'] as const) {
      const s = await signUp()
      await setRole(t.db, s.id, role)
      const me = await t.app.inject({ url: '/api/auth/users/me/', headers: s.auth })
      expect(me.statusCode, me.body).toBe(200)
      expect(me.json().role, role).toBe(role)
    }
  })

  test('a password shorter than 6 characters is refused and nothing is created', async () => {
    const email = uniqueEmail()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: '12345', name: 'X' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('PASSWORD_TOO_SHORT')
    expect(await t.db.select().from(user).where(eq(user.email, email))).toHaveLength(0)
  })

  test('a wrong password does not sign in', async () => {
    const s = await signUp()
    expect((await signIn(s.email, 'wrong-password')).statusCode).toBe(401)
    expect((await signIn(s.email, s.password)).statusCode).toBe(200)
  })

  test('check-is-user-exist answers for registered and unknown emails, and refuses a malformed one', async () => {
    const s = await signUp()
    const ask = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/profiles/check-is-user-exist/', payload: { email } })
    expect((await ask(s.email.toUpperCase())).json()).toEqual({ success: true })
    expect((await ask('nobody-here@example.kz')).json()).toEqual({ success: false })
    expect((await ask('not-an-email')).statusCode).toBe(400)
  })

  test('a password reset link arrives by email and sets a new password; old sessions end', async () => {
    const s = await signUp()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: s.email, redirectTo: `${TEST_PUBLIC_URL}/auth/reset` },
    })
    expect(res.statusCode).toBe(200)
    const mail = await latestOutboxMessage(t.db, s.email, 'email')
    const link = /https?:\/\/\S+/.exec(mail?.body ?? '')?.[0]
    expect(link).toBeDefined()
    const token = new URL(String(link)).pathname.split('/').pop()
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'new-secret-7' },
    })
    expect(reset.statusCode, reset.body).toBe(200)
    expect((await signIn(s.email, s.password)).statusCode).toBe(401)
    expect((await signIn(s.email, 'new-secret-7')).statusCode).toBe(200)
    expect((await t.app.inject({ url: '/api/profiles/me/', headers: s.auth })).statusCode).toBe(401)
  })

  test('a reset asked for an unknown email sends nothing', async () => {
    const email = uniqueEmail()
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: `${TEST_PUBLIC_URL}/auth/reset` },
    })
    expect(await latestOutboxMessage(t.db, email, 'email')).toBeNull()
  })

  test('login attempts are throttled per address with the too-many-requests answer', async () => {
    const s = await signUp()
    for (let i = 0; i < 10; i++) await signIn(s.email, 'wrong-password')
    const res = await signIn(s.email, s.password)
    expect(res.statusCode).toBe(429)
    expect(res.json()).toMatchObject({ code: 'auth.too_many_requests' })
  })
})

describe('phone sign-in (spec: two steps, SMS code then confirm)', () => {
  const send = (phone: string) =>
    t.app.inject({ method: 'POST', url: '/api/profiles/register-by-phone/', payload: { phone } })
  const verify = (code: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/profiles/verify-phone/',
      payload: { code },
      headers: cookie ? { cookie } : {},
    })
  const codeFor = async (phone: string) =>
    /\d{6}/.exec((await latestOutboxMessage(t.db, phone, 'sms'))?.body ?? '')?.[0] ?? ''

  test('an invalid number gets the spec error and no SMS goes out', async () => {
    const res = await send('12345')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'phone.invalid', error: 'phone.invalid' })
  })

  test('the code from the SMS signs in (creating the account) and the token works as a bearer credential', async () => {
    const phone = uniquePhone()
    const sent = await send(`8 (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8, 10)}-${phone.slice(10)}`)
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json()).toEqual({ message: 'code sent' })
    const cookie = String(sent.headers['set-cookie']).split(';')[0]
    const res = await verify(await codeFor(phone), cookie)
    expect(res.statusCode, res.body).toBe(200)
    const { token } = res.json()
    const me = await t.app.inject({ url: '/api/auth/users/me/', headers: { authorization: `Bearer ${token}` } })
    expect(me.json()).toMatchObject({ phone_number: phone, email: null })
    expect((await myProfile({ authorization: `Bearer ${token}` })).phone).toBe(phone)
  })

  test('a wrong code is refused, and after 5 wrong codes even the right one is', async () => {
    const phone = uniquePhone()
    const cookie = String((await send(phone)).headers['set-cookie']).split(';')[0]
    const right = await codeFor(phone)
    const wrong = right === '000000' ? '111111' : '000000'
    const first = await verify(wrong, cookie)
    expect(first.statusCode).toBe(400)
    expect(first.json().code).toBe('phone.code_invalid')
    for (let i = 0; i < 4; i++) await verify(wrong, cookie)
    const blocked = await verify(right, cookie)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().code).toBe('phone.too_many_attempts')
  })

  test('an expired code is refused', async () => {
    const phone = uniquePhone()
    const cookie = String((await send(phone)).headers['set-cookie']).split(';')[0]
    // better-auth keeps the code under `phone-number-otp-<phone>`: make it five minutes old.
    const updated = await t.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `phone-number-otp-${phone}`))
      .returning()
    expect(updated).toHaveLength(1)
    const res = await verify(await codeFor(phone), cookie)
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('phone.code_expired')
  })

  test('a code without a pending number is refused', async () => {
    const res = await verify('123456')
    expect(res.json().code).toBe('phone.no_pending_code')
  })

  test('one SMS a minute per number: the second send is refused with too-many-requests', async () => {
    const phone = uniquePhone()
    expect((await send(phone)).statusCode).toBe(200)
    const again = await send(phone)
    expect(again.statusCode).toBe(429)
    expect(again.json().code).toBe('auth.too_many_requests')
  })
})

describe('profile', () => {
  test('the owner changes city, name, language and notification preferences', async () => {
    const s = await signUp()
    const profile = await myProfile(s.auth)
    const [almaty] = (await t.app.inject('/api/company/cities/')).json()
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/profiles/update/${profile.id}/`,
      headers: s.auth,
      payload: {
        city: almaty.id,
        full_name: 'Асель Жумабаева',
        language: 'kk',
        notify_news: false,
        fcm_token: 'device-1',
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      city: almaty.id,
      full_name: 'Асель Жумабаева',
      language: 'kk',
      notify_news: false,
      fcm_token: 'device-1',
    })
  })

  test('a phone in any common format is stored as E.164; an invalid one changes nothing', async () => {
    const s = await signUp()
    const profile = await myProfile(s.auth)
    const phone = uniquePhone()
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/profiles/update/${profile.id}/`,
      headers: s.auth,
      payload: { phone: `8${phone.slice(2)}` },
    })
    expect(ok.json().phone).toBe(phone)
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/profiles/update/${profile.id}/`,
      headers: s.auth,
      payload: { phone: '123', full_name: 'Changed' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('phone.invalid')
    expect((await myProfile(s.auth)).full_name).toBe('Айдос Нурланов')
  })

  test("a phone already used by another account is refused with the spec's message", async () => {
    const a = await signUp()
    const b = await signUp()
    const phone = uniquePhone()
    await t.app.inject({
      method: 'PATCH',
      url: `/api/profiles/update/${(await myProfile(a.auth)).id}/`,
      headers: a.auth,
      payload: { phone },
    })
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/profiles/update/${(await myProfile(b.auth)).id}/`,
      headers: b.auth,
      payload: { phone },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      code: 'profile.phone_in_use',
      detail: 'Could not update the profile. Perhaps this phone number is already in use.',
    })
  })

  test("nobody reads or changes another user's profile; guests get 401", async () => {
    const a = await signUp()
    const b = await signUp()
    const aProfile = await myProfile(a.auth)
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/profiles/update/${aProfile.id}/`,
      headers: b.auth,
      payload: { full_name: 'Hacker' },
    })
    expect(res.statusCode).toBe(403)
    expect((await myProfile(a.auth)).full_name).toBe('Айдос Нурланов')
    expect((await t.app.inject('/api/profiles/me/')).statusCode).toBe(401)
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/profiles/update/${aProfile.id}/`, payload: {} })).statusCode,
    ).toBe(401)
  })

  test('unknown fields and an unknown city are refused', async () => {
    const s = await signUp()
    const id = (await myProfile(s.auth)).id
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/profiles/update/${id}/`,
          headers: s.auth,
          payload: { role: 'admin' },
        })
      ).statusCode,
    ).toBe(400)
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/profiles/update/${id}/`,
          headers: s.auth,
          payload: { city: 99999 },
        })
      ).statusCode,
    ).toBe(400)
  })

  test('a cookie-authenticated change from another site is refused', async () => {
    const s = await signUp()
    const login = await signIn(s.email, s.password)
    const cookie = ([] as string[])
      .concat(login.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ')
    const id = (await myProfile(s.auth)).id
    const patch = (origin: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/profiles/update/${id}/`,
        headers: { cookie, origin },
        payload: { full_name: 'Via cookie' },
      })
    const evil = await patch('https://evil.example')
    expect(evil.statusCode).toBe(403)
    expect(evil.json().code).toBe('csrf.rejected')
    expect((await patch(TEST_PUBLIC_URL)).statusCode).toBe(200)
  })
})

describe('account deletion', () => {
  test('erases personal data, ends every session, archives listings and leaves no way to sign in', async () => {
    const s = await signUp()
    const listing = await createListing(t.db, { ownerId: s.id })
    const res = await t.app.inject({ method: 'DELETE', url: '/api/profiles/me/', headers: s.auth })
    expect(res.statusCode, res.body).toBe(200)
    expect((await t.app.inject({ url: '/api/profiles/me/', headers: s.auth })).statusCode).toBe(401)
    expect((await signIn(s.email, s.password)).statusCode).toBe(401)
    const [p] = await t.db.select().from(profiles).where(eq(profiles.userId, s.id))
    expect(p).toMatchObject({ isDeleted: true, email: null, fullName: null, phone: null, fcmToken: null })
    const [u] = await t.db.select().from(user).where(eq(user.id, s.id))
    expect(u?.email).not.toBe(s.email)
    const [l] = await t.db
      .select()
      .from(listings)
      .where(and(eq(listings.id, listing.id)))
    expect(l?.status).toBe('archived')
    // The address is free again for a new account.
    await signUp(s.email)
  })
})
