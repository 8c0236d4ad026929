import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { SCREENSHOTS, screenshot, untilReady, useJourney, watchConsole } from './browser.ts'

/* Spec 4's start-up states on the web: a stored token signs in; a deleted account is told so on every device. */

const { baseUrl, onPhone } = useJourney()

const run = String(Date.now()).slice(-7)

/** Signs up through the API as the hybrid app would; answers the product token. */
async function signUpByApi(email: string, name: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'secret12', name }),
  })
  expect(res.status).toBe(200)
  return String(res.headers.get('set-auth-token'))
}

describe('a token stored in local storage', () => {
  test('alone signs the web in (the page exchanges it once for its cookie)', async () => {
    const token = await signUpByApi(`e2e-token-${run}@example.kz`, 'Нурлан')
    const context = await onPhone()
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(baseUrl)
    await page.evaluate((t) => window.localStorage.setItem('token', t), token)
    await page.reload()
    // The header names the user (its link leads to the account, not to sign in).
    await page.locator('a.account-link[href="/account"]').waitFor({ timeout: 20_000 })
    await page.goto(`${baseUrl}/account`)
    await page.getByRole('heading', { level: 1, name: 'Личный кабинет' }).waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  test('that the server refuses is removed, and the page stays a guest page', async () => {
    const context = await onPhone()
    const page = await context.newPage()
    await page.goto(baseUrl)
    await page.evaluate(() => window.localStorage.setItem('token', 'forged.token'))
    await page.reload()
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toBeNull()
    expect(await page.locator('a.account-link[href="/account"]').count()).toBe(0)
    await context.close()
  })
})

describe('an account deleted on one device', () => {
  /**
   * The second device: the web, signed in with its own cookie session, once the chosen city is saved to the new
   * profile (the account page saves it, and so may the header's city chooser, which then reloads the page's data).
   * Asked of the API, not of the network going quiet (that timed out once in CI under load).
   */
  async function signedInOnTheWeb(email: string, token: string) {
    const context = await onPhone()
    const page = await context.newPage()
    await page.goto(`${baseUrl}/auth?redirectTo=/account`)
    await untilReady(page, page.locator('.auth-card button[type="submit"]:enabled'))
    await page.getByLabel('Электронная почта').fill(email)
    await page.getByLabel('Пароль').fill('secret12')
    await page.getByRole('button', { name: 'Войти', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/account')
    await page.getByRole('heading', { level: 1, name: 'Личный кабинет' }).waitFor()
    await expect
      .poll(
        async () => {
          const res = await fetch(`${baseUrl}/api/profiles/me/`, { headers: { authorization: `Bearer ${token}` } })
          const [profile] = (await res.json()) as { city: number | null }[]
          return profile?.city ?? null
        },
        { timeout: 20_000 },
      )
      .not.toBeNull()
    return { context, page }
  }

  async function deleteByApi(token: string): Promise<void> {
    const del = await fetch(`${baseUrl}/api/profiles/me/`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(del.status).toBe(200)
  }

  async function toldAndTakenHome(page: Page): Promise<void> {
    await page.waitForURL((url) => url.pathname === '/' && url.search === '')
    await page.locator('.toast', { hasText: 'Ваш аккаунт был удалён' }).waitFor()
    expect(await page.locator('.toast', { hasText: 'Ваш аккаунт был удалён' }).getAttribute('data-kind')).toBe('error')
    expect(await page.locator('a.account-link[href="/account"]').count()).toBe(0)
  }

  test('is shown as deleted on the other device, which is logged out and taken home', async () => {
    const email = `e2e-deleted-${run}@example.kz`
    const token = await signUpByApi(email, 'Гульнара')
    const { context, page } = await signedInOnTheWeb(email, token)
    await deleteByApi(token)
    await page.goto(`${baseUrl}/auto`)
    await toldAndTakenHome(page)
    await screenshot(page, { path: `${SCREENSHOTS}first-visit-deleted-phone.png` })
    // Once: the next page is an ordinary guest page.
    await page.reload()
    await page.locator('a.account-link').first().waitFor()
    expect(await page.locator('.toast', { hasText: 'Ваш аккаунт был удалён' }).count()).toBe(0)
    await context.close()
  })

  // The journey above failed about one CI run in three. Any page request of the browser answered after the
  // deletion ends the session: the redirect home that tells why and the cleared cookies travel in one answer. When
  // that answer belonged to a request whose result nobody followed (a revalidation in flight, here the header's
  // city chooser reloading the page's data, replaced by a navigation: the test's, or a person's tap), the cookies
  // went and the notice with them, and the next page was a guest's. Here such an answer is taken and never
  // followed, every time.
  test('is told even when the answer that ended the session was never followed', async () => {
    const email = `e2e-deleted-lost-${run}@example.kz`
    const token = await signUpByApi(email, 'Данияр')
    const { context, page } = await signedInOnTheWeb(email, token)
    await deleteByApi(token)
    const status = await page.evaluate(async () => (await fetch('/account.data')).status)
    expect(status).toBeLessThan(500)
    // That answer ended the session: the browser no longer sends it.
    expect((await context.cookies()).filter((c) => c.name.includes('session_token'))).toEqual([])
    await page.goto(`${baseUrl}/auto`)
    await toldAndTakenHome(page)
    // Told once.
    await page.goto(`${baseUrl}/auto`)
    await page.locator('a.account-link').first().waitFor()
    expect(await page.locator('.toast', { hasText: 'Ваш аккаунт был удалён' }).count()).toBe(0)
    await context.close()
  })
})
