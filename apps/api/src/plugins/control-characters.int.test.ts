import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { accountHelpers } from '../testing/accounts.ts'
import { createTestApp } from '../testing/test-app.ts'

/**
 * Issue 35: a NUL in push subscribe and unsubscribe and in `fcm_token` answered 500 (PostgreSQL text cannot hold
 * it). Every /api route now refuses control characters before validation: 400 `validation.failed` naming the field.
 */
let t: Awaited<ReturnType<typeof createTestApp>>
const { signUp, myProfile } = accountHelpers(() => t.app)
let auth: Record<string, string>
let profileId: number

beforeAll(async () => {
  t = await createTestApp()
  const user = await signUp()
  auth = user.auth
  profileId = (await myProfile(auth)).id
})
afterAll(() => t.close())

const NUL = '\u0000'
const subscription = (
  endpoint: string,
  p256dh = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQ',
  auth = 'tBHItJI5svbpez7KI4CCXg',
) => ({
  endpoint,
  keys: { p256dh, auth },
})

function expectRefused(res: { statusCode: number; body: string; headers: Record<string, unknown> }, field: string) {
  expect(res.statusCode, res.body).toBe(400)
  expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/)
  expect(JSON.parse(res.body)).toMatchObject({
    status: 400,
    code: 'validation.failed',
    errors: [{ field, code: 'control_characters' }],
  })
}

describe('control characters in any string of a request are a 400 naming the field, never a 500', () => {
  test('push subscribe: NUL in the endpoint or a key', async () => {
    for (const [body, field] of [
      [subscription(`https://push.example.com/${NUL}`), 'body.endpoint'],
      [subscription('https://push.example.com/a', `BNcRdreALRFXTkOOUHK1${NUL}EtK2wtaz5Ry4YfYCA`), 'body.keys.p256dh'],
      [subscription('https://push.example.com/a', undefined, `tBHItJI5${NUL}svbpez7K`), 'body.keys.auth'],
    ] as const) {
      expectRefused(
        await t.app.inject({ method: 'PUT', url: '/api/push-subscriptions/', headers: auth, payload: body }),
        field,
      )
    }
  })

  test('push unsubscribe: NUL in the endpoint', async () => {
    const payload = { endpoint: `https://push.example.com/${NUL}x` }
    expectRefused(
      await t.app.inject({ method: 'DELETE', url: '/api/push-subscriptions/', headers: auth, payload }),
      'body.endpoint',
    )
  })

  test('fcm_token on the profile: NUL, other C0 controls and DEL; tab and line breaks are text', async () => {
    const url = `/api/profiles/update/${profileId}/`
    for (const bad of [NUL, '\u0001', '\u0008', '\u000B', '\u001B', '\u007F']) {
      const res = await t.app.inject({ method: 'PATCH', url, headers: auth, payload: { fcm_token: `tok${bad}en` } })
      expectRefused(res, 'body.fcm_token')
    }
    const ok = await t.app.inject({ method: 'PATCH', url, headers: auth, payload: { fcm_token: 'tok\ten' } })
    expect(ok.statusCode, ok.body).toBe(200)
  })

  test('other routes: a saved search name, a catalogue query, a path parameter, better-auth sign-up and a key', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches/',
      headers: auth,
      payload: { name: `Camry${NUL}`, filters: {} },
    })
    expectRefused(saved, 'body.name')
    expectRefused(await t.app.inject({ url: '/api/cars/?brand=toyota%00' }), 'query.brand')
    expectRefused(await t.app.inject({ url: '/api/vehicle-checks/shared/abc%00def/' }), 'params.token')
    const signUpRes = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'nul@example.kz', password: 'secret-nul-12', name: `Ай${NUL}дос` },
    })
    expectRefused(signUpRes, 'body.name')
    const key = await t.app.inject({
      method: 'PATCH',
      url: `/api/profiles/update/${profileId}/`,
      headers: auth,
      payload: { [`city${NUL}`]: 1 },
    })
    expectRefused(key, 'body.city\\u0000')
  })

  test("the field's message is in the caller's language", async () => {
    const url = `/api/profiles/update/${profileId}/`
    const messages = await Promise.all(
      ['ru', 'kk', 'en'].map(async (lang) => {
        const headers = { ...auth, 'accept-language': lang }
        const res = await t.app.inject({ method: 'PATCH', url, headers, payload: { fcm_token: NUL } })
        return res.json().errors[0].message
      }),
    )
    expect(messages).toEqual([
      'Текст содержит недопустимые управляющие символы',
      'Мәтінде рұқсат етілмеген басқару таңбалары бар',
      'The text contains control characters, which are not allowed',
    ])
  })
})
