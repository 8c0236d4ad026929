import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { type ApiResult, createApiClient } from '../../lib/api/client.ts'
import { type FakeNativeHandle, type FakeNativeScenario, installFakeNative } from './fake-native.ts'
import type { NativePlugins } from './plugins.ts'
import type { AppRouter, NativeAppDeps, startNativeApp as StartNativeApp } from './start.ts'

/*
 * The app's start-up through Capacitor's own runtime and the plugins' JavaScript, with the native side faked at
 * the bridge (fake-native.ts): every plugin call below really crosses `nativePromise` / `nativeCallback`.
 * The bridge is installed before @capacitor/core loads, as the app's native code does before the page.
 */
const scenario: FakeNativeScenario = {
  permission: 'prompt',
  answer: 'granted',
  fcmToken: 'fcm-device-1',
  launchUrl: null,
  idToken: null,
}
let native: FakeNativeHandle
let plugins: NativePlugins
let startNativeApp: typeof StartNativeApp

beforeAll(async () => {
  native = installFakeNative(globalThis as unknown as Record<string, unknown>, scenario)
  ;({ plugins } = await import('./plugins.ts'))
  ;({ startNativeApp } = await import('./start.ts'))
})

afterEach(() => {
  vi.useRealTimers()
})

function storage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial))
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  }
}

/** A document with the viewport meta, a class list and the dialogs that are open. */
function page(openDialogs: { close: () => void }[] = []) {
  const classes = new Set<string>()
  let viewport = 'width=device-width, initial-scale=1'
  return {
    classes,
    viewport: () => viewport,
    documentElement: { classList: { add: (c: string) => void classes.add(c) } },
    querySelector: () => ({ getAttribute: () => viewport, setAttribute: (_: string, v: string) => (viewport = v) }),
    querySelectorAll: () => openDialogs,
  }
}

interface Setup {
  scenario?: Partial<FakeNativeScenario>
  /** The layout's profile (the signed-in user's), as the router's loader data has it; null for a guest. */
  profileId?: number | null
  answer?: (path: string, options: unknown) => ApiResult
  token?: string | null
  session?: ReturnType<typeof storage>
}

function setup(options: Setup = {}) {
  Object.assign(scenario, {
    permission: 'prompt',
    answer: 'granted',
    fcmToken: 'fcm-device-1',
    launchUrl: null,
    idToken: null,
    ...options.scenario,
  })
  native.reset()
  const navigations: string[] = []
  const layout: { profile: { id: number; city: null } | null } = {
    profile: options.profileId ? { id: options.profileId, city: null } : null,
  }
  const router: AppRouter = {
    navigate: (to) => void navigations.push(to),
    state: { loaderData: { 'routes/layout': layout } },
  }
  const requests: { path: string; options: unknown }[] = []
  const api: NativeAppDeps['api'] = {
    getToken: () => options.token ?? null,
    request: async (path, init) => {
      requests.push({ path, options: init })
      return options.answer?.(path, init) ?? { ok: true, status: 200, data: {}, code: null }
    },
  }
  const back = vi.fn()
  const doc = page()
  const deps: NativeAppDeps = {
    plugins,
    router,
    api,
    storage: storage(),
    session: options.session ?? storage(),
    origin: 'https://tulpar.kz',
    document: doc as unknown as NativeAppDeps['document'],
    history: { back },
  }
  const calls = (plugin: string, method?: string) =>
    native.calls.filter((c) => c.plugin === plugin && (!method || c.method === method))
  return { deps, navigations, requests, layout, back, doc, calls }
}

