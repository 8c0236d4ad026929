import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { ALMATY, DESKTOP, PHONE, SCREENSHOTS, screenshot, useJourney, watchConsole } from './browser.ts'

/* The desktop catalogue, the Tulpar cars page and the home page (the phone catalogue is catalogue.spec.ts). */
const { baseUrl, open, onDesktop } = useJourney()

/**
 * Opens `path` in Almaty at a phone's width and at a desktop's, runs `check` on each page and fails on any console
 * error there.
 */
async function atBothWidths(
  path: string,
  check: (page: Page, name: 'phone' | 'desktop', viewport: typeof PHONE) => Promise<void>,
) {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    const context = await open(viewport, { cityId: ALMATY })
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}${path}`)
    await check(page, name, viewport)
    expect(errors).toEqual([])
    await context.close()
  }
}

describe('desktop, Tulpar cars and home', () => {
  test('desktop catalogue has the filters as a sidebar', async () => {
    const context = await onDesktop({ cityId: ALMATY })
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/auto/toyota/almaty?yearFrom=2010`)
    const sheet = page.locator('#catalogue-filters-panel')
    expect(await sheet.isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: /^Фильтры/ }).isVisible()).toBe(false)
    const box = await sheet.boundingBox()
    expect(box?.width).toBe(300)
    await screenshot(page, { path: `${SCREENSHOTS}catalogue-desktop.png` })

    // Another city chosen in the header moves the page to that city, filters kept.
    await page.locator('.city-chip').click()
    const dialog = page.getByRole('dialog', { name: 'Выберите город' })
    await dialog.getByRole('button', { name: 'Астана' }).click()
    await dialog.getByRole('button', { name: 'Применить' }).click()
    await page.waitForURL(`${baseUrl}/auto/toyota/astana?yearFrom=2010`)
    await page.getByRole('heading', { level: 1, name: 'Toyota в городе Астана' }).waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  test('/tulpar-auto lists only Tulpar cars and says what the inspection covers', async () => {
    await atBothWidths('/tulpar-auto', async (page, name) => {
      await page.getByRole('heading', { level: 1, name: 'Автомобили Tulpar' }).waitFor()
      expect(await page.getByRole('heading', { name: 'Что входит в проверку' }).count()).toBe(1)
      expect(await page.locator('.inspection-list > li').count()).toBe(8)
      const cards = page.locator('article.card')
      expect(await cards.count()).toBeGreaterThan(0)
      expect(await cards.count()).toBe(await cards.filter({ has: page.locator('.badge-tulpar') }).count())
      await screenshot(page, { path: `${SCREENSHOTS}tulpar-${name}.png`, fullPage: true })
    })
    const en = await (await fetch(`${baseUrl}/tulpar-auto?lang=en`)).text()
    expect(en).toContain('What the inspection covers')
    expect(en).toContain('Real mileage')
  })

  test('home: claims, hot offers link in the current city, reviews with rating, author, date and source', async () => {
    await atBothWidths('/', async (page, name, viewport) => {
      expect(await page.locator('.hero').getByText('Более миллиона автомобилей в продаже').count()).toBe(1)
      expect(await page.locator('.hero').getByText('Ваше объявление увидят более 3 миллионов человек').count()).toBe(1)
      // The spec's three home widgets: credit, sell and the vehicle check.
      expect(await page.locator('#credit').count()).toBe(1)
      expect(await page.getByRole('link', { name: 'Подать объявление' }).getAttribute('href')).toBe('/create-auto')
      expect(await page.locator('.check-widget form').getAttribute('action')).toBe('/check')
      expect(await page.getByRole('link', { name: 'Смотреть горячие предложения' }).getAttribute('href')).toBe(
        '/auto/almaty?hot=true',
      )
      const reviews = page.locator('.review')
      expect(await reviews.count()).toBe(6)
      const first = reviews.first()
      expect(await first.getByRole('img', { name: /^Оценка [1-5] из 5$/ }).count()).toBe(1)
      expect(await first.locator('.review-author').textContent()).not.toBe('')
      expect(await first.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(await first.getByRole('link', { name: /^Источник: / }).getAttribute('href')).toMatch(/^https:\/\//)
      await screenshot(page, { path: `${SCREENSHOTS}home-${name}-catalogue.png`, fullPage: true })
      // The header's catalogue link starts in the chosen city.
      if (viewport === DESKTOP) {
        expect(
          await page
            .getByRole('navigation', { name: 'Основное меню' })
            .first()
            .getByRole('link', { name: 'Каталог' })
            .getAttribute('href'),
        ).toBe('/auto/almaty')
      }
    })
  })
})
