import type { BrowserContext, Page } from 'playwright-core'
import { expect, test } from 'vitest'
import {
  FAKE_NATIVE_KEY,
  type FakeNativeHandle,
  type FakeNativeScenario,
  installFakeNative,
} from '../apps/web/app/features/native/fake-native.ts'
import { SCREENSHOTS, screenshot, useJourney, watchConsole } from './browser.ts'

/*
 * Issue 14, the hybrid app: the real site in Chromium as the app's web view shows it, with the phone's side of
 * Capacitor faked at its bridge (apps/web/app/features/native/fake-native.ts, injected before the page's scripts
 * as Capacitor's Android code injects its own). The server is the real one: sign-in goes through the local
 * identity provider (the test issuer standing in for Google), the device token is read back from the profile.
 */
const { baseUrl, onPhone } = useJourney()
const run = String(Date.now()).slice(-7)

const BASE_SCENARIO: FakeNativeScenario = {
  permission: 'prompt',
  answer: 'granted',
  fcmToken: `fcm-e2e-${run}`,
  launchUrl: null,
  idToken: null,
}

/** An identity token from the local provider's Google, as the native Google sheet would hand one back. */
async function googleIdToken(email: string, name: string): Promise<string> {
  const res = await fetch(
    `${baseUrl}/api/dev/idp/google/token?${new URLSearchParams({ name, email, redirectTo: '/account' })}`,
    { redirect: 'manual' },
  )
  const fragment = res.headers.get('location')?.split('#')[1] ?? ''
  const idToken = new URLSearchParams(fragment).get('id_token')
  if (!idToken) throw new Error(`no identity token: ${res.status}`)
  return idToken
}

/** A phone running the app: every page of the context gets the fake bridge first. */
async function appContext(scenario: Partial<FakeNativeScenario>, seed?: string): Promise<BrowserContext> {
  const context = await onPhone()
  const full = { ...BASE_SCENARIO, ...scenario }
  if (seed) await context.addInitScript({ content: seed })
  await context.addInitScript({ content: `(${installFakeNative.toString()})(window, ${JSON.stringify(full)})` })
  return context
}

const nativeCalls = (page: Page) =>
  page.evaluate(
    (key) => (window as unknown as Record<string, FakeNativeHandle>)[key]?.calls.map((c) => `${c.plugin}.${c.method}`),
    FAKE_NATIVE_KEY,
  )

/** The app's start-up ran on this page: it asked for the push permission. */
async function started(page: Page) {
  await expect.poll(() => nativeCalls(page), { timeout: 15_000 }).toContain('FirebaseMessaging.checkPermissions')
}

async function profileWithToken(token: string) {
  const res = await fetch(`${baseUrl}/api/profiles/me/`, { headers: { authorization: `Bearer ${token}` } })
  expect(res.status).toBe(200)
  const [profile] = (await res.json()) as { id: number; fcm_token: string | null }[]
  if (!profile) throw new Error('GET /api/profiles/me/ answered no profile')
  return profile
}

/** Signs in through the native Google sheet from the home page, as a person in the app would. */
async function signInNatively(page: Page) {
  await page.getByRole('link', { name: 'Профиль' }).last().click()
  await page.waitForURL(/\/auth/)
  await page.getByRole('button', { name: 'Войти через Google' }).click()
  await page.waitForURL((url) => url.pathname === '/account', { timeout: 15_000 })
}

test('a deep link at launch (#/cars/{id}) opens the car', async () => {
  const html = await (await fetch(`${baseUrl}/auto`)).text()
  const id = /href="\/cars\/(\d+)"/.exec(html)?.[1]
  const context = await appContext({ permission: 'denied', launchUrl: `kz.tulpar.auto://open#/cars/${id}` })
  const page = await context.newPage()
  const errors = watchConsole(page)
  try {
    await page.goto(`${baseUrl}/`)
    await page.waitForURL(`${baseUrl}/cars/${id}`, { timeout: 15_000 })
    await page.locator('.car-page h1').waitFor()
    expect(await nativeCalls(page)).toEqual(
      expect.arrayContaining(['App.getLaunchUrl', 'SplashScreen.hide', 'SystemBars.setStyle']),
    )
    expect(await page.locator('html').getAttribute('class')).toContain('native-app')
    await screenshot(page, { path: `${SCREENSHOTS}app-deep-link-car.png` })
    expect(errors, errors.join('\n')).toEqual([])
  } finally {
    await context.close()
  }
})

