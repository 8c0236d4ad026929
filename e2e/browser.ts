import { existsSync, mkdirSync } from 'node:fs'
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { sessionTokenOf } from './session-token.ts'

export const SCREENSHOTS = new URL('./screenshots/', import.meta.url).pathname
/** The seeded demo accounts' password. */
const DEMO_PASSWORD = 'tulpar-demo-2026'

/**
 * Debian's Chromium headless shell (chromium-headless-shell: the same Blink and V8 without the browser's window and
 * UI, as Playwright itself uses for headless runs), with the flags this closed network needs (STACK-NOTES). Against
 * the full Chromium it took 35% less CPU and 23% less time over four journey files (decision 036). CHROMIUM_PATH
 * names another build; without the shell, the full Chromium.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium')

function launchChromium(): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true })
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/**
 * Saves a picture of the page (or one element) under e2e/screenshots/ for a person to look at: the journeys' pictures
 * are never compared, so CI, which keeps none, leaves them out with E2E_SCREENSHOTS=0 (about 0.5 s each, 135 of them).
 */
export async function screenshot(target: Page | Locator, options: { path: string; fullPage?: boolean }) {
  if (process.env.E2E_SCREENSHOTS === '0') return
  await target.screenshot(options)
}

/**
 * The file's Chromium: launched before its tests (in a beforeAll registered here, so the file's own hooks that
 * follow can use it) and closed after them. Use it in hooks and tests; before the launch it throws.
 */
function useChromium(): Browser {
  let launched: Browser | undefined
  beforeAll(async () => {
    launched = await launchChromium()
  })
  afterAll(() => launched?.close())
  return new Proxy({} as Browser, {
    get(_, key) {
      if (!launched) throw new Error('Chromium is launched in beforeAll: use the browser in hooks and tests')
      const value = Reflect.get(launched, key, launched)
      return typeof value === 'function' ? value.bind(launched) : value
    },
  })
}

/** Fails the test on any console error or uncaught exception in the page. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  // E2E_STACKS=1 adds each uncaught error's stack (the built scripts' names and positions): where it came from.
  page.on('pageerror', (e) => errors.push(process.env.E2E_STACKS ? `${e.message}\n${e.stack}` : e.message))
  return errors
}

/** City 1 is Almaty (cities are numbered largest first). */
export const ALMATY = 1

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 900 }

/**
 * A browser context with a city already chosen (cookie and local storage, as the city dialog stores it), so the
 * start-up city dialog does not cover the page in journeys about something else.
 */
export async function newContextWithCity(
  browser: Browser,
  baseUrl: string,
  options: {
    viewport: { width: number; height: number }
    locale?: string
    /** A city's id, or 'all' for all Kazakhstan; Almaty (1) by default. */
    cityId?: number | 'all'
    /** 'block' when the test routes requests itself: page.route never sees what the service worker fetches. */
    serviceWorkers?: 'allow' | 'block'
    /** A session cookie's value (`sessionCookie`, `signUpByApi`): the context starts signed in. */
    session?: string
    /** false for a visitor without JavaScript (the forms' plain posts). */
    javaScriptEnabled?: boolean
  },
) {
  const cityId = String(options.cityId ?? 1)
  const context = await browser.newContext({
    viewport: options.viewport,
    locale: options.locale ?? 'ru-RU',
    serviceWorkers: options.serviceWorkers ?? 'allow',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  })
  await context.addCookies([{ name: 'city', value: cityId, url: baseUrl }])
  await context.addInitScript((id) => window.localStorage.setItem('cityId', id), cityId)
  if (options.session !== undefined) await withSession(context, baseUrl, options.session)
  return context
}

type ContextOptions = Omit<Parameters<typeof newContextWithCity>[2], 'viewport'>

/**
 * What a journey file starts with: the server's address, the file's own Chromium (`useChromium`), and contexts with
 * a city chosen: `open(viewport)` at any size, `onPhone()` 390 px and `onDesktop()` 1280 px, the two widths every
 * journey checks (signed in with `{ session }`, in another language with `{ locale }`...).
 */
