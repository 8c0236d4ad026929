import { useEffect } from 'react'
import { useNavigate, useRevalidator, useSearchParams } from 'react-router'
import { TOKEN_KEY } from '../../lib/api/token-key.ts'
import { useToast } from '../../ui/toast.tsx'
import { ACCOUNT_DELETED_COOKIE, ACCOUNT_DELETED_PARAM, ACCOUNT_DELETED_VALUE } from '../account/index.ts'
import { readGuestFavourites } from '../favourites/index.ts'

/**
 * What a page may have to do about the session after it loads, each rare, so their code loads only when needed
 * (auth/session-effects-run.ts), not with every page:
 * - spec 4: a guest with a stored product token signs in with it (the hybrid app's shell, the old site);
 * - spec 4: an account deleted on another device: the error, the stored token forgotten, home (told by the
 *   redirect's query, or by the cookie the same answer set when that redirect was never followed);
 * - the cars a guest hearted are saved to the account after sign-in (nothing the guest did is lost);
 * - inside the Tulpar Auto app (Capacitor's bridge injected `window.Capacitor`), the pages' native part
 *   (features/native: push, deep links, back button...), never loaded on the web.
 */
export function useSessionEffects(signedIn: boolean): void {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const toast = useToast()
  const { revalidate } = useRevalidator()
  const deleted = params.get(ACCOUNT_DELETED_PARAM) === ACCOUNT_DELETED_VALUE
  useEffect(() => {
    const told = deleted || (!signedIn && document.cookie.includes(`${ACCOUNT_DELETED_COOKIE}=1`))
    let token: string | null = null
    try {
      token = signedIn ? null : window.localStorage.getItem(TOKEN_KEY)
    } catch {
      // storage disabled: nothing stored to act on
    }
    const hearts = signedIn && readGuestFavourites().length > 0
    const app = !!window.Capacitor
    if (!told && !token && !hearts && !app) return
    void import('../auth/session-effects-run.ts').then((m) =>
      m.runSessionEffects({ deleted: told, token, hearts, app }, { toast, navigate, revalidate }),
    )
  }, [signedIn, deleted, toast, navigate, revalidate])
}