test('push granted before the profile exists: after a native Google sign-in the token is saved as fcm_token', async () => {
  const email = `app-google-${run}@example.kz`
  const context = await appContext({ idToken: await googleIdToken(email, 'Айгерім Әпп') })
  const page = await context.newPage()
  const errors = watchConsole(page)
  const patches: number[] = []
  page.on('request', (r) => {
    // The device token's saves only: the new profile also gets the guest's chosen city by a PATCH of its own.
    const saved = r.method() === 'PATCH' && r.url().includes('/api/profiles/update/')
    if (saved && r.postData()?.includes('fcm_token')) patches.push(Date.now())
  })
  try {
    await page.goto(`${baseUrl}/`)
    await started(page)
    expect(await nativeCalls(page)).toEqual(
      expect.arrayContaining(['FirebaseMessaging.requestPermissions', 'FirebaseMessaging.getToken']),
    )
    // A guest: nothing can be saved yet, the app keeps trying every second.
    await page.waitForTimeout(2200)
    expect(patches).toEqual([])

    await signInNatively(page)
    const signedInAt = Date.now()
    // The native sheet, then GET /firebase/auth/ gave the product token, stored under `token`.
    const token = await page.evaluate(() => window.localStorage.getItem('token'))
    expect(token).toBeTruthy()
    const me = await fetch(`${baseUrl}/api/auth/users/me/`, { headers: { authorization: `Bearer ${token}` } })
    expect(await me.json()).toMatchObject({ email })
    // The site's pages are signed in too (the session cookie), and the next try saves the device token.
    await expect.poll(() => patches.length, { timeout: 5_000 }).toBe(1)
    expect((patches[0] ?? 0) - signedInAt).toBeLessThan(2_500)
    // The PATCH counted above was sent, not necessarily answered (through the cluster's proxy it can still be on its
    // way when the profile is read).
    await expect.poll(async () => (await profileWithToken(token ?? '')).fcm_token).toBe(`fcm-e2e-${run}`)
    await screenshot(page, { path: `${SCREENSHOTS}app-signed-in.png` })
    expect(errors, errors.join('\n')).toEqual([])
  } finally {
    await context.close()
  }
})

test('push permission refused: no device token is saved, even once signed in', async () => {
  const email = `app-refused-${run}@example.kz`
  const context = await appContext({ answer: 'denied', idToken: await googleIdToken(email, 'Refused Push') })
  const page = await context.newPage()
  try {
    await page.goto(`${baseUrl}/`)
    await started(page)
    await signInNatively(page)
    await page.waitForTimeout(2_000)
    const calls = await nativeCalls(page)
    expect(calls).toContain('FirebaseMessaging.requestPermissions')
    expect(calls).not.toContain('FirebaseMessaging.getToken')
    const token = await page.evaluate(() => window.localStorage.getItem('token'))
    expect((await profileWithToken(token ?? '')).fcm_token).toBeNull()
  } finally {
    await context.close()
  }
})

test('a 401 with a stored token: the token is cleared and the page reloads', async () => {
  // The app signed in earlier (its token stored, the cookie exchange done in this run); the token was revoked.
  const seed = `if (!sessionStorage.getItem('seeded')) {
    sessionStorage.setItem('seeded', '1')
    sessionStorage.setItem('token-sign-in-done', '1')
    localStorage.setItem('token', 'revoked-token-${run}')
  }`
  const context = await appContext({ permission: 'denied' }, seed)
  const page = await context.newPage()
  let loads = 0
  page.on('load', () => {
    loads += 1
  })
  const unauthorized: string[] = []
  page.on('response', (r) => {
    if (r.status() === 401)
      unauthorized.push(`${r.request().headers().authorization ?? '-'} ${new URL(r.url()).pathname}`)
  })
  try {
    await page.goto(`${baseUrl}/`)
    await expect.poll(() => loads, { timeout: 15_000 }).toBe(2)
    expect(unauthorized).toEqual([`Bearer revoked-token-${run} /api/profiles/me/`])
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull()
    // Logged out, and no loop: the reloaded page has no token to try.
    await page.waitForTimeout(1_500)
    expect(loads).toBe(2)
  } finally {
    await context.close()
  }
})
