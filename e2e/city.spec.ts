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
      // The catalogue is the same page in every city: the chip names the city once the page is hydrated.
      await page.locator('.city-chip', { hasText: 'Караганда' }).waitFor()

      // Opened on purpose it can be closed without choosing.
      await page.locator('.city-chip').click()
      await dialog.waitFor()
      await dialog.getByRole('button', { name: 'Закрыть' }).click()
      await dialog.waitFor({ state: 'hidden' })
      expect(errors).toEqual([])
      await context.close()
    })
  }

  test('a car page is kept once for every city, and each visitor sees their own city on it', async () => {
    const { results } = (await (await fetch(`${baseUrl}/api/cars/?sort=newest`)).json()) as {
      results: { id: number }[]
    }
    const path = `/cars/${results[0]?.id}`
    // A guest with one city fills the copy; a guest with another city or none is answered it.
    const asked = (city: string) =>
      fetch(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'gzip', cookie: `locale=ru${city}` } })
    let filled = await asked('; city=1')
    for (let tries = 0; filled.headers.get('x-cache') !== 'HIT' && tries < 2 * PROCESSES; tries++) {
      await filled.arrayBuffer()
      filled = await asked('; city=1')
    }
    expect(filled.headers.get('x-cache')).toBe('HIT')
    const kept = await filled.text()
    // Rendered without the city: the catalogue links are all Kazakhstan's until the page is hydrated.
    expect(kept).toContain('href="/auto"')
    for (const city of ['; city=2', '; city=all', '']) {
      const other = await asked(city)
      if (PROCESSES === 1) expect(other.headers.get('x-cache'), city).toBe('HIT')
      expect(withoutNonces(await other.text()), city).toBe(withoutNonces(kept))
    }

    // In Chromium, each visitor's city is on it once loaded: the chip and the catalogue links of the header and footer.
    for (const [name, catalogue] of [
      ['Караганда', '/auto/karaganda'],
      ['Весь Казахстан', '/auto'],
    ] as const) {
      const context = await browser.newContext({ viewport: PHONE, locale: 'ru-RU' })
      const page = await context.newPage()
      const errors = watchConsole(page)
      await page.goto(baseUrl)
      const dialog = page.getByRole('dialog', { name: 'Выберите город' })
      await dialog.getByRole('button', { name }).click()
      await dialog.getByRole('button', { name: 'Применить' }).click()
      await dialog.waitFor({ state: 'hidden' })
      const reloads: string[] = []
      page.on('request', (request) => {
        if (request.url().includes('.data')) reloads.push(request.url())
      })
      await page.goto(`${baseUrl}${path}`)
      await page.locator('.city-chip', { hasText: name }).waitFor()
      await page.locator(`.site-footer a[href="${catalogue}"]`).waitFor()
      expect(await page.locator('.header-nav a').first().getAttribute('href')).toBe(catalogue)
      // Nothing is asked again for the city (the page is shown as it came), and the dialog stays shut.
      await page.waitForLoadState('networkidle')
      expect(reloads).toEqual([])
      expect(await page.locator('dialog.city-dialog[open]').count()).toBe(0)
      // Another choice on the car page shows at once.
      await page.locator('.city-chip').click()
      await dialog.getByRole('button', { name: 'Алматы' }).click()
      await dialog.getByRole('button', { name: 'Применить' }).click()
      await page.locator('.city-chip', { hasText: 'Алматы' }).waitFor()
      await page.locator('.site-footer a[href="/auto/almaty"]').waitFor()
      expect(errors).toEqual([])
      await context.close()
    }
  })
})

/** App processes behind the address (scripts/cluster.sh): each may have to fill its own copy first. */
const PROCESSES = Number(process.env.E2E_APP_PROCESSES ?? 1)

/** A kept page's answers differ only in their CSP nonces (one per answer). */
function withoutNonces(html: string): string {
  return html.replace(/nonce="[^"]*"/g, 'nonce=""')
}
