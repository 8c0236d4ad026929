/*
 * The fake native layer of the app's tests. On a phone, Capacitor's Android (or iOS) code injects the bridge
 * before the page's scripts: `window.androidBridge`, and on `window.Capacitor` the plugin headers (each native
 * plugin's methods) and `nativePromise` / `nativeCallback`, through which every plugin call leaves JavaScript.
 * This plays that part: it declares the plugins the app uses, records every call that crosses the bridge, answers
 * like the plugins' Java code would for the scenario given, and fires native events (a tapped notification, a
 * link opened, the back button). Capacitor's runtime (@capacitor/core) and the plugins' own JavaScript run
 * unchanged on top of it.
 *
 * `installFakeNative` is self-contained (no imports, no outer variables) so the e2e tests can hand it to
 * Playwright's `addInitScript`, which runs it in the page before anything else, as the real bridge runs.
 */

interface NativeCall {
  plugin: string
  method: string
  options: unknown
}

export interface FakeNativeScenario {
  /** The notification permission before the app asks (Android 13+ and iOS start at `prompt`). */
  permission: 'granted' | 'denied' | 'prompt'
  /** What the person answers when asked. */
  answer: 'granted' | 'denied'
  /** The FCM registration token the device gets. */
  fcmToken: string
  /** The link the app was launched with (a notification, an app link, the app's scheme), if any. */
  launchUrl: string | null
  /** The identity token the native Google or Apple sheet hands back; null: the person closes it. */
  idToken: string | null
}

export interface FakeNativeHandle {
  calls: NativeCall[]
  scenario: FakeNativeScenario
  /** Fires a native event to the page's listeners, as the plugin's `notifyListeners` does. */
  emit: (plugin: string, event: string, data: unknown) => number
  /** A new page load in unit tests: the listeners and the recorded calls are gone. */
  reset: () => void
}

export const FAKE_NATIVE_KEY = '__fakeNative'

export function installFakeNative(win: Record<string, unknown>, scenario: FakeNativeScenario): FakeNativeHandle {
  const promise = (names: string[]) => names.map((name) => ({ name, rtype: 'promise' }))
  // As the Android bridge lists them (JSExport): addListener and removeListener go through nativeCallback.
  const listenerMethods = [
    { name: 'addListener' },
    { name: 'removeListener' },
    { name: 'removeAllListeners', rtype: 'promise' },
  ]
  const headers = [
    {
      name: 'App',
      methods: [...promise(['exitApp', 'getInfo', 'getLaunchUrl', 'getState', 'minimizeApp']), ...listenerMethods],
    },
    {
      name: 'FirebaseMessaging',
      methods: [
        ...promise(['checkPermissions', 'requestPermissions', 'isSupported', 'getToken', 'deleteToken']),
        ...listenerMethods,
      ],
    },
    { name: 'SplashScreen', methods: promise(['show', 'hide']) },
    { name: 'SystemBars', methods: promise(['setStyle', 'show', 'hide', 'setAnimation']) },
    { name: 'Share', methods: promise(['canShare', 'share']) },
    {
      name: 'SocialLogin',
      methods: promise(['initialize', 'login', 'logout', 'isLoggedIn', 'getAuthorizationCode', 'refresh']),
    },
  ]
  // The answer to the permission question outlives a reload of the page, as the phone's settings do.
  const KEPT = 'fake-native-permission'
  try {
    const kept = (win.sessionStorage as Storage | undefined)?.getItem(KEPT)
    if (kept === 'granted' || kept === 'denied') scenario.permission = kept
  } catch {
    // no session storage (unit tests)
  }
  const calls: NativeCall[] = []
  const listeners: { plugin: string; event: string; id: string; callback: (data: unknown) => void }[] = []
  let nextId = 1

  const answer = (plugin: string, method: string, options: Record<string, unknown>): unknown => {
    const key = `${plugin}.${method}`
    switch (key) {
      case 'FirebaseMessaging.checkPermissions':
        return { receive: scenario.permission }
      case 'FirebaseMessaging.requestPermissions':
        // Asked once: the answer is the permission from then on.
        if (scenario.permission === 'prompt') {
          scenario.permission = scenario.answer
          try {
            ;(win.sessionStorage as Storage | undefined)?.setItem(KEPT, scenario.answer)
          } catch {
            // no session storage (unit tests)
          }
        }
        return { receive: scenario.permission }
      case 'FirebaseMessaging.getToken':
        if (scenario.permission !== 'granted') throw new Error('permission not granted')
        return { token: scenario.fcmToken }
      case 'App.getLaunchUrl':
        return scenario.launchUrl ? { url: scenario.launchUrl } : undefined
      case 'SocialLogin.login': {
        if (!scenario.idToken) throw new Error('The user canceled the sign-in flow.')
        const provider = options.provider
        return provider === 'apple'
          ? { provider, result: { idToken: scenario.idToken, accessToken: null, profile: {} } }
          : { provider, result: { responseType: 'online', idToken: scenario.idToken, accessToken: null, profile: {} } }
      }
      case 'Share.share':
        return { activityType: 'fake.share' }
      case 'Share.canShare':
        return { value: true }
      default:
        return undefined
    }
  }

  const capacitor = {
    PluginHeaders: headers,
    nativePromise(plugin: string, method: string, options: Record<string, unknown> = {}) {
      calls.push({ plugin, method, options })
      try {
        return Promise.resolve(answer(plugin, method, options))
      } catch (error) {
        return Promise.reject(error)
      }
    },
    nativeCallback(plugin: string, method: string, options: Record<string, unknown> = {}, callback?: unknown) {
      calls.push({ plugin, method, options })
      const id = String(nextId++)
      if (method === 'addListener' && typeof callback === 'function') {
        listeners.push({ plugin, event: String(options.eventName), id, callback: callback as (d: unknown) => void })
      } else if (method === 'removeListener') {
        const at = listeners.findIndex((l) => l.plugin === plugin && l.id === options.callbackId)
        if (at >= 0) listeners.splice(at, 1)
      }
      return id
    },
  }
  win.androidBridge = { postMessage: () => undefined }
  win.Capacitor = capacitor
  const handle: FakeNativeHandle = {
    calls,
    scenario,
    emit(plugin, event, data) {
      const matching = listeners.filter((l) => l.plugin === plugin && l.event === event)
      for (const l of matching) l.callback(data)
      return matching.length
    },
    reset() {
      calls.length = 0
      listeners.length = 0
    },
  }
  win.__fakeNative = handle
  return handle
}