export function useJourney() {
  const baseUrl = inject('baseUrl')
  const browser = useChromium()
  const open = (viewport: { width: number; height: number }, options: ContextOptions = {}) =>
    newContextWithCity(browser, baseUrl, { viewport, ...options })
  return {
    baseUrl,
    browser,
    open,
    onPhone: (options: ContextOptions = {}) => open(PHONE, options),
    onDesktop: (options: ContextOptions = {}) => open(DESKTOP, options),
  }
}

/** Signs in by the API with an email and password; answers the session cookie's value. */
export async function sessionCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  })
  if (res.status !== 200) throw new Error(`sign-in as ${email}: ${res.status} ${await res.text()}`)
  const value = sessionTokenOf(res)
  if (!value) throw new Error('no session cookie')
  return value
}

/** Puts a session cookie (`sessionCookie`'s value) into a browser context. */
export async function withSession(context: BrowserContext, baseUrl: string, value: string): Promise<void> {
  await context.addCookies([{ name: 'tulpar.session_token', value, url: baseUrl, httpOnly: true, sameSite: 'Lax' }])
}

/** Signs in by the API and puts the session into the browser context (for pages opened without JavaScript too). */
export async function signInInto(context: BrowserContext, baseUrl: string, email: string, password: string) {
  await withSession(context, baseUrl, await sessionCookie(baseUrl, email, password))
}

/** The first car on sale of the account with this session (a demo seller's, for journeys that act as that seller). */
async function publishedCarOf(baseUrl: string, session: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/listings/`, { headers: { cookie: `tulpar.session_token=${session}` } })
  const mine = (await res.json()) as { results: { id: number; status: string }[] }
  const id = mine.results.find((l) => l.status === 'published')?.id
  if (!id) throw new Error(`no published listing for this seller (${res.status})`)
  return id
}

/** A demo seller signed in by the API: its session cookie's value and its first car on sale. */
export async function demoSeller(baseUrl: string, email: string): Promise<{ cookie: string; carId: number }> {
  const cookie = await sessionCookie(baseUrl, email, DEMO_PASSWORD)
  return { cookie, carId: await publishedCarOf(baseUrl, cookie) }
}

/**
 * The two sides of a car-page journey: a demo seller signed in by the API with their first car on sale, and a buyer
 * who signs up now (`<prefix>-<run>@example.kz`). Answers both session cookies' values and the car's id.
 */
export async function demoSellerAndNewBuyer(
  baseUrl: string,
  sellerEmail: string,
  buyer: { prefix: string; password: string; name: string },
): Promise<{ sellerCookie: string; carId: number; buyerCookie: string }> {
  const { cookie: sellerCookie, carId } = await demoSeller(baseUrl, sellerEmail)
  const email = `${buyer.prefix}-${String(Date.now()).slice(-7)}@example.kz`
  const buyerCookie = await signUpByApi(baseUrl, email, buyer.password, buyer.name)
  return { sellerCookie, carId, buyerCookie }
}

/** Registers an account by email through the API and answers its session cookie's value. */
export async function signUpByApi(baseUrl: string, email: string, password: string, name: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password, name }),
  })
  if (res.status !== 200) throw new Error(`sign-up as ${email}: ${res.status} ${await res.text()}`)
  return sessionCookie(baseUrl, email, password)
}

/** Registers an account by email through the API and puts its session into the browser context. */
export async function signUpInto(
  context: BrowserContext,
  baseUrl: string,
  email: string,
  password: string,
  name: string,
): Promise<void> {
  await withSession(context, baseUrl, await signUpByApi(baseUrl, email, password, name))
}

/**
 * Waits until `ready` is visible, pressing Shift meanwhile as a visitor's first key: a page's islands
 * (apps/web/app/ui/island.tsx) load their code at a first key, touch, focus or scroll, or after 3 s, and their
 * buttons are enabled once it has run (the sign-in form, the account's password form, the step form's fields).
 */
export async function untilReady(page: Page, ready: Locator, timeout = 15_000): Promise<void> {
  const end = Date.now() + timeout
  while (!(await ready.first().isVisible())) {
    if (Date.now() > end) throw new Error(`not ready after ${timeout} ms: ${ready}`)
    await page.keyboard.press('Shift')
    await page.waitForTimeout(100)
  }
}
