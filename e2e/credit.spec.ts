import { assessProgramme, type CreditProgramme } from '@tulpar/contracts/credit'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { PHONE, SCREENSHOTS, screenshot, useJourney, watchConsole } from './browser.ts'

/*
 * Issue 12's credit widget and total cost card: a guest works out a payment on a car page and applies (the
 * spec's thank-you text); on the home page the spec's placeholders drive the first estimate; without JavaScript
 * the same form posts, shows its errors on the credit page and comes back with the thank-you notice.
 */

const { baseUrl, browser, onPhone, onDesktop } = useJourney()
let car: { id: number; priceKzt: number; year: number; isNew: boolean; brand: { slug: string } }
let programmes: CreditProgramme[]
const poll = <T>(read: () => Promise<T>, timeout = 10_000) => expect.poll(read, { timeout, interval: 200 })
const digits = (s: string | null) => Number((s ?? '').replace(/\D/g, ''))

beforeAll(async () => {
  // A used car a bank would finance: left-hand drive, cleared, not too old.
  const page = (await (await fetch(`${baseUrl}/api/cars/?newness=used&yearFrom=2016`)).json()) as {
    results: (typeof car)[]
  }
  for (const c of page.results) {
    const detail = (await (await fetch(`${baseUrl}/api/cars/${c.id}/`)).json()) as {
      steering: string
      isCustomsCleared: boolean
    }
    if (detail.steering === 'left' && detail.isCustomsCleared && c.priceKzt < 25_000_000) {
      car = c
      break
    }
  }
  programmes = ((await (await fetch(`${baseUrl}/api/credit/programmes/`)).json()) as { programmes: CreditProgramme[] })
    .programmes
})

/** The widget's code loads once the visitor scrolls to it. */
async function widgetLive(page: Page) {
  await page.locator('#credit').scrollIntoViewIfNeeded()
  await page.waitForFunction(() => document.querySelector('#credit input[name="via"]') !== null)
}

const usedPayment = (downPaymentKzt: number) =>
  assessProgramme(
    programmes.find((p) => p.id === 'used-cars') as CreditProgramme,
    { priceKzt: car.priceKzt, year: car.year, isNew: false },
    { downPaymentKzt, termMonths: 84 },
    new Date().getUTCFullYear(),
  ).monthlyPaymentKzt

