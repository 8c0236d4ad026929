import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { user } from '../../db/schema.ts'
import { uniqueEmail, uniquePhone } from '../../testing/accounts.ts'
import { createTestApp } from '../../testing/test-app.ts'
import { latestOutboxMessage } from '../delivery/index.ts'
import { createAdmin } from './admin.ts'

/*
 * Issue 10, items 1, 6, 7 and 10: every path that sends an SMS, checks a code or a password, or makes an account
 * passes one set of limits, and better-auth's endpoints the product does not use are off. Each test uses its own
 * client addresses (X-Forwarded-For; the test app trusts one proxy) so the tests do not share counters.
 */
let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const post = (url: string, payload: unknown, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': ip, ...headers } })

describe('better-auth endpoints the product does not use are off', () => {
  test('phone codes through /api/auth/*: no SMS is sent and no code is checked', async () => {
    const phone = uniquePhone()
    const calls = [
      ['/api/auth/phone-number/send-otp', { phoneNumber: phone }],
      ['/api/auth/phone-number/verify', { phoneNumber: phone, code: '123456' }],
      ['/api/auth/sign-in/phone-number', { phoneNumber: phone, password: 'secret12' }],
      ['/api/auth/phone-number/request-password-reset', { phoneNumber: phone }],
    ] as const
    for (const [url, body] of calls) {
      const res = await post(url, body, '203.0.113.1')
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type']).toContain('application/problem+json')
    }
    expect(await latestOutboxMessage(t.db, phone, 'sms')).toBeNull()
  })

  test('an admin cannot create admins, impersonate users or set passwords through the library', async () => {
    const admin = await createAdmin(
      { db: t.db, auth: t.services.auth },
      { email: 'boss@tulpar.kz', password: 'boss-pass-1' },
    )
    const login = await post(
      '/api/auth/sign-in/email',
      { email: 'boss@tulpar.kz', password: 'boss-pass-1' },
      '203.0.113.2',
    )
    expect(login.statusCode).toBe(200)
    const auth = { authorization: `Bearer ${login.headers['set-auth-token']}` }
    const victim = await post(
      '/api/auth/sign-up/email',
      { email: uniqueEmail(), password: 'victim-pass', name: 'V' },
      '203.0.113.3',
    )
    const victimId: string = victim.json().user.id
    const calls = [
      [
        '/api/auth/admin/create-user',
        { email: 'new-admin@tulpar.kz', password: 'x-pass-12', name: 'N', role: 'admin' },
      ],
      ['/api/auth/admin/set-role', { userId: victimId, role: 'admin' }],
      ['/api/auth/admin/impersonate-user', { userId: victimId }],
      ['/api/auth/admin/set-user-password', { userId: victimId, newPassword: 'taken-over-1' }],
      ['/api/auth/admin/ban-user', { userId: victimId }],
      ['/api/auth/admin/remove-user', { userId: victimId }],
    ] as const
    for (const [url, body] of calls) expect((await post(url, body, '203.0.113.2', auth)).statusCode, url).toBe(404)
    expect((await t.app.inject({ url: '/api/auth/admin/list-users', headers: auth })).statusCode).toBe(404)
    const [row] = await t.db.select().from(user).where(eq(user.id, victimId))
    expect(row).toMatchObject({ role: 'user', banned: false })
    const [created] = await t.db.select().from(user).where(eq(user.email, 'new-admin@tulpar.kz'))
    expect(created).toBeUndefined()
    expect(admin.userId).toBeTruthy()
  })
})

describe('phone codes (spec calls): a cap on guesses per number that a new code does not reset', () => {
  const send = (phone: string, ip: string) => post('/api/profiles/register-by-phone/', { phone }, ip)
  const verify = (phone: string, code: string, ip: string) => post('/api/profiles/verify-phone/', { phone, code }, ip)
  const codeFor = async (phone: string) =>
    /\d{6}/.exec((await latestOutboxMessage(t.db, phone, 'sms'))?.body ?? '')?.[0] ?? ''

  test('at most 10 guesses an hour at one number, from any number of clients, however many codes are sent', async () => {
    const phone = uniquePhone()
    let guesses = 0
    let refused: Awaited<ReturnType<typeof verify>> | null = null
    // The attacker sends a fresh code whenever the library voids one (5 wrong), from a new address each time.
    for (let round = 0; round < 10 && !refused; round++) {
      await t.limiter.reset(`sms:num:min:${phone}`)
      expect((await send(phone, `198.18.${round}.1`)).statusCode).toBe(200)
      const right = await codeFor(phone)
      const wrong = right === '000000' ? '111111' : '000000'
      for (let i = 0; i < 5; i++) {
        const res = await verify(phone, wrong, `198.18.${round}.${10 + i}`)
        if (res.statusCode === 429 && res.json().code === 'auth.too_many_requests') {
          refused = res
          break
        }
        guesses++
      }
    }
    // One hour's guesses at a 6-digit code: 10 in 1,000,000.
    expect(guesses).toBe(10)
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(60)
    // Even the right code is not checked until the hour is over.
    expect((await verify(phone, await codeFor(phone), '198.18.99.1')).statusCode).toBe(429)
  })

  test('the owner who types the right code starts again with a fresh count', async () => {
    const phone = uniquePhone()
    expect((await send(phone, '198.19.0.1')).statusCode).toBe(200)
    const right = await codeFor(phone)
    const wrong = right === '000000' ? '111111' : '000000'
    for (let i = 0; i < 3; i++) expect((await verify(phone, wrong, '198.19.0.1')).statusCode).toBe(400)
    expect((await verify(phone, right, '198.19.0.1')).statusCode).toBe(200)
    expect(await t.limiter.hit(`code:num:${phone}`, 10, 3600)).toMatchObject({ count: 1 })
  })

  test('one client guessing at many numbers: at most 30 checks per 15 minutes', async () => {
    for (let i = 0; i < 30; i++) expect((await verify(uniquePhone(), '000000', '198.20.0.1')).statusCode).toBe(400)
    const refused = await verify(uniquePhone(), '000000', '198.20.0.1')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().code).toBe('auth.too_many_requests')
  })
})

