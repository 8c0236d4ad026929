import { expect, test } from 'vitest'
import { DESKTOP, PHONE, SCREENSHOTS, screenshot, untilReady, useJourney, watchConsole } from './browser.ts'

/*
 * Issue 10, item 22: in the embedded demo (and these tests) Google and Apple sign-in go through the server's local
 * identity provider, so the buttons show and work without real client ids.
 */
const { baseUrl, open } = useJourney()

const run = String(Date.now()).slice(-7)

test.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)(
  'the Google button on /auth signs a new user in through the local provider (%s)',
  async (name, viewport) => {
    const context = await open(viewport)
    const page = await context.newPage()
    const errors = watchConsole(page)
    try {
      await page.goto(`${baseUrl}/auth?redirectTo=%2Faccount%2Flistings`)
      await untilReady(page, page.locator('.auth-card button[type="submit"]:enabled'))
      await expect.poll(() => page.getByText('Тестовый вход').isVisible()).toBe(true)
      await expect.poll(() => page.getByRole('button', { name: 'Войти через Apple' }).isVisible()).toBe(true)
      await screenshot(page, { path: `${SCREENSHOTS}auth-social-${name}.png`, fullPage: true })
      await page.getByRole('button', { name: 'Войти через Google' }).click()

      await page.waitForURL(/\/api\/dev\/idp\/google\/authorize/)
      expect(await page.getByRole('heading', { name: 'Тестовый вход через Google' }).isVisible()).toBe(true)
      const email = `google-${name}-${run}@example.kz`
      await page.getByLabel('Имя').fill(`Ержан ${name}`)
      await page.getByLabel('Электронная почта').fill(email)
      await screenshot(page, { path: `${SCREENSHOTS}local-idp-${name}.png`, fullPage: true })
      await page.getByRole('button', { name: 'Продолжить' }).click()

      // Back on /auth with the token, signed in, and on to where the visitor was going; the token left the address.
      await page.waitForURL((url) => url.pathname === '/account/listings', { timeout: 15_000 })
      expect(page.url()).not.toContain('id_token')
      const me = await page.evaluate(async () => (await fetch('/api/auth/users/me/')).json())
      expect(me).toMatchObject({ email, name: `Ержан ${name}`, email_verified: true })
      expect(errors, errors.join('\n')).toEqual([])
    } finally {
      await context.close()
    }
  },
)
