import { beforeAll, expect, test } from 'vitest'
import { createApiClient } from '../../lib/api/client.ts'
import { type FakeNativeHandle, type FakeNativeScenario, installFakeNative } from './fake-native.ts'
import type { signInNatively as SignInNatively } from './native-sign-in.ts'

/*
 * The order of the native sign-in with the native sheet faked at Capacitor's bridge and the server's answers
 * given here; e2e/app-shell.spec.ts runs the same against the real server and its local identity provider.
 */
const scenario: FakeNativeScenario = {
  permission: 'denied',
  answer: 'denied',
  fcmToken: 'unused',
  launchUrl: null,
  idToken: 'google-id-token',
}
let native: FakeNativeHandle
let signInNatively: typeof SignInNatively
let SocialLogin: Parameters<typeof SignInNatively>[2]['login']

beforeAll(async () => {
  native = installFakeNative(globalThis as unknown as Record<string, unknown>, scenario)
  ;({ signInNatively } = await import('./native-sign-in.ts'))
  ;({ SocialLogin } = await import('@capgo/capacitor-social-login'))
})

function harness(answers: Record<string, () => Response>) {
  native.reset()
  const stored = new Map<string, string>()
  const storage = {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
    removeItem: (k: string) => void stored.delete(k),
  }
  const seen: string[] = []
  const fetch = async (url: string, init: RequestInit) => {
    seen.push(`${init.method ?? 'GET'} ${url} ${new Headers(init.headers).get('authorization') ?? '-'}`)
    const answer = answers[url.split('?')[0] ?? url]
    if (!answer) throw new Error(`unexpected ${url}`)
    return answer()
  }
  const api = createApiClient({ fetch, storage: () => storage, reload: () => undefined })
  return {
    stored,
    seen,
    deps: {
      login: SocialLogin,
      api,
      fetch,
      signInWithToken: (t: string) =>
        fetch('/api/auth/sign-in/token', { method: 'POST', headers: { authorization: `Bearer ${t}` } }),
    },
  }
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })

test('the native Google token is exchanged at /firebase/auth/, stored as `token`, then the session cookie', async () => {
  scenario.idToken = 'google-id-token'
  const { stored, seen, deps } = harness({
    '/api/firebase/auth/': () => json({ jwt: 'product-token' }),
    '/api/auth/users/me/': () => json({ id: 'u1', email: 'a@example.kz' }),
    '/api/auth/sign-in/token': () => json({ ok: true }),
  })
  const result = await signInNatively('google', { google: 'web-client-id', apple: null, local: false }, deps)
  expect(result).toEqual({ ok: true })
  expect(native.calls.filter((c) => c.plugin === 'SocialLogin')).toEqual([
    {
      plugin: 'SocialLogin',
      method: 'initialize',
      options: { google: { webClientId: 'web-client-id', mode: 'online' } },
    },
    {
      plugin: 'SocialLogin',
      method: 'login',
      options: { provider: 'google', options: { scopes: ['email', 'profile'] } },
    },
  ])
  expect(seen).toEqual([
    'GET /api/firebase/auth/ Bearer google-id-token',
    'GET /api/auth/users/me/ Bearer product-token',
    'POST /api/auth/sign-in/token Bearer product-token',
  ])
  expect(stored.get('token')).toBe('product-token')
})

test('a refused identity token stores nothing', async () => {
  const { stored, deps } = harness({ '/api/firebase/auth/': () => json({ code: 'auth.unauthorized' }, 401) })
  const result = await signInNatively('apple', { google: null, apple: 'kz.tulpar.web', local: false }, deps)
  expect(result).toEqual({ ok: false, code: 'ID_TOKEN_INVALID' })
  expect(stored.has('token')).toBe(false)
})

test('closing the native sheet is not an error and calls no server', async () => {
  scenario.idToken = null
  const { seen, deps } = harness({})
  expect(await signInNatively('google', { google: 'id', apple: null, local: false }, deps)).toEqual({
    ok: false,
    code: 'popup-closed-by-user',
  })
  expect(seen).toEqual([])
  scenario.idToken = 'google-id-token'
})
