import { useEffect } from 'react'
import { TOKEN_KEY } from '../api/client.ts'

/** Once per tab: a token the server refuses for another reason than 401 (offline, limits) is not retried in a loop. */
const TRIED_KEY = 'token-sign-in-tried'

/**
 * Spec 4: "with a stored token, the profile is loaded directly". The web signs in with an HttpOnly cookie; a
 * guest page that finds a product token in local storage (the hybrid app's shell, the old site) exchanges it
 * once for the cookie of the same session and reloads signed in. A token the server refuses (401) is removed.
 */
export function useStoredTokenSignIn(guest: boolean): void {
  useEffect(() => {
    if (!guest) return
    let token: string | null
    try {
      token = window.localStorage.getItem(TOKEN_KEY)
      if (!token || window.sessionStorage.getItem(TRIED_KEY)) return
      window.sessionStorage.setItem(TRIED_KEY, '1')
    } catch {
      return // storage disabled: there is no stored token to use
    }
    void fetch('/api/auth/sign-in/token', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    }).then(
      (res) => {
        if (res.ok) window.location.reload()
        else if (res.status === 401) window.localStorage.removeItem(TOKEN_KEY)
      },
      () => undefined, // offline: the page stays a guest's
    )
  }, [guest])
}