describe('credit', () => {
  test('a guest works out the payment on a car page as they type and applies (390 px)', async () => {
    expect(car, 'a used car a bank would finance in the demo data').toBeDefined()
    const context = await onPhone()
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/cars/${car.id}`)

    // The total cost card: price, tax a year and the loan line with its source.
    const cost = page.locator('.total-cost')
    await poll(() => cost.getByText('Транспортный налог в год').isVisible()).toBe(true)
    expect(await cost.textContent()).toContain('Кредит: платёж в месяц')

    await widgetLive(page)
    const widget = page.locator('#credit')
    const monthly = widget.getByTestId('credit-monthly')
    // The car's price and a quarter down are filled in; the used-car loan fits.
    const quarter = Math.round(car.priceKzt * 0.25)
    await poll(async () => digits(await monthly.textContent())).toBe(usedPayment(quarter))
    await poll(() => widget.locator('[data-programme="used-cars"]').getAttribute('class')).toBe('fits')
    expect(await widget.locator('[data-programme="new-cars"]').textContent()).toContain('только новые автомобили')
    // Each programme names its source in the page's language.
    expect(
      await widget
        .locator('[data-programme="used-cars"]')
        .getByRole('link', { name: /^Источник: / })
        .textContent(),
    ).toBe('Источник: Банк ЦентрКредит, автомобили с пробегом из автосалонов (bcc.kz)')

    // More down: a smaller payment, recomputed as the visitor types.
    const down = widget.getByLabel('Первоначальный взнос, ₸')
    const half = Math.round(car.priceKzt * 0.6)
    await down.fill(String(half))
    await poll(async () => digits(await monthly.textContent())).toBe(usedPayment(half))
    // More than half down on a used car: no debt-to-income check while the rule lasts.
    expect(await widget.locator('.credit-dti').textContent()).toContain('не рассчитывает коэффициент долговой нагрузки')
    await screenshot(page, { path: `${SCREENSHOTS}credit-car-phone.png`, fullPage: false })

    // A wrong number is caught before anything is sent; then the application goes through.
    await widget.getByLabel('Телефон').fill('12345')
    await widget.getByLabel('Фамилия').fill('Сейтказиев')
    await widget.getByLabel('Имя').fill('Ержан')
    await widget.getByRole('button', { name: 'Отправить заявку' }).click()
    await poll(() => widget.getByText('Введите корректный номер телефона').isVisible()).toBe(true)
    await widget.getByLabel('Телефон').fill('+7 701 555 12 34')
    await widget.getByRole('button', { name: 'Отправить заявку' }).click()
    await poll(() => widget.getByText('Спасибо! Ваша заявка отправлена в кредитный отдел.').first().isVisible()).toBe(
      true,
    )
    expect(errors).toEqual([])
    await context.close()
  })

  test('the home page widget starts from the spec’s placeholders and says which programmes fit (1280 px)', async () => {
    const context = await onDesktop()
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/`)
    await widgetLive(page)
    const widget = page.locator('#credit')
    expect(await widget.getByLabel('Стоимость автомобиля, ₸').getAttribute('placeholder')).toBe('10 000 000')
    expect(await widget.getByLabel('Первоначальный взнос, ₸').getAttribute('placeholder')).toBe('2 500 000')
    // Nothing typed: the estimate is worked out on 10 000 000 with 2 500 000 down, the cheapest programme first.
    const state = programmes.find((p) => p.id === 'state-4') as CreditProgramme
    const best = assessProgramme(state, { priceKzt: 10_000_000 }, { downPaymentKzt: 2_500_000, termMonths: 84 }, 2026)
    await poll(async () => digits(await widget.getByTestId('credit-monthly').textContent())).toBe(
      best.monthlyPaymentKzt,
    )
    await widget.locator('summary', { hasText: 'Программы' }).click()
    await poll(() => widget.locator('[data-programme="state-4"]').textContent()).toContain('Может подойти')
    // A price over the state programme's 15 M limit.
    await widget.getByLabel('Стоимость автомобиля, ₸').fill('20 000 000')
    await poll(() => widget.locator('[data-programme="state-4"]').textContent()).toContain('цена выше')
    await screenshot(page, { path: `${SCREENSHOTS}credit-home-desktop.png`, fullPage: false })
    expect(errors).toEqual([])
    await context.close()
  })

  test('without JavaScript the application is a form post: errors on the credit page, then the thank-you', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, locale: 'ru-RU' })
    await context.addCookies([{ name: 'city', value: '1', url: baseUrl }])
    const page = await context.newPage()
    await page.goto(`${baseUrl}/cars/${car.id}`)
    const widget = page.locator('#credit')
    await widget.getByLabel('Телефон').fill('12')
    await widget.getByLabel('Фамилия').fill('Ахметова')
    await widget.getByLabel('Имя').fill('Айгерим')
    await widget.getByRole('button', { name: 'Отправить заявку' }).click()
    await page.waitForURL(`${baseUrl}/credit?car=${car.id}`, { waitUntil: 'commit' })
    // The address is committed before the page is parsed: the text is waited for (10 s at most), not read at once.
    await poll(() => page.getByText('Введите корректный номер телефона').isVisible()).toBe(true)
    // What was typed is kept.
    expect(await page.getByLabel('Фамилия').inputValue()).toBe('Ахметова')
    await page.getByLabel('Телефон').fill('87015551234')
    await page.getByRole('button', { name: 'Отправить заявку' }).click()
    await page.waitForURL(`${baseUrl}/cars/${car.id}?credit=sent#credit`, { waitUntil: 'commit' })
    await poll(() => page.getByText('Спасибо! Ваша заявка отправлена в кредитный отдел.').isVisible()).toBe(true)
    await context.close()
  })
})
