import { describe, expect, test } from 'vitest'
import { DESKTOP, PHONE, SCREENSHOTS, screenshot, useJourney, watchConsole } from './browser.ts'

const { baseUrl, browser } = useJourney()

describe('the city dialog', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`opens at the first visit, cannot be dismissed, applies only a chosen city, and is remembered (${name})`, async () => {
      const context = await browser.newContext({ viewport, locale: 'ru-RU' })
      const page = await context.newPage()
      const errors = watchConsole(page)
      await page.goto(baseUrl)
      const dialog = page.getByRole('dialog', { name: 'Выберите город' })
      await dialog.waitFor()
      const apply = dialog.getByRole('button', { name: 'Применить' })
      expect(await apply.isDisabled()).toBe(true)
      expect(await dialog.getByRole('button', { name: 'Закрыть' }).count()).toBe(0)
      await page.keyboard.press('Escape')
      expect(await dialog.isVisible()).toBe(true)
      const box = await dialog.boundingBox()
      if (viewport === DESKTOP) expect(Math.round(box?.width ?? 0)).toBe(700)
      else expect(Math.round(box?.width ?? 0)).toBe(viewport.width)
      await screenshot(page, { path: `${SCREENSHOTS}city-dialog-${name}.png` })

      await dialog.getByRole('button', { name: 'Караганда' }).click()
      expect(await dialog.getByRole('button', { name: 'Караганда' }).getAttribute('aria-pressed')).toBe('true')
      await apply.click()
      await dialog.waitFor({ state: 'hidden' })
      await page.getByRole('button', { name: /Караганда/ }).waitFor()
      expect(await page.evaluate(() => window.localStorage.getItem('cityId'))).not.toBeNull()

      // Remembered: the next page is rendered with the city and no dialog.
      // The catalogue then opens in that city.
      await page.goto(`${baseUrl}/cars`)
      await page.waitForURL('**/auto/karaganda')
      await page.getByRole('heading', { name: 'Автомобили в городе Караганда' }).waitFor()
      expect(await page.getByRole('dialog').isVisible()).toBe(false)
      expect(await page.locator('.city-chip').textContent()).toContain('Караганда')

      // Opened on purpose it can be closed without choosing.
      await page.locator('.city-chip').click()
      await dialog.waitFor()
      await dialog.getByRole('button', { name: 'Закрыть' }).click()
      await dialog.waitFor({ state: 'hidden' })
      expect(errors).toEqual([])
      await context.close()
    })
  }
})
