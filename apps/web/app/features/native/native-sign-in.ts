import type { SocialLogin } from '@capgo/capacitor-social-login'
import type { ApiClient } from '../../lib/api/client.ts'
import type { SocialProviders } from '../auth/index.ts'

export type NativeProvider = 'google' | 'apple'

export interface NativeSignInDeps {
  login: Pick<typeof SocialLogin, 'initialize' | 'login'>
  api: Pick<ApiClient, 'setToken' | 'request'>
  fetch: (input: string, init: RequestInit) => Promise<Response>
  /** The web's session cookie from the product token (auth/stored-token-exchange.ts). */
  signInWithToken: (token: string) => Promise<Response>
}

/** How a native sign-in ended: `cancelled` when the person closed the sheet; otherwise an auth error code. */
export type NativeSignInResult = { ok: true } | { ok: false; code: string }

/**
 * Google or Apple sign-in in the app (spec 7: the native plugin instead of the web's popup). The native sheet
 * hands back an identity token, exchanged at GET /firebase/auth/ (the token as bearer) for the product token
 * `jwt`, which is stored under `token` (spec 4); the user is then fetched with it (the token is removed if that
 * fails), and the site's pages get their session cookie from it.
 */
export async function signInNatively(
  provider: NativeProvider,
  configured: SocialProviders,
  deps: NativeSignInDeps,
): Promise<NativeSignInResult> {
  let idToken: string | null
  try {
    await deps.login.initialize({
      ...(configured.google ? { google: { webClientId: configured.google, mode: 'online' as const } } : {}),
      ...(configured.apple ? { apple: { clientId: configured.apple } } : {}),
    })
    const scopes = provider === 'google' ? ['email', 'profile'] : ['email', 'name']
    const { result } =
      provider === 'google'
        ? await deps.login.login({ provider: 'google', options: { scopes } })
        : await deps.login.login({ provider: 'apple', options: { scopes } })
    idToken = 'idToken' in result ? result.idToken : null
  } catch {
    // The plugin rejects when the person closes the sheet (spec 8: popup-closed-by-user).
    return { ok: false, code: 'popup-closed-by-user' }
  }
  if (!idToken) return { ok: false, code: 'popup-closed-by-user' }

  let jwt: unknown = null
  try {
    const res = await deps.fetch('/api/firebase/auth/', {
      headers: { accept: 'application/json', authorization: `Bearer ${idToken}` },
      credentials: 'omit',
    })
    if (res.status === 429) return { ok: false, code: 'too-many-requests' }
    const body: unknown = res.ok ? await res.json() : null
    jwt = typeof body === 'object' && body !== null && 'jwt' in body ? body.jwt : null
  } catch {
    return { ok: false, code: 'network' }
  }
  if (typeof jwt !== 'string' || !jwt) return { ok: false, code: 'ID_TOKEN_INVALID' }

  deps.api.setToken(jwt)
  const me = await deps.api.request('/api/auth/users/me/')
  if (!me.ok) {
    deps.api.setToken(null)
    return { ok: false, code: me.code ?? 'default' }
  }
  const cookie = await deps.signInWithToken(jwt).catch(() => null)
  return cookie?.ok ? { ok: true } : { ok: false, code: 'network' }
}
