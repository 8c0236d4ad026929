import type { NavigateFunction } from 'react-router'
import { api } from '../../lib/api/client.ts'
import { ignoreAbort } from '../../ui/ignore-abort.ts'
import type { ToastApi } from '../../ui/toast.tsx'
import { ACCOUNT_DELETED_COOKIE } from '../account/index.ts'
import { exchangeStoredToken } from './stored-token-exchange.ts'

/** The rare session work of layout/session-effects.ts, loaded only when a page has some to do. */
export async function runSessionEffects(
  todo: { deleted: boolean; token: string | null; hearts: boolean; app: boolean },
  ui: { toast: ToastApi; navigate: NavigateFunction; revalidate: () => Promise<void> },
): Promise<void> {
  // Once per page load (a module runs once): the app's start-up, its own 401 handling and push (spec 4).
  if (todo.app) void import('../native/entry.ts')
  if (todo.deleted) {
    api.setToken(null)
    ui.toast.error('ux2.account.deleted')
    // Told once: the cookie that kept the notice for a lost redirect goes (deleted-notice.ts).
    // biome-ignore lint/suspicious/noDocumentCookie: clears a first-party flag the server set for this page to read
    document.cookie = `${ACCOUNT_DELETED_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
    await ui.navigate('/', { replace: true })
    return
  }
  if (todo.token) await exchangeStoredToken(todo.token)
  if (todo.hearts) {
    const { mergeGuestFavourites } = await import('../favourites/merge-guest-favourites.ts')
    const outcome = await mergeGuestFavourites()
    if (outcome === 'merged') {
      ui.toast.success('fav.merged')
      await ignoreAbort(ui.revalidate())
    } else if (outcome === 'limit') ui.toast.error('fav.error.limit', { limit: 500 })
  }
}
