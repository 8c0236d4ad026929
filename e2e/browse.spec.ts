import { describe, expect, test } from 'vitest'
import { DESKTOP, PHONE, SCREENSHOTS, screenshot, useJourney, watchConsole } from './browser.ts'

const { baseUrl, open, onDesktop } = useJourney()
// expect.poll gives up after 1 s by default; a single DOM read can take longer on a loaded 2-core machine.
const POLL = { timeout: 15_000 }

describe('a buyer browses the marketplace', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`home, catalogue and a car page, then Kazakh and English (${name}, ${viewport.width}px)`, async () => {
      const context = await open(viewport)
      const page = await context.newPage()
      const errors = watchConsole(page)

      await page.goto(baseUrl)
      await expect.poll(() => page.locator('html').getAttribute('lang'), POLL).toBe('ru')
      await page.getByRole('heading', { level: 1 }).waitFor()
      expect(await page.getByText('Более миллиона автомобилей в продаже').count()).toBe(1)
      await screenshot(page, { path: `${SCREENSHOTS}home-${name}.png`, fullPage: true })

      await page.getByRole('link', { name: 'Найти автомобиль' }).click()
      // The catalogue opens in the city chosen in the city dialog (readable URLs: /auto/{city}).
      await page.waitForURL('**/auto/almaty')
      await page.getByRole('heading', { name: 'Автомобили в городе Алматы' }).waitFor()
      const found = await page.locator('.found').textContent()
      expect(found).toMatch(/Найдено \d/)
      await screenshot(page, { path: `${SCREENSHOTS}catalogue-${name}.png` })

      const firstCard = page.locator('article.card').first()
      const cardTitle = (await firstCard.locator('h3').textContent()) ?? ''
      await firstCard.getByRole('link').click()
      await page.waitForURL(/\/cars\/\d+$/)
      // The URL changes before React renders the new page: wait for the heading, do not read it once.
      await page.getByRole('heading', { level: 1, name: cardTitle.trim() }).waitFor()
      await expect.poll(() => page.locator('.car-price').textContent(), POLL).toMatch(/₸$/)
      expect(await page.getByRole('heading', { name: 'Характеристики' }).count()).toBe(1)
      await screenshot(page, { path: `${SCREENSHOTS}car-${name}.png`, fullPage: true })

      await page.getByRole('button', { name: 'KK', exact: true }).click()
      await expect.poll(() => page.locator('html').getAttribute('lang'), POLL).toBe('kk')
      await page.getByRole('heading', { name: 'Сипаттамалары' }).waitFor()
      await screenshot(page, { path: `${SCREENSHOTS}car-kk-${name}.png` })

      await page.getByRole('button', { name: 'EN', exact: true }).click()
      await expect.poll(() => page.locator('html').getAttribute('lang'), POLL).toBe('en')
      await page.getByRole('heading', { name: 'Specifications' }).waitFor()

      // The choice is kept: the next page comes server-rendered in English (/cars redirects to /auto/almaty).
      await page.goto(`${baseUrl}/cars`)
      await page.getByRole('heading', { name: 'Cars in Almaty' }).waitFor()
      expect(await page.evaluate(() => window.localStorage.getItem('locale'))).toBe('en')
      await screenshot(page, { path: `${SCREENSHOTS}catalogue-en-${name}.png` })

      expect(errors).toEqual([])
      await context.close()
    })
  }
  // Filtering on a phone and coming back to the filters: e2e/catalogue.spec.ts.
})

describe('pages without JavaScript', () => {
  test('the server-rendered car page holds brand, model, year and price in tenge', async () => {
    const list = await (await fetch(`${baseUrl}/api/cars/`)).json()
    const car = list.results[0]
    const res = await fetch(`${baseUrl}/cars/${car.id}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain(car.brand.name)
    expect(html).toContain(car.model.name)
    expect(html).toContain(String(car.year))
    const price = new Intl.NumberFormat('ru-KZ', { maximumFractionDigits: 0 }).format(car.priceKzt)
    expect(html).toContain(`${price} ₸`)
    expect(html).toContain('<html lang="ru"')
    expect(html).toMatch(/hrefLang="kk"|hreflang="kk"/)
  })

  test('?lang=kk renders Kazakh on the server', async () => {
    const html = await (await fetch(`${baseUrl}/auto?lang=kk`)).text()
    expect(html).toContain('<html lang="kk"')
    expect(html).toContain('Қазақстандағы көліктер')
  })

  test('an unknown path answers HTTP 404 with the not-found page', async () => {
    const res = await fetch(`${baseUrl}/no/such/page`)
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('Страница не найдена')
    expect((await fetch(`${baseUrl}/cars/999999999`)).status).toBe(404)
  })
})

describe('errors on a page', () => {
  test('a cancelled request left unhandled is not reported; any other unhandled failure still is', async () => {
    const context = await onDesktop()
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(baseUrl)
    await page.evaluate(() => {
      const controller = new AbortController()
      controller.abort()
      // What React Router can leave behind when a navigation cancels a load (entry.client.tsx).
      void Promise.reject(controller.signal.reason)
      void fetch('/api/healthz', { signal: controller.signal })
      void Promise.reject(new Error('a real failure'))
    })
    await expect.poll(() => errors.length, POLL).toBeGreaterThan(0)
    await page.waitForTimeout(500)
    expect(errors).toEqual(['a real failure'])
    await context.close()
  })
})
