import { TOKEN_KEY } from '../../lib/api/token-key.ts'

/**
 * Set just before the reload that follows a successful exchange: if the cookie still does not arrive (cookies
 * blocked), the page does not exchange and reload again in a loop. An exchange cut short (the user navigated
 * away) or refused for another reason than 401 (offline, limits) leaves it unset and is tried on the next page.
 */
const EXCHANGED_KEY = 'token-sign-in-done'

/** POST /api/auth/sign-in/token: the product token as bearer, answered with the web's session cookie. */
export function signInWithToken(token: string): Promise<Response> {
  return fetch('/api/auth/sign-in/token', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    credentials: 'same-origin',
  })
}

/** Exchanges the stored product token for the session cookie and reloads; a token refused (401) is removed. */
export async function exchangeStoredToken(token: string): Promise<void> {
  try {
    if (window.sessionStorage.getItem(EXCHANGED_KEY)) return
  } catch {
    return
  }
  try {
    const res = await signInWithToken(token)
    if (res.ok) {
      window.sessionStorage.setItem(EXCHANGED_KEY, '1')
      window.location.reload()
    } else if (res.status === 401) window.localStorage.removeItem(TOKEN_KEY)
  } catch {
    // offline: the page stays a guest's
  }
}
