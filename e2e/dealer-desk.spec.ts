import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { SCREENSHOTS, screenshot, sessionCookie, signInInto, untilReady, useJourney, watchConsole } from './browser.ts'

/*
 * The dealer desk (issue 38): a buyer reveals the number of a demo dealer's car and asks for a call-back on a phone,
 * and the dealer's owner finds the call-back on the desk at 1280 px, takes it and closes it; the desk's statistics
 * count both, the reveal in the car's day.
 */

const { baseUrl, onPhone, onDesktop } = useJourney()
const OWNER = 'dealer.almaty@demo.tulpar.kz'
const DEMO_PASSWORD = 'tulpar-demo-2026'

async function api<T>(path: string, cookie?: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, cookie ? { headers: { cookie: `tulpar.session_token=${cookie}` } } : {})
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/**
 * Chooses the paid promotion in the bulk form, again until the form shows its products: a choice made before the
 * form's island has taken the page over is undone when it does.
 */
async function choosePromotion(page: Page, action: string, product: string, option: string) {
  const products = page.getByLabel(product)
  await expect
    .poll(
      async () => {
        await page.getByLabel(action).selectOption('promote')
        return products.isVisible()
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  await products.selectOption(option)
}

describe('the dealer desk', () => {
  test("a buyer's call-back on a dealer's car reaches the dealer's desk, where the owner takes it and closes it", async () => {
    const owner = await sessionCookie(baseUrl, OWNER, DEMO_PASSWORD)
    const dealerId = (await api<{ results: { id: number }[] }>('/api/dealers/mine/', owner)).results[0]?.id
    expect(dealerId).toBeTypeOf('number')
    const car = (await api<{ results: { id: number }[] }>(`/api/cars/?dealer=${dealerId}`)).results[0]?.id
    expect(car).toBeTypeOf('number')
    type Stats = { totals: { callbacks: number; reveals: number } }
    const before = await api<Stats>(`/api/dealers/${dealerId}/stats/`, owner)

    // The buyer, a guest on a phone, asks for a call-back from the car's call-back page.
    const phone = await onPhone()
    const buyerPage = await phone.newPage()
    const buyerErrors = watchConsole(buyerPage)
    await buyerPage.goto(`${baseUrl}/cars/${car}`)
    const ask = buyerPage.getByRole('button', { name: 'Заказать обратный звонок' })
    await untilReady(buyerPage, ask)
    await buyerPage.getByRole('button', { name: 'Показать номер' }).click()
    await buyerPage.locator('.phone-link').waitFor()
    await ask.click()
    const dialog = buyerPage.getByRole('dialog', { name: 'Обратный звонок' })
    await dialog.waitFor()
    await dialog.getByLabel('Фамилия').fill('Дилерова')
    await dialog.getByLabel('Имя').fill('Жанар')
    await dialog.getByLabel('Телефон').fill('+7 701 222 33 44')
    await dialog.getByRole('button', { name: 'Отправить' }).click()
    await buyerPage.locator('.toast-success', { hasText: 'Заявка принята' }).waitFor()
    expect(buyerErrors).toEqual([])
    await phone.close()

    // The owner, at 1280 px, finds it on the desk, takes it and closes it.
    const desktop = await onDesktop()
    await signInInto(desktop, baseUrl, OWNER, DEMO_PASSWORD)
    const page = await desktop.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/dealer/${dealerId}`)
    await page.getByRole('heading', { name: 'Заявки и чаты', level: 2 }).waitFor()
    const lead = page.locator('.desk-lead', { hasText: 'Жанар Дилерова' })
    const status = lead.locator('.lead-status')
    await expect.poll(() => status.textContent()).toBe('Новая')
    await lead.getByRole('button', { name: 'Взять в работу' }).click()
    await page.getByRole('status').getByText('Сохранено.').waitFor()
    await expect.poll(() => status.textContent()).toBe('В работе')
    await lead.getByLabel('Статус').selectOption('done')
    await lead.getByRole('button', { name: 'Сохранить' }).click()
    await expect.poll(() => status.textContent()).toBe('Выполнена')
    await page.getByRole('heading', { name: 'Статистика за 30 дней' }).waitFor()
    // The car's days open under its row, with the number reveals of each day.
    const carStats = page.locator('.stats-table > tbody > tr', { has: page.locator(`a[href="/cars/${car}"]`) })
    await carStats.getByText('По дням').click()
    const days = carStats.locator('.stats-days')
    await days.getByRole('columnheader', { name: 'Показы номера' }).waitFor()
    expect(await days.locator('tbody tr').count()).toBeGreaterThan(0)
    await screenshot(page, { path: `${SCREENSHOTS}dealer-desk-leads-1280.png`, fullPage: true })
    expect(errors).toEqual([])
    await desktop.close()

    const after = await api<Stats>(`/api/dealers/${dealerId}/stats/`, owner)
    expect(after.totals.callbacks).toBe(before.totals.callbacks + 1)
    expect(after.totals.reveals).toBe(before.totals.reveals + 1)
  })

  test('on a phone, the owner lowers the price of a ticked car by 5% in one step', async () => {
    const owner = await sessionCookie(baseUrl, OWNER, DEMO_PASSWORD)
    const dealerId = (await api<{ results: { id: number }[] }>('/api/dealers/mine/', owner)).results[0]?.id
    const cars = await api<{ results: { id: number; priceKzt: number }[] }>(`/api/cars/?dealer=${dealerId}`)
    const car = cars.results.at(-1)
    if (!car) throw new Error('the demo dealer has no car on sale')

    const phone = await onPhone()
    await signInInto(phone, baseUrl, OWNER, DEMO_PASSWORD)
    const page = await phone.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/dealer/${dealerId}`)
    const apply = page.getByRole('button', { name: 'Применить' })
    await untilReady(page, apply)
    await page.locator(`input[name="ids"][value="${car.id}"]`).check()
    await page.getByLabel('С отмеченными автомобилями').selectOption('price_percent')
    await page.getByLabel('Процент (минус — снижение)').fill('-5')
    await apply.click()
    await page.getByRole('status').getByText('Готово: изменено автомобилей — 1.').waitFor()
    await screenshot(page, { path: `${SCREENSHOTS}dealer-desk-bulk-390.png`, fullPage: true })
    expect(errors).toEqual([])
    await phone.close()

    const after = await api<{ priceKzt: number }>(`/api/cars/${car.id}/`)
    expect(after.priceKzt).toBe(Math.round((car.priceKzt * 95) / 100))
  })

  test('on a phone, the owner ticks two cars and pays one highlight for both at the local checkout; in Kazakh at 1280 px too', async () => {
    const owner = await sessionCookie(baseUrl, OWNER, DEMO_PASSWORD)
    const dealerId = (await api<{ results: { id: number }[] }>('/api/dealers/mine/', owner)).results[0]?.id
    type Card = { id: number; isPromoted: boolean; isHighlighted: boolean }
    const cars = await api<{ results: Card[] }>(`/api/cars/?dealer=${dealerId}`)
    // Two cars the demo has not promoted yet.
    const [a, b] = cars.results.filter((c) => !c.isPromoted)
    if (!a || !b) throw new Error('the demo dealer has fewer than two cars without a promotion')

    const phone = await onPhone()
    await signInInto(phone, baseUrl, OWNER, DEMO_PASSWORD)
    const page = await phone.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/dealer/${dealerId}`)
    await untilReady(page, page.getByRole('button', { name: 'Применить' }))
    for (const car of [a, b]) await page.locator(`input[name="ids"][value="${car.id}"]`).check()
    await choosePromotion(page, 'С отмеченными автомобилями', 'Услуга', 'highlight:7')
    await page.getByText('Один платёж за все отмеченные автомобили').waitFor()
    await screenshot(page, { path: `${SCREENSHOTS}dealer-desk-promote-390.png`, fullPage: true })
    await page.getByRole('button', { name: 'Перейти к оплате' }).click()

    // One payment of the total, then back to the desk.
    await page.waitForURL(/\/api\/payments\/local\//)
    await page.getByText('3 980 ₸').waitFor()
    await page.getByRole('button', { name: 'Оплатить' }).click()
    await page.waitForURL(new RegExp(`/dealer/${dealerId}\\?payment=paid$`))
    await page.getByText('Оплата прошла: продвижение отмеченных автомобилей уже работает.').waitFor()
    // The desk's receipts: one for each car, running, with its price.
    for (const car of [a, b]) {
      const receipt = page.locator('.receipts-table tbody tr', {
        has: page.locator(`a[href="/account/listings/${car.id}/promote"]`),
        hasText: 'Выделение цветом, 7 дней',
      })
      expect(await receipt.count()).toBe(1)
      await receipt.getByText('1 990 ₸').waitFor()
      await receipt.getByText(/Работает до/).waitFor()
    }
    expect(errors).toEqual([])
    for (const car of [a, b]) expect(await api<Card>(`/api/cars/${car.id}/`)).toMatchObject({ isHighlighted: true })

    // The same period is not paid twice: refused in words (a 409 answer), nothing charged.
    await untilReady(page, page.getByRole('button', { name: 'Применить' }))
    await page.locator(`input[name="ids"][value="${a.id}"]`).check()
    await choosePromotion(page, 'С отмеченными автомобилями', 'Услуга', 'highlight:7')
    await page.getByRole('button', { name: 'Перейти к оплате' }).click()
    await page
      .getByRole('alert')
      .getByText(/эта услуга уже работает/)
      .waitFor()
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)'])
    await phone.close()

    // The same form in Kazakh at desk width.
    const desktop = await onDesktop()
    await desktop.addCookies([{ name: 'locale', value: 'kk', url: baseUrl }])
    await signInInto(desktop, baseUrl, OWNER, DEMO_PASSWORD)
    const kk = await desktop.newPage()
    const kkErrors = watchConsole(kk)
    await kk.goto(`${baseUrl}/dealer/${dealerId}`)
    await untilReady(kk, kk.getByRole('button', { name: 'Қолдану' }))
    await choosePromotion(kk, 'Белгіленген көліктермен', 'Қызмет', 'top:3')
    await kk.getByRole('button', { name: 'Төлемге өту' }).waitFor()
    await screenshot(kk, { path: `${SCREENSHOTS}dealer-desk-promote-kk-1280.png`, fullPage: true })
    expect(kkErrors).toEqual([])
    await desktop.close()
  })
})
