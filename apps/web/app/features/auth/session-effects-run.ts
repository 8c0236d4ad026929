import type { NavigateFunction } from 'react-router'
import { api } from '../../lib/api/client.ts'
import { ignoreAbort } from '../../ui/ignore-abort.ts'
import type { ToastApi } from '../../ui/toast.tsx'
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
