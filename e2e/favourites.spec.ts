import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { PHONE, SCREENSHOTS, screenshot, signUpInto, useJourney, watchConsole } from './browser.ts'

/*
 * The favourites journey of issue 11: a guest hearts two cars (a card in the catalogue and the car page), signs
 * up, finds both on /wishlist (nothing the guest did is lost), removes one, clears the rest after confirming.
 */

const { baseUrl, browser, onDesktop } = useJourney()
const run = String(Date.now()).slice(-7)
const poll = <T>(read: () => Promise<T>, timeout = 10_000) => expect.poll(read, { timeout, interval: 200 })

/** The heart buttons only act once React has hydrated the page. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => document.querySelector('.heart-form input[name="redirectTo"]') === null)
}

const headerCount = (page: Page) => page.locator('.favourites-link').getAttribute('aria-label')

describe('favourites', () => {
  test('a guest hearts two cars, signs up, finds them on the wishlist, removes one and clears the rest', async () => {
    const context = await onDesktop()
    const page = await context.newPage()
    const errors = watchConsole(page)

    // The wishlist asks a guest to sign in or register.
    await page.goto(`${baseUrl}/wishlist`)
    await poll(() => page.getByRole('heading', { name: 'Войдите, чтобы сохранять избранное' }).isVisible()).toBe(true)

    // A heart on a catalogue card.
    await page.goto(`${baseUrl}/auto`)
    await hydrated(page)
    const firstCard = page.locator('.grid .card').first()
    const firstHref = (await firstCard.locator('.card-link').getAttribute('href')) ?? ''
    const firstId = Number(firstHref.split('/').pop())
    await firstCard.getByRole('button', { name: /^Добавить в избранное: / }).click()
    await poll(() => firstCard.locator('.heart').getAttribute('aria-pressed')).toBe('true')
    await poll(() => page.getByText('Сохранено в этом браузере.', { exact: false }).isVisible()).toBe(true)
    await poll(() => headerCount(page)).toBe('Избранное: 1')

    // A heart on a car page.
    const secondHref = (await page.locator('.grid .card .card-link').nth(1).getAttribute('href')) ?? ''
    const secondId = Number(secondHref.split('/').pop())
    await page.goto(`${baseUrl}${secondHref}`)
    await hydrated(page)
    const heart = page.locator('.car-title .heart')
    await heart.click()
    await poll(() => heart.getAttribute('aria-pressed')).toBe('true')
    await poll(() => headerCount(page)).toBe('Избранное: 2')
    await page.goto(`${baseUrl}/wishlist`)
    await poll(() => page.getByText('В этом браузере отмечены 2 машины', { exact: false }).isVisible()).toBe(true)

    // Signing up keeps them: the browser's hearts move to the account.
    await signUpInto(context, baseUrl, `hearts-${run}@example.kz`, 'hearts-pass-1', 'Асель')
    await page.goto(`${baseUrl}/wishlist`)
    await poll(() => page.locator('h1').textContent()).toBe('Избранное · 2 машины')
    const items = page.getByTestId('favourite')
    expect(await items.count()).toBe(2)
    const ids = await items
      .locator('.card-link')
      .evaluateAll((links) => links.map((a) => Number(a.getAttribute('href')?.split('/').pop())))
    expect(ids.sort()).toEqual([firstId, secondId].sort())
    expect(await page.evaluate(() => window.localStorage.getItem('favourites'))).toBeNull()
    await screenshot(page, { path: `${SCREENSHOTS}wishlist-desktop.png`, fullPage: true })

    // Remove one.
    await hydrated(page)
    await items
      .first()
      .getByRole('button', { name: /^Убрать: / })
      .click()
    await poll(() => page.locator('h1').textContent()).toBe('Избранное · 1 машина')
    await poll(() => headerCount(page)).toBe('Избранное: 1')

    // Clear all asks first; cancelling keeps the car. The note that the browser's cars were kept sits over the
    // button (notices: top right, 10 s): closed as a person would, instead of waiting it out.
    for (const close of await page.locator('.toast-close').all()) await close.click()
    page.once('dialog', (d) => d.dismiss())
    await page.getByRole('button', { name: 'Очистить избранное' }).click()
    expect(await items.count()).toBe(1)
    page.once('dialog', (d) => {
      expect(d.message()).toContain('Убрать из избранного все машины (1)?')
      void d.accept()
    })
    await page.getByRole('button', { name: 'Очистить избранное' }).click()
    await poll(() => page.getByRole('heading', { name: 'В избранном пока пусто' }).isVisible()).toBe(true)
    await poll(() => headerCount(page)).toBe('Избранное: 0')
    expect(errors).toEqual([])
    await context.close()
  }, 90_000)

  test('without JavaScript: the heart and clear-all are form posts, clear-all asks on a page of its own (390 px)', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'ru-RU', javaScriptEnabled: false })
    await context.addCookies([{ name: 'city', value: '1', url: baseUrl }])
    const page = await context.newPage()
    // A guest's heart without JavaScript leads to sign-in and back to the same page.
    await page.goto(`${baseUrl}/auto`)
    await page.locator('.grid .card .heart').first().click()
    await page.waitForURL((url) => url.pathname === '/auth')
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/auto')

    await signUpInto(context, baseUrl, `nojs-hearts-${run}@example.kz`, 'hearts-pass-2', 'Болат')
    await page.goto(`${baseUrl}/auto`)
    await page.locator('.grid .card .heart').first().click()
    await page.waitForURL((url) => url.pathname === '/auto')
    expect(await page.locator('.grid .card .heart').first().getAttribute('aria-pressed')).toBe('true')
    expect(await page.locator('.bottom-nav .nav-count').textContent()).toBe('1')

    await page.goto(`${baseUrl}/wishlist`)
    expect(await page.getByTestId('favourite').count()).toBe(1)
    await screenshot(page, { path: `${SCREENSHOTS}wishlist-phone.png`, fullPage: true })
    await page.getByRole('button', { name: 'Очистить избранное' }).click()
    await page.getByRole('button', { name: 'Да, очистить' }).click()
    await page.getByRole('heading', { name: 'В избранном пока пусто' }).waitFor()
    await screenshot(page, { path: `${SCREENSHOTS}wishlist-empty-phone.png`, fullPage: true })
    await context.close()
  })
})
