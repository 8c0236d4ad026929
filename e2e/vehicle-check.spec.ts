import { describe, expect, test } from 'vitest'
import { DEMO_CLEAN_VIN, DEMO_ROLLED_BACK_VIN, DEMO_VIN_STORIES } from '../apps/api/src/db/seed/demo/vin-histories.ts'
import { DESKTOP, SCREENSHOTS, screenshot, useJourney, watchConsole } from './browser.ts'

/*
 * The paid vehicle check of issue 12: a guest opens the check from the home page and is asked to sign in; after
 * signing in the VIN is still there; the local checkout first fails (the order stays unpaid and says so), then
 * pays; the order shows 'Report is being generated', then the report with the demo Camry's rolled-back reading
 * flagged; the report is listed under TulparAutoCheck reports and prints without the site's chrome. The car page
 * of that Camry has the free "VIN seen before" line leading here.
 */

const { baseUrl, onPhone, onDesktop } = useJourney()
const run = String(Date.now()).slice(-7)

describe('the vehicle check', () => {
  test('guest → sign in → failed payment → paid → "being generated" → report with the rollback flagged (390 px)', async () => {
    const email = `check-${run}@example.kz`
    const up = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email, password: 'check-pass-1', name: 'Ерлан Покупатель' }),
    })
    expect(up.status).toBe(200)

    const context = await onPhone()
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(baseUrl)
    await page.getByLabel('VIN или номер кузова').fill(DEMO_ROLLED_BACK_VIN)
    await page.getByRole('button', { name: 'Проверить', exact: true }).click()
    await page.waitForURL(/\/check\?vin=/)
    await page.getByText('Войдите или зарегистрируйтесь, чтобы заказать проверку.').waitFor()
    await page.locator('#content').getByRole('link', { name: 'Войти', exact: true }).click()
    await page.waitForURL(/\/auth\?/)
    await page.getByLabel('Электронная почта').fill(email)
    await page.getByLabel('Пароль').fill('check-pass-1')
    await page.getByRole('button', { name: 'Войти', exact: true }).click()
    await page.waitForURL(/\/check\?vin=/)
    expect(await page.getByLabel('VIN или номер кузова').inputValue()).toBe(DEMO_ROLLED_BACK_VIN)
    await page.getByRole('button', { name: 'Перейти к оплате' }).click()

    // The local checkout: the payment fails first; the order says it is unpaid.
    await page.waitForURL(/\/api\/payments\/local\//)
    await page.getByText('4 990 ₸').waitFor()
    await page.getByRole('button', { name: 'Ошибка оплаты' }).click()
    await page.waitForURL(/\/check\/orders\/\d+\?payment=failed/)
    await page.getByText('Оплата не прошла. Заказ не оплачен, деньги не списаны.').waitFor()
    await page.getByRole('button', { name: 'Оплатить снова' }).click()
    await page.waitForURL(/\/api\/payments\/local\//)
    await page.getByRole('button', { name: 'Оплатить' }).click()
    await page.waitForURL(/\/check\/orders\/\d+\?payment=paid/)
    await page.getByText('Отчёт формируется').first().waitFor()
    await screenshot(page, { path: `${SCREENSHOTS}check-generating-390.png`, fullPage: true })
    // The page looks again by itself until the report is ready.
    await page.getByRole('link', { name: 'Открыть отчёт' }).waitFor({ timeout: 20_000 })
    await page.getByRole('link', { name: 'Открыть отчёт' }).click()
    await page.waitForURL(/\/account\/reports\/\d+$/)
    await page.getByRole('heading', { level: 1, name: /TulparAutoCheck: Toyota Camry, 2016/ }).waitFor()
    const warn = page.locator('.verdict.warn')
    await warn.getByText('Пробег вызывает сомнения').waitFor()
    expect(await warn.textContent()).toMatch(/151\s000 км.*112\s000 км/)
    expect(await page.getByTestId('sighting').count()).toBe(3)
    // Each listing with its photo, and the photo really loads.
    const photos = page.getByTestId('sighting').locator('img')
    expect(await photos.count()).toBe(3)
    await photos.first().scrollIntoViewIfNeeded()
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid="sighting"] img')].every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    )
    expect(await page.getByText('Не проверено: у нас нет доступа к этому реестру').count()).toBe(4)
    await screenshot(page, { path: `${SCREENSHOTS}check-report-390.png`, fullPage: true })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    // Printed: the report without the site's header, footer and menus.
    await page.emulateMedia({ media: 'print' })
    expect(await page.locator('.site-header').isVisible()).toBe(false)
    expect(await page.locator('.verdict.warn').isVisible()).toBe(true)
    await screenshot(page, { path: `${SCREENSHOTS}check-report-print.png`, fullPage: true })
    await page.emulateMedia({ media: 'screen' })

    const reportUrl = page.url()
    // Listed under TulparAutoCheck reports: name, date, VIN, status.
    await page.goto(`${baseUrl}/account/reports`)
    const row = page.getByTestId('vehicle-report').first()
    expect(await row.textContent()).toContain(DEMO_ROLLED_BACK_VIN)
    expect(await row.textContent()).toContain('Готов')
    await screenshot(page, { path: `${SCREENSHOTS}check-reports-390.png`, fullPage: true })
    // The same report on a desktop screen.
    await page.setViewportSize(DESKTOP)
    await page.goto(reportUrl)
    await page.locator('.verdict.warn').waitFor()
    await screenshot(page, { path: `${SCREENSHOTS}check-report-1280.png`, fullPage: true })
    expect(errors).toEqual([])
    await context.close()
  })

  test('the car page shows that the VIN was seen before and leads to the check (1280 px)', async () => {
    const context = await onDesktop()
    const page = await context.newPage()
    const errors = watchConsole(page)
    // The demo Tucson on sale now was sold once before. Found by what its story says (its model, year, city and
    // mileage), so that on a larger database (the cluster's 20,000 cars) it is still on the first page.
    const story = DEMO_VIN_STORIES.find((v) => v.vin === DEMO_CLEAN_VIN)
    const onSale = story?.sightings.find((s) => s.status === 'published')
    if (!story || !onSale) throw new Error('the demo Tucson is not on sale')
    const query = `brand=${story.brand}&model=${story.model}&yearFrom=${story.year}&yearTo=${story.year}&city=${onSale.city}&mileageMax=${onSale.km}`
    const cars = (await (await fetch(`${baseUrl}/api/cars/?${query}`)).json()) as {
      results: { id: number }[]
    }
    let found: number | null = null
    for (const c of cars.results) {
      const detail = (await (await fetch(`${baseUrl}/api/cars/${c.id}/`)).json()) as { vin: string | null }
      if (detail.vin === DEMO_CLEAN_VIN) found = c.id
    }
    expect(found).not.toBeNull()
    await page.goto(`${baseUrl}/cars/${found}`)
    const line = page.locator('.vin-seen')
    await line.getByText(/Этот VIN уже был на Tulpar Auto: 1 объявление/).waitFor()
    await line.getByRole('link', { name: 'Полная история: пробег, цены, города' }).click()
    await page.waitForURL(`${baseUrl}/check?vin=${DEMO_CLEAN_VIN}`)
    expect(errors).toEqual([])
    await context.close()
  })
})