describe('sign-up limits (item 6)', () => {
  const signUp = (email: string, ip: string) =>
    post('/api/auth/sign-up/email', { email, password: 'secret12', name: 'Айгерім' }, ip)

  test('at most 20 new accounts an hour from one client address', async () => {
    for (let i = 0; i < 20; i++) expect((await signUp(uniqueEmail(), '198.21.0.1')).statusCode).toBe(200)
    const email = uniqueEmail()
    const refused = await signUp(email, '198.21.0.1')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().code).toBe('auth.too_many_requests')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(await t.db.select().from(user).where(eq(user.email, email))).toHaveLength(0)
    expect((await signUp(uniqueEmail(), '198.21.0.2')).statusCode).toBe(200)
  })

  test('at most 5 tries an hour at one email, from any address', async () => {
    const email = uniqueEmail()
    for (let i = 0; i < 5; i++) expect((await signUp(email, `198.22.0.${i + 1}`)).statusCode).not.toBe(429)
    const refused = await signUp(email.toUpperCase(), '198.22.0.99')
    expect(refused.statusCode).toBe(429)
  })
})

describe('malformed bodies (item 7)', () => {
  const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`
  test.each([
    '/api/auth/sign-in/email',
    '/api/auth/sign-up/email',
    '/api/auth/phone-number/send-otp',
    '/api/profiles/check-is-user-exist/',
    '/api/profiles/verify-phone/',
  ])('5,000 nested arrays sent to %s are a 400 problem, not a 500', async (url) => {
    for (const payload of [deep, `{"email":${deep},"password":"x"}`]) {
      const res = await post(url, payload, '198.23.0.1', { 'content-type': 'application/json; charset=utf-8' })
      expect(res.statusCode).toBe(400)
      expect(res.headers['content-type']).toContain('application/problem+json')
      expect(res.json()).toMatchObject({ status: 400, code: 'body.too_deep' })
    }
  })

  test('ordinary nesting still parses, and prototype poisoning is still refused', async () => {
    const ok = await post('/api/profiles/check-is-user-exist/', { email: 'a@b.kz' }, '198.23.0.2')
    expect(ok.statusCode).toBe(200)
    const poisoned = await post(
      '/api/profiles/check-is-user-exist/',
      '{"email":"a@b.kz","__proto__":{"x":1}}',
      '198.23.0.2',
      { 'content-type': 'application/json' },
    )
    expect(poisoned.statusCode).toBe(400)
  })
})