describe('push permission and the device token (spec 4)', () => {
  test('a refused permission saves no token', async () => {
    const { deps, requests, calls } = setup({ scenario: { answer: 'denied' }, profileId: 7 })
    const { push } = await startNativeApp(deps)
    expect(push).toBe('denied')
    expect(calls('FirebaseMessaging', 'checkPermissions')).toHaveLength(1)
    expect(calls('FirebaseMessaging', 'requestPermissions')).toHaveLength(1)
    expect(calls('FirebaseMessaging', 'getToken')).toHaveLength(0)
    expect(requests.filter((r) => r.path.includes('/profiles/update/'))).toEqual([])
  })

  test('a permission refused before is not asked again, and saves nothing', async () => {
    const { deps, requests, calls } = setup({ scenario: { permission: 'denied' }, profileId: 7 })
    expect((await startNativeApp(deps)).push).toBe('denied')
    expect(calls('FirebaseMessaging', 'requestPermissions')).toHaveLength(0)
    expect(requests).toEqual([])
  })

  test('granted with a profile: the token is saved as fcm_token once', async () => {
    const { deps, requests } = setup({ profileId: 7 })
    expect((await startNativeApp(deps)).push).toBe('granted')
    expect(requests).toEqual([
      { path: '/api/profiles/update/7/', options: { method: 'PATCH', body: { fcm_token: 'fcm-device-1' } } },
    ])
    // The next page of the same run does not send it again.
    const again = setup({ profileId: 7 })
    again.deps.storage = deps.storage
    await startNativeApp(again.deps)
    expect(again.requests).toEqual([])
  })

  test('granted before the profile exists: tried every second, saved once it exists', async () => {
    vi.useFakeTimers()
    const { deps, requests, layout } = setup({ profileId: null })
    let lookups = 0
    const read = deps.router.state.loaderData
    deps.router.state = {
      get loaderData() {
        lookups += 1
        return read
      },
    }
    await startNativeApp(deps)
    expect(lookups).toBe(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(lookups).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(lookups).toBe(2)
    await vi.advanceTimersByTimeAsync(3000)
    expect(lookups).toBe(5)
    expect(requests).toEqual([])

    // The person signs in; the profile appears in the page's data half a second before the next try.
    await vi.advanceTimersByTimeAsync(500)
    layout.profile = { id: 42, city: null }
    await vi.advanceTimersByTimeAsync(499)
    expect(requests).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(requests).toEqual([
      { path: '/api/profiles/update/42/', options: { method: 'PATCH', body: { fcm_token: 'fcm-device-1' } } },
    ])
    // Saved: no more tries.
    await vi.advanceTimersByTimeAsync(5000)
    expect(requests).toHaveLength(1)
    expect(lookups).toBe(6)
  })

  test('a rotated FCM token is saved too', async () => {
    const { deps, requests } = setup({ profileId: 3 })
    await startNativeApp(deps)
    expect(native.emit('FirebaseMessaging', 'tokenReceived', { token: 'fcm-device-2' })).toBe(1)
    await vi.waitFor(() => expect(requests).toHaveLength(2))
    expect(requests[1]).toEqual({
      path: '/api/profiles/update/3/',
      options: { method: 'PATCH', body: { fcm_token: 'fcm-device-2' } },
    })
  })
})

describe('deep links', () => {
  test('a link at launch with #/cars/123 opens the car', async () => {
    const { deps, navigations, calls } = setup({ scenario: { launchUrl: 'kz.tulpar.auto://open#/cars/123' } })
    await startNativeApp(deps)
    expect(calls('App', 'getLaunchUrl')).toHaveLength(1)
    expect(navigations).toEqual(['/cars/123'])
  })

  test('the launch link is opened once per run, not again on a reload of the page', async () => {
    const session = storage()
    const first = setup({ scenario: { launchUrl: 'https://tulpar.kz/#/cars/123' }, session })
    await startNativeApp(first.deps)
    const reload = setup({ scenario: { launchUrl: 'https://tulpar.kz/#/cars/123' }, session })
    await startNativeApp(reload.deps)
    expect([first.navigations, reload.navigations]).toEqual([['/cars/123'], []])
  })

  test('an app link opened while the app runs opens its car; other sites are ignored', async () => {
    const { deps, navigations } = setup()
    await startNativeApp(deps)
    native.emit('App', 'appUrlOpen', { url: 'https://tulpar.kz/cars/55' })
    native.emit('App', 'appUrlOpen', { url: 'https://evil.example/cars/55' })
    expect(navigations).toEqual(['/cars/55'])
  })

  test('a tapped notification opens its page', async () => {
    const { deps, navigations } = setup()
    await startNativeApp(deps)
    const tap = (url: string) =>
      native.emit('FirebaseMessaging', 'notificationActionPerformed', {
        actionId: 'tap',
        notification: { id: '1', data: { url } },
      })
    tap('/account/searches/4')
    tap('//evil.example/x')
    tap('https://evil.example/x')
    expect(navigations).toEqual(['/account/searches/4'])
  })
})

describe('the device around the page', () => {
  test('system bars, safe areas and the splash screen', async () => {
    const { deps, doc, calls } = setup()
    await startNativeApp(deps)
    expect(calls('SystemBars')).toEqual([{ plugin: 'SystemBars', method: 'setStyle', options: { style: 'DARK' } }])
    expect(calls('SplashScreen', 'hide')).toHaveLength(1)
    expect(doc.classes.has('native-app')).toBe(true)
    expect(doc.viewport()).toBe('width=device-width, initial-scale=1, viewport-fit=cover')
  })

  test('the back button closes an open dialog, else goes back, else leaves the app', async () => {
    const { deps, back, calls } = setup()
    const dialog = { close: vi.fn() }
    const dialogs: { close: () => void }[] = [dialog]
    deps.document = { ...deps.document, querySelectorAll: () => dialogs } as unknown as NativeAppDeps['document']
    await startNativeApp(deps)
    native.emit('App', 'backButton', { canGoBack: true })
    expect(dialog.close).toHaveBeenCalledTimes(1)
    expect(back).not.toHaveBeenCalled()
    dialogs.length = 0
    native.emit('App', 'backButton', { canGoBack: true })
    expect(back).toHaveBeenCalledTimes(1)
    native.emit('App', 'backButton', { canGoBack: false })
    await vi.waitFor(() => expect(calls('App', 'exitApp')).toHaveLength(1))
  })
})

describe('start-up with a stored token (spec 4)', () => {
  test('the profile is loaded directly with it; a 401 removes it and reloads the page', async () => {
    const saved = storage({ token: 'revoked-token' })
    const reload = vi.fn()
    const seen: (string | null)[] = []
    const client = createApiClient({
      fetch: async (_url, init) => {
        seen.push(new Headers(init.headers).get('authorization'))
        return new Response(JSON.stringify({ code: 'auth.unauthorized' }), { status: 401 })
      },
      storage: () => saved,
      reload,
    })
    const { deps } = setup({ scenario: { permission: 'denied' } })
    deps.api = client
    await startNativeApp(deps)
    expect(seen).toEqual(['Bearer revoked-token'])
    expect(saved.items.has('token')).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  test("a valid token's profile gets the device token even before the page knows the profile", async () => {
    const { deps, requests } = setup({
      token: 'good-token',
      answer: (path) =>
        path === '/api/profiles/me/'
          ? { ok: true, status: 200, data: [{ id: 9 }], code: null }
          : { ok: true, status: 200, data: {}, code: null },
    })
    await startNativeApp(deps)
    expect(requests.map((r) => r.path)).toEqual(['/api/profiles/me/', '/api/profiles/update/9/'])
  })
})
