import { useEffect } from 'react'
import { TOKEN_KEY } from '../api/client.ts'

/**
 * Set just before the reload that follows a successful exchange: if the cookie still does not arrive (cookies
 * blocked), the page does not exchange and reload again in a loop. An exchange cut short (the user navigated
 * away) or refused for another reason than 401 (offline, limits) leaves it unset and is tried on the next page.
 */
const EXCHANGED_KEY = 'token-sign-in-done'

/**
 * Spec 4: "with a stored token, the profile is loaded directly". The web signs in with an HttpOnly cookie; a
 * guest page that finds a product token in local storage (the hybrid app's shell, the old site) exchanges it
 * for the cookie of the same session and reloads signed in. A token the server refuses (401) is removed.
 */
export function useStoredTokenSignIn(guest: boolean): void {
  useEffect(() => {
    if (!guest) return
    let token: string | null
    try {
      token = window.localStorage.getItem(TOKEN_KEY)
      if (!token || window.sessionStorage.getItem(EXCHANGED_KEY)) return
    } catch {
      return // storage disabled: there is no stored token to use
    }
    void fetch('/api/auth/sign-in/token', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    }).then(
      (res) => {
        if (res.ok) {
          window.sessionStorage.setItem(EXCHANGED_KEY, '1')
          window.location.reload()
        } else if (res.status === 401) window.localStorage.removeItem(TOKEN_KEY)
      },
      () => undefined, // offline: the page stays a guest's
    )
  }, [guest])
}
