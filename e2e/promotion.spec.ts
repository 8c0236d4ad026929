import { describe, expect, test } from 'vitest'
import { hydrated } from './accounts.testing.ts'
import { demoSeller, SCREENSHOTS, screenshot, useJourney, watchConsole, withSession } from './browser.ts'

/*
 * Paid promotion (issue 38 part 4, decision 033): a demo seller opens "Promote" from their listings on a phone, buys
 * a top placement at the local checkout, sees it running with its receipt, finds it among the account's receipts, and
 * finds the car labelled «Реклама» in the catalogue's marked slots at desk width, the page's own order kept below.
 */

const { baseUrl, onPhone, onDesktop } = useJourney()

describe('paid promotion', () => {
  test('a seller buys a top placement at the local checkout and sees it labelled in the catalogue (390 and 1280 px)', async () => {
    const { cookie, carId } = await demoSeller(baseUrl, 'seller5@demo.tulpar.kz')
    const car = (await (await fetch(`${baseUrl}/api/cars/${carId}/`)).json()) as {
      brand: { slug: string }
      model: { slug: string }
      city: { slug: string }
      year: number
      priceKzt: number
    }

    const phone = await onPhone()
    await withSession(phone, baseUrl, cookie)
    const page = await phone.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/account/listings`)
    await page.locator(`a[href="/account/listings/${carId}/promote"]`).click()
    await page.waitForURL(new RegExp(`/account/listings/${carId}/promote$`))
    await page.getByRole('heading', { level: 1, name: 'Продвижение объявления' }).waitFor()
    const top = page.locator('.promotion-product', { hasText: 'Топ-размещение' })
    await top.getByRole('button', { name: /^7 дней: Оплатить/ }).click()

    await page.waitForURL(/\/api\/payments\/local\//)
    await page.getByText('4 990 ₸').waitFor()
    await page.getByRole('button', { name: 'Оплатить' }).click()
    await page.waitForURL(new RegExp(`/account/listings/${carId}/promote\\?order=\\d+&payment=paid`))
    await page.getByText('Оплата прошла: услуга уже работает.').waitFor()
    await page
      .locator('.promotion-receipt', { hasText: 'Топ-размещение' })
      .getByText(/Работает до/)
      .waitFor()
    expect(errors).toEqual([])
    // Paid once for this period: the same product again is refused in words (a 409 answer), not charged.
    await top.getByRole('button', { name: /^3 дня: Оплатить/ }).click()
    await page.getByText(/Эта услуга уже работает для объявления/).waitFor()
    await screenshot(page, { path: `${SCREENSHOTS}promotion-bought-390.png`, fullPage: true })
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)'])

    // The account's menu leads to all the receipts: this one runs, and links back to the car's promote page.
    await page.goto(`${baseUrl}/account`)
    // A click while the page hydrates can be lost (one CI run on a slow machine waited 30 s for this navigation).
    await hydrated(page)
    await page.getByRole('link', { name: 'Чеки и продвижение' }).click()
    await page.waitForURL(/\/account\/receipts$/)
    await page.getByRole('heading', { level: 1, name: 'Чеки и продвижение' }).waitFor()
    const receipt = page.locator('.receipts-table tbody tr', { hasText: 'Топ-размещение, 7 дней' })
    await receipt.getByText(/Работает до/).waitFor()
    await receipt.getByText('4 990 ₸').waitFor()
    expect(await receipt.locator(`a[href="/account/listings/${carId}/promote"]`).count()).toBe(1)
    await screenshot(page, { path: `${SCREENSHOTS}promotion-receipts-390.png`, fullPage: true })
    await phone.close()

    // The catalogue narrowed to this car's model, city, year and price: its card in a marked slot, labelled.
    const desk = await onDesktop()
    const catalogue = await desk.newPage()
    const deskErrors = watchConsole(catalogue)
    const query = new URLSearchParams({
      yearFrom: String(car.year),
      yearTo: String(car.year),
      priceFrom: String(car.priceKzt),
      priceTo: String(car.priceKzt),
    })
    await catalogue.goto(`${baseUrl}/auto/${car.brand.slug}/${car.model.slug}/${car.city.slug}?${query}`)
    const slot = catalogue.locator('.promoted-slot').filter({ has: catalogue.locator(`a[href="/cars/${carId}"]`) })
    await slot.getByText('Реклама', { exact: true }).waitFor()
    expect(await catalogue.locator('.promoted-slot').count()).toBeLessThanOrEqual(2)
    // The page's own list still has the car in its place, labelled there too.
    const own = catalogue.locator('.grid > article.card').filter({ has: catalogue.locator(`a[href="/cars/${carId}"]`) })
    await own.getByText('Реклама', { exact: true }).waitFor()
    await screenshot(catalogue, { path: `${SCREENSHOTS}promotion-catalogue-1280.png`, fullPage: false })
    expect(deskErrors).toEqual([])
    await desk.close()

    // The receipts at desk width, in English (a visitor's language of its own: a context that never chose Russian).
    const english = await onDesktop({ session: cookie })
    await english.addCookies([{ name: 'locale', value: 'en', url: baseUrl }])
    const receipts = await english.newPage()
    const receiptsErrors = watchConsole(receipts)
    await receipts.goto(`${baseUrl}/account/receipts`)
    await receipts.getByRole('heading', { level: 1, name: 'Receipts and promotion' }).waitFor()
    await receipts.locator('.receipts-table tbody tr', { hasText: 'Top placement, 7 days' }).waitFor()
    await screenshot(receipts, { path: `${SCREENSHOTS}promotion-receipts-en-1280.png`, fullPage: true })
    expect(receiptsErrors).toEqual([])
    await english.close()
  })
})
