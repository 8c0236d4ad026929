import { SystemBarsStyle } from '@capacitor/core'
import type { ApiResult } from '../../lib/api/client.ts'
import { routeFromLink, routeFromNotification } from './links.ts'
import type { NativePlugins } from './plugins.ts'
import { type PushOutcome, startPush } from './push.ts'

/** What the app's start-up needs from React Router's router (the page's `window.__reactRouterDataRouter`). */
export interface AppRouter {
  navigate: (to: string) => Promise<void> | void
  state: { loaderData: Record<string, unknown> }
}

export interface NativeAppDeps {
  plugins: NativePlugins
  router: AppRouter
  api: {
    getToken: () => string | null
    request: (path: string, options?: { method?: 'GET' | 'PATCH'; body?: unknown }) => Promise<ApiResult>
  }
  storage: Pick<Storage, 'getItem' | 'setItem'> | null
  /** Session storage: lasts while the app runs, across reloads of its page. */
  session: Pick<Storage, 'getItem' | 'setItem'> | null
  /** The site's origin: app links to it open in the app. */
  origin: string
  document: Pick<Document, 'documentElement' | 'querySelector' | 'querySelectorAll'>
  history: Pick<History, 'back'>
  setTimer?: (run: () => void, ms: number) => unknown
}

const LAUNCH_KEY = 'app-launch-url'

function layoutProfileId(router: AppRouter): number | null {
  const layout = router.state.loaderData['routes/layout']
  if (typeof layout !== 'object' || layout === null || !('profile' in layout)) return null
  const profile = layout.profile
  return typeof profile === 'object' && profile !== null && 'id' in profile && typeof profile.id === 'number'
    ? profile.id
    : null
}

function firstProfileId(data: unknown): number | null {
  const first = Array.isArray(data) ? data[0] : null
  return typeof first === 'object' && first !== null && 'id' in first && typeof first.id === 'number' ? first.id : null
}

/**
 * The app's part of every page, started once per page load inside the app (never on the web):
 * - spec 4 start-up: with a stored token the profile is loaded directly with it (a 401 clears it and reloads,
 *   in the API client);
 * - the system bars and safe areas (edge to edge: the page pads itself, styles under `.native-app`), then the
 *   splash screen goes;
 * - deep links: the link the app was launched with is pushed as the route after the hash, and links opened
 *   while it runs (app links to `/cars/{id}`, the app's scheme) open their screen;
 * - a tapped notification opens its page;
 * - the hardware back button closes an open dialog, else goes back, else leaves the app;
 * - push permission and the device token (push.ts).
 */
export async function startNativeApp(deps: NativeAppDeps): Promise<{ push: PushOutcome }> {
  const { App, FirebaseMessaging, SplashScreen, SystemBars } = deps.plugins
  const go = (route: string | null) => {
    if (route) void deps.router.navigate(route)
  }

  let tokenProfileId: number | null = null
  if (deps.api.getToken()) {
    const me = await deps.api.request('/api/profiles/me/')
    if (me.ok) tokenProfileId = firstProfileId(me.data)
  }

  // Light status bar text and icons over the blue header; the page pads itself under the bars (app.css).
  await SystemBars.setStyle({ style: SystemBarsStyle.Dark })
  deps.document.documentElement.classList.add('native-app')
  const viewport = deps.document.querySelector('meta[name="viewport"]')
  const content = viewport?.getAttribute('content') ?? ''
  if (viewport && !content.includes('viewport-fit')) viewport.setAttribute('content', `${content}, viewport-fit=cover`)
  await SplashScreen.hide()

  await App.addListener('appUrlOpen', (event) => go(routeFromLink(event.url, deps.origin)))
  // Once per launch: the pages loaded later in the same run (a reload after signing in) stay where they are.
  const launch = await App.getLaunchUrl()
  if (launch?.url && deps.session?.getItem(LAUNCH_KEY) !== launch.url) {
    deps.session?.setItem(LAUNCH_KEY, launch.url)
    go(routeFromLink(launch.url, deps.origin))
  }

  await FirebaseMessaging.addListener('notificationActionPerformed', (event) =>
    go(routeFromNotification(event.notification.data, deps.origin)),
  )

  await App.addListener('backButton', (event) => {
    const dialog = deps.document.querySelectorAll<HTMLDialogElement>('dialog[open]')
    const top = dialog[dialog.length - 1]
    if (top) top.close()
    else if (event.canGoBack) deps.history.back()
    else void App.exitApp()
  })

  const push = await startPush({
    messaging: FirebaseMessaging,
    profileId: () => layoutProfileId(deps.router) ?? tokenProfileId,
    request: (path, options) => deps.api.request(path, options),
    storage: deps.storage,
    setTimer: deps.setTimer,
  })
  return { push }
}
