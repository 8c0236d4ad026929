import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { outboxMessages } from '../../db/schema.ts'
import { accountHelpers, uniquePhone } from '../../testing/accounts.ts'
import { createTestApp } from '../../testing/test-app.ts'
import { latestOutboxMessage } from '../delivery/index.ts'

/*
 * The SMS and account-exists limits through the real routes (the sign-in, code-attempt and password-change
 * limits are proven in accounts.int.test.ts, id-token.int.test.ts and password-change.int.test.ts). Each test
 * uses its own client IP (X-Forwarded-For; the API trusts the proxy) so the tests do not share counters.
 */
let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const send = (phone: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/profiles/register-by-phone/',
    headers: { 'x-forwarded-for': ip },
    payload: { phone },
  })

describe('SMS codes', () => {
  test('at most 1 a minute per number, with Retry-After', async () => {
    const phone = uniquePhone()
    expect((await send(phone, '198.51.100.1')).statusCode).toBe(200)
    // The number is counted, not the client: another IP is refused too.
    const again = await send(phone, '198.51.100.2')
    expect(again.statusCode).toBe(429)
    expect(again.json().code).toBe('auth.too_many_requests')
    const wait = Number(again.headers['retry-after'])
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(60)
  })

  test('at most 5 an hour per number, even a minute apart; nothing is sent when refused', async () => {
    const phone = uniquePhone()
    for (let i = 0; i < 5; i++) {
      // A minute passes for this number's minute window (its hour window keeps counting).
      await t.limiter.reset(`sms:num:min:${phone}`)
      expect((await send(phone, `198.51.100.${10 + i}`)).statusCode).toBe(200)
    }
    const sent = await latestOutboxMessage(t.db, phone, 'sms')
    await t.limiter.reset(`sms:num:min:${phone}`)
    const sixth = await send(phone, '198.51.100.20')
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().code).toBe('auth.too_many_requests')
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(60)
    expect((await latestOutboxMessage(t.db, phone, 'sms'))?.id).toBe(sent?.id)
  })

  test('at most 20 an hour per client IP, whatever the numbers', async () => {
    for (let i = 0; i < 20; i++) expect((await send(uniquePhone(), '198.51.100.30')).statusCode).toBe(200)
    const phone = uniquePhone()
    const refused = await send(phone, '198.51.100.30')
    expect(refused.statusCode).toBe(429)
    expect(await latestOutboxMessage(t.db, phone, 'sms')).toBeNull()
    expect((await send(uniquePhone(), '198.51.100.31')).statusCode).toBe(200)
  })
})

test('account-exists checks: at most 30 per 5 minutes per client IP', async () => {
  const ask = (ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/profiles/check-is-user-exist/',
      headers: { 'x-forwarded-for': ip },
      payload: { email: 'someone@example.kz' },
    })
  for (let i = 0; i < 30; i++) expect((await ask('198.51.100.40')).statusCode).toBe(200)
  const refused = await ask('198.51.100.40')
  expect(refused.statusCode).toBe(429)
  expect(refused.json().code).toBe('auth.too_many_requests')
  expect((await ask('198.51.100.41')).statusCode).toBe(200)
})

test('with no proxy configured in front, a forged X-Forwarded-For does not get a client past a per-IP limit', async () => {
  const direct = await createTestApp({ trustProxyHops: 0 })
  try {
    const ask = (i: number) =>
      direct.app.inject({
        method: 'POST',
        url: '/api/profiles/check-is-user-exist/',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { email: 'someone@example.kz' },
      })
    for (let i = 0; i < 30; i++) expect((await ask(i)).statusCode).toBe(200)
    expect((await ask(30)).statusCode).toBe(429)
  } finally {
    await direct.close()
  }
})

describe('password reset emails', () => {
  const { signUp } = accountHelpers(() => t.app)
  const reset = (email: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { 'x-forwarded-for': ip },
      payload: { email, redirectTo: '/auth/reset-password' },
    })
  const mailsTo = async (email: string) =>
    (await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email))).length

  test('at most 5 an hour per address; the sixth sends nothing', async () => {
    const s = await signUp()
    for (let i = 0; i < 5; i++) expect((await reset(s.email, `198.51.100.${50 + i}`)).statusCode).toBe(200)
    expect(await mailsTo(s.email)).toBe(5)
    const refused = await reset(s.email.toUpperCase(), '198.51.100.60')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().code).toBe('auth.too_many_requests')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(await mailsTo(s.email)).toBe(5)
  })

  test('at most 20 an hour per client IP, whatever the addresses', async () => {
    for (let i = 0; i < 20; i++) expect((await reset(`nobody${i}@example.kz`, '198.51.100.70')).statusCode).toBe(200)
    const s = await signUp()
    expect((await reset(s.email, '198.51.100.70')).statusCode).toBe(429)
    expect(await mailsTo(s.email)).toBe(0)
    expect((await reset(s.email, '198.51.100.71')).statusCode).toBe(200)
  })
})
