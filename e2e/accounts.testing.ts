import type { Page } from 'playwright-core'
import { inject } from 'vitest'
import { untilReady } from './browser.ts'

/* What the account journeys share (accounts.spec.ts and accounts-password.spec.ts). */

const baseUrl = inject('baseUrl')

/**
 * Buttons that need JavaScript stay disabled until React has hydrated the page: the sign-in forms' submit
 * buttons, and on the account page the logout button (its forms also work without JavaScript).
 */
export async function hydrated(page: Page) {
  await untilReady(page, page.locator('.auth-card button[type="submit"]:enabled, .account-actions button:enabled'))
}

/** Signs in with the email form of the sign-in page (what happens next is the test's to check). */
export async function signInByEmail(page: Page, email: string, password: string) {
  await page.goto(`${baseUrl}/auth`)
  await hydrated(page)
  await page.getByLabel('Электронная почта').fill(email)
  await page.getByLabel('Пароль').fill(password)
  await page.getByRole('button', { name: 'Войти', exact: true }).click()
}
