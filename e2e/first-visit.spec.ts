import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { DESKTOP, PHONE, SCREENSHOTS, screenshot, untilReady, useJourney, watchConsole } from './browser.ts'

/* What a new visitor meets: the start-up city choice applied everywhere, Sell in the header, pages that fit. */

const { baseUrl, browser, open, onPhone } = useJourney()

const run = String(Date.now()).slice(-7)

async function chooseInDialog(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: 'Выберите город' })
  await dialog.waitFor()
  await dialog.getByRole('button', { name, exact: true }).click()
  await dialog.getByRole('button', { name: 'Применить' }).click()
  await dialog.waitFor({ state: 'hidden' })
}

const hrefs = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute('href')))

describe('the city chosen at the first visit', () => {
  test('is the default of the header, the home lists and links, and the phone filter sheet (390 px)', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'ru-RU' })
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(baseUrl)
    const dialog = page.getByRole('dialog', { name: 'Выберите город' })
    await dialog.waitFor()
    // Nothing looks chosen while Apply is disabled: the focus (and its ring) is on the title, not in the list.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('city-dialog-title')
    expect(await page.evaluate(() => document.activeElement?.closest('.city-list') ?? null)).toBeNull()
    expect(await dialog.getByRole('button', { name: 'Применить' }).isDisabled()).toBe(true)
    // "All Kazakhstan" is a choice, first in the list.
    expect(await dialog.locator('.city-option').first().textContent()).toBe('Весь Казахстан')
    await screenshot(page, { path: `${SCREENSHOTS}first-visit-dialog-phone.png` })

    await chooseInDialog(page, 'Алматы')
    await page.locator('.city-chip', { hasText: 'Алматы' }).waitFor()
    await expect.poll(() => hrefs(page, '.header-nav a')).toContain('/auto/almaty')
    // Every "see all" of the home page leads to the city's catalogue, and the lists are the city's cars.
    await expect
      .poll(() => hrefs(page, '.section-head a[href^="/auto"]'))
      .toEqual(['/auto/almaty?hot=true', '/auto/almaty'])
    const cardCities = await page.locator('.card-city').allTextContents()
    expect(cardCities.length).toBeGreaterThan(0)
    expect(new Set(cardCities)).toEqual(new Set(['Алматы']))

    // The catalogue reached from the home page opens in the city, and the filter sheet says so.
    await page.locator('.section-head a[href="/auto/almaty"]').click()
    await page.waitForURL('**/auto/almaty')
    await page.getByRole('button', { name: /Фильтры/ }).click()
    const sheet = page.locator('#catalogue-filters-panel')
    await sheet.waitFor()
    expect(await sheet.getByLabel('Город').inputValue()).toBe('almaty')
    await screenshot(page, { path: `${SCREENSHOTS}first-visit-sheet-phone.png` })
    await sheet.getByRole('button', { name: 'Закрыть фильтры' }).click()

    // "All Kazakhstan" chosen on purpose is remembered: no dialog on the next visit, nationwide links.
    await page.goto(baseUrl)
    await page.locator('.city-chip').click()
    await chooseInDialog(page, 'Весь Казахстан')
    await page.locator('.city-chip', { hasText: 'Весь Казахстан' }).waitFor()
    await expect.poll(() => hrefs(page, '.header-nav a')).toContain('/auto')
    await page.reload()
    await page.locator('.city-chip', { hasText: 'Весь Казахстан' }).waitFor()
    await page.waitForTimeout(300)
    expect(await dialog.isVisible()).toBe(false)
    expect(errors).toEqual([])
    await context.close()
  })

  test('is saved to the profile of a user who registers next, and "my city" moves the header (390 px)', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'ru-RU' })
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(baseUrl)
    await chooseInDialog(page, 'Алматы')

    await page.goto(`${baseUrl}/auth`)
    await untilReady(page, page.locator('.auth-card button[type="submit"]:enabled'))
    await page.getByRole('button', { name: 'Зарегистрируйтесь' }).click()
    await page.getByLabel('Имя', { exact: true }).fill('Данияр')
    await page.getByLabel('Электронная почта').fill(`e2e-first-${run}@example.kz`)
    await page.getByLabel('Пароль').fill('secret12')
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click()
    await page.waitForURL('**/account')
    const myCity = page.getByLabel('Мой город')
    await expect.poll(() => myCity.locator('option:checked').textContent(), { timeout: 10_000 }).toBe('Алматы')
    // It was saved, not only shown: a fresh render has it too.
    await page.reload()
    expect(await myCity.locator('option:checked').textContent()).toBe('Алматы')

    // Changing "my city" sets the current city: the header follows without a reload, and after one.
    await untilReady(page, page.locator('.account-actions button:enabled'))
    await myCity.selectOption({ label: 'Караганда' })
    await page.getByRole('button', { name: 'Сохранить' }).click()
    await page.getByText('Профиль обновлён').waitFor()
    await page.locator('.city-chip', { hasText: 'Караганда' }).waitFor()
    await page.reload()
    await page.locator('.city-chip', { hasText: 'Караганда' }).waitFor()
    expect(await hrefs(page, '.header-nav a')).toContain('/auto/karaganda')
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('a first visit on a desktop and a phone', () => {
  test('the desktop header has Sell; on a phone it is in the bottom navigation', async () => {
    for (const [viewport, where] of [
      [DESKTOP, '.site-header'],
      [PHONE, '.bottom-nav'],
    ] as const) {
      const context = await open(viewport)
      const page = await context.newPage()
      await page.goto(baseUrl)
      const sell = page.locator(where).getByRole('link', { name: /Продать/ })
      expect(await sell.isVisible()).toBe(true)
      expect(await sell.getAttribute('href')).toBe('/create-auto')
      await screenshot(page, { path: `${SCREENSHOTS}first-visit-header-${viewport.width}.png` })
      await context.close()
    }
  })

  test('the header fits a phone whatever the language and the city: the account link stays in the window', async () => {
    // All Kazakhstan and Oskemen are the longest names in each language (Бүкіл Қазақстан, Усть-Каменогорск).
    for (const cityId of ['all', 9] as const) {
      for (const width of [320, 390]) {
        const context = await open({ width, height: 800 }, { cityId })
        const page = await context.newPage()
        for (const lang of ['ru', 'kk', 'en']) {
          await page.goto(`${baseUrl}/?lang=${lang}`)
          const where = `${lang}, ${width} px, city ${cityId}`
          expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(width)
          const account = await page.locator('.site-header .account-link').boundingBox()
          expect(account, where).not.toBeNull()
          expect((account?.x ?? 0) + (account?.width ?? 0), where).toBeLessThanOrEqual(width)
        }
        await context.close()
      }
    }
  })

  test('/tulpar-auto fits a 390 px window (no sideways scrolling)', async () => {
    const context = await onPhone()
    const page = await context.newPage()
    for (const path of ['/tulpar-auto', '/', '/auto', '/create-auto']) {
      await page.goto(`${baseUrl}${path}`)
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390)
    }
    await context.close()
  })
})
