import { describe, expect, inject, test } from 'vitest'
import { SCREENSHOTS, screenshot, signUpByApi, untilReady, useJourney, watchConsole } from './browser.ts'
import { freshBin, uploadFeed } from './dealers.testing.ts'

/*
 * Issue 38's journey, in one piece: a user applies for a dealer account on a phone; staff verify it at 1280 px and
 * trust it to publish; the owner opens the dealer desk, imports a CSV feed on the phone and an XML feed at 1280 px
 * (each a dry run with its report, then applied); the new account's cars wait for a moderator, who approves them;
 * the owner finds them on the dealer's public page, buys a top placement
 * for one of them at the local checkout and sees it labelled in the catalogue; a buyer's call-back on that car
 * reaches the desk, where the owner takes it and closes it, and the desk's statistics count it. (dealers.spec.ts covers the refusals of the application, showrooms
 * and people; promotion.spec.ts a private seller's promotion; dealer-desk.spec.ts the bulk price change.)
 */

const { baseUrl, onPhone, onDesktop } = useJourney()
const adminSession = inject('adminSession')
const run = String(Date.now()).slice(-7)

const CSV = [
  'external_id;make;model;year;modification;mileage_km;price_kzt;color;city',
  `J${run}-1;Toyota;Camry;2021;2.5 AT (181 л.с.);38 000;15 700 000;Белый;Алматы`,
  `J${run}-2;Toyota;Camry;2018;2.5 AT (181 л.с.);91000;11900000;серый;Алматы`,
  `J${run}-3;Tulparmobile;X;2021;;1;1000000;white;`,
].join('\n')

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<cars>
  <car>
    <external_id>J${run}-X1</external_id>
    <make>Hyundai</make>
    <model>Tucson</model>
    <year>2022</year>
    <body>crossover</body>
    <fuel>petrol</fuel>
    <transmission>AT</transmission>
    <drive>4WD</drive>
    <mileage>27000</mileage>
    <price currency="KZT">16400000</price>
    <color>black</color>
    <city>Алматы</city>
    <options><option>abs</option><option>rear_camera</option></options>
  </car>
</cars>
`

describe('a dealer, from the application to a buyer on the desk', () => {
  test('applies, is verified, imports CSV and XML, is on its page, buys a top placement, gets a call-back', {
    timeout: 180_000,
  }, async () => {
    const legalName = `ТОО «Путь ${run}»`
    const owner = await signUpByApi(baseUrl, `journey-${run}@example.kz`, 'journey-e2e-2026', 'Дана Дилерова')

    // A phone: the application.
    const phone = await onPhone({ session: owner })
    const page = await phone.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/account/dealer`)
    const apply = page.locator('form', { has: page.getByRole('button', { name: 'Отправить заявку' }) })
    await apply.getByLabel('БИН или ИИН').fill(freshBin('1607', run))
    await apply.getByLabel('Название, как в регистрации').fill(legalName)
    await apply.getByLabel('Город').selectOption({ label: 'Алматы' })
    await apply.getByLabel('Телефоны').fill('+7 727 355 01 01')
    await apply.getByLabel('Часы работы').fill('Пн–Сб 9:00–19:00')
    await apply.getByRole('button', { name: 'Отправить заявку' }).click()
    await page.getByRole('status').filter({ hasText: 'Заявка отправлена' }).waitFor()

    // Staff at 1280 px: the checklist, trusted to publish without moderation, verified.
    const staff = await onDesktop({ session: adminSession })
    const admin = await staff.newPage()
    const staffErrors = watchConsole(admin)
    await admin.goto(`${baseUrl}/admin/dealers`)
    const application = admin.locator('section', { has: admin.getByRole('heading', { name: new RegExp(legalName) }) })
    for (const box of await application.locator('fieldset input[type="checkbox"]').all()) await box.check()
    await application.getByLabel('Публиковать его машины без модерации').check()
    await application.getByRole('button', { name: 'Подтвердить' }).click()
    await admin.getByRole('status').filter({ hasText: 'Решение сохранено.' }).waitFor()
    expect(staffErrors).toEqual([])
    await staff.close()

    // The owner, on the phone: the desk from the account's dealer page, the CSV feed's dry run, its report, applied.
    await page.reload()
    await page
      .getByRole('link', { name: /Кабинет дилера: склад и загрузка фида/ })
      .first()
      .click()
    await page.getByRole('heading', { name: 'Кабинет дилера', level: 1 }).waitFor()
    await expect.poll(() => page.url()).toMatch(/\/dealer\/\d+$/)
    const deskUrl = page.url()
    const dealerId = Number(/\/dealer\/(\d+)$/.exec(deskUrl)?.[1])
    await uploadFeed(page, 'stock.csv', CSV)
    const counts = page.locator('.import-counts')
    await expect.poll(() => counts.textContent()).toContain('Будут добавлены2')
    await expect.poll(() => counts.textContent()).toContain('Отклонены1')
    await page.getByText('Tulparmobile (make): 1 авт.').waitFor()
    await screenshot(page, { path: `${SCREENSHOTS}journey-feed-report-390.png`, fullPage: true })
    await page.getByRole('button', { name: 'Применить' }).click()
    await page.getByText('Загрузка применена.').waitFor()
    expect(errors).toEqual([])
    await phone.close()

    // At 1280 px: an XML feed with one more car; the CSV's cars stay (the file is a part of the stock).
    const desk = await onDesktop({ session: owner })
    const wide = await desk.newPage()
    const deskErrors = watchConsole(wide)
    await wide.goto(deskUrl)
    await uploadFeed(wide, 'stock.xml', XML, true)
    await expect.poll(() => wide.locator('.import-counts').textContent()).toContain('Будут добавлены1')
    await wide.getByRole('button', { name: 'Применить' }).click()
    await wide.getByText('Загрузка применена.').waitFor()
    await wide.goto(deskUrl)
    for (const id of [`J${run}-1`, `J${run}-2`, `J${run}-X1`]) await wide.getByRole('cell', { name: id }).waitFor()
    expect(await wide.locator('.import-history tbody tr').count()).toBe(2)

    // Trusted to publish, but its owner's account is new: a fraud signal of every car, so they wait for a moderator
    // (a typed car would too). A moderator approves them; they are on the dealer's public page with its badge.
    const stock = await fetch(`${baseUrl}/api/dealers/${dealerId}/stock/?q=J${run}`, {
      headers: { cookie: `tulpar.session_token=${owner}` },
    })
    const imported = ((await stock.json()) as { results: { id: number; status: string }[] }).results
    expect(imported.map((c) => c.status)).toEqual(['moderation', 'moderation', 'moderation'])
    for (const { id } of imported) {
      const approved = await fetch(`${baseUrl}/api/admin/listings/${id}/approve/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: baseUrl,
          cookie: `tulpar.session_token=${adminSession}`,
        },
        body: '{}',
      })
      expect(approved.status).toBe(200)
    }
    const cars = (await (await fetch(`${baseUrl}/api/cars/?dealer=${dealerId}`)).json()) as {
      results: { id: number; year: number; priceKzt: number }[]
    }
    expect(cars.results).toHaveLength(3)
    const camry = cars.results.find((c) => c.year === 2021 && c.priceKzt === 15_700_000)
    if (!camry) throw new Error(`the CSV's 2021 Camry is not on sale: ${JSON.stringify(cars.results)}`)
    await wide.goto(`${baseUrl}/dealers/${dealerId}`)
    await wide.getByRole('heading', { name: legalName, level: 1 }).waitFor()
    await expect.poll(() => wide.locator('.grid .card-dealer').count()).toBe(3)
    await screenshot(wide, { path: `${SCREENSHOTS}journey-dealer-page-1280.png`, fullPage: true })

    // A top placement for the Camry, bought at the local checkout.
    await wide.goto(`${baseUrl}/account/listings/${camry.id}/promote`)
    const top = wide.locator('.promotion-product', { hasText: 'Топ-размещение' })
    await top.getByRole('button', { name: /^7 дней: Оплатить/ }).click()
    await wide.waitForURL(/\/api\/payments\/local\//)
    await wide.getByRole('button', { name: 'Оплатить' }).click()
    await wide.getByText('Оплата прошла: услуга уже работает.').waitFor()

    // The catalogue at the Camry's year and price: in a marked slot, labelled as advertising.
    const query = new URLSearchParams({ yearFrom: '2021', yearTo: '2021', priceFrom: '15700000', priceTo: '15700000' })
    await wide.goto(`${baseUrl}/auto/toyota/camry/almaty?${query}`)
    const slot = wide.locator('.promoted-slot').filter({ has: wide.locator(`a[href="/cars/${camry.id}"]`) })
    await slot.getByText('Реклама', { exact: true }).waitFor()
    await screenshot(wide, { path: `${SCREENSHOTS}journey-catalogue-1280.png` })
    expect(deskErrors).toEqual([])

    // A buyer, a guest on a phone, asks for a call-back on the Camry...
    const buyerPhone = await onPhone()
    const buyer = await buyerPhone.newPage()
    const buyerErrors = watchConsole(buyer)
    await buyer.goto(`${baseUrl}/cars/${camry.id}`)
    const ask = buyer.getByRole('button', { name: 'Заказать обратный звонок' })
    await untilReady(buyer, ask)
    await ask.click()
    const dialog = buyer.getByRole('dialog', { name: 'Обратный звонок' })
    await dialog.getByLabel('Фамилия').fill('Покупателева')
    await dialog.getByLabel('Имя').fill('Сауле')
    await dialog.getByLabel('Телефон').fill('+7 701 555 66 77')
    await dialog.getByRole('button', { name: 'Отправить' }).click()
    await buyer.locator('.toast-success', { hasText: 'Заявка принята' }).waitFor()
    expect(buyerErrors).toEqual([])
    await buyerPhone.close()

    // ...which reaches the dealer desk, where the owner takes it.
    await wide.goto(deskUrl)
    const lead = wide.locator('.desk-lead', { hasText: 'Сауле Покупателева' })
    await expect.poll(() => lead.locator('.lead-status').textContent()).toBe('Новая')
    await lead.getByRole('button', { name: 'Взять в работу' }).click()
    await expect.poll(() => lead.locator('.lead-status').textContent()).toBe('В работе')
    await lead.getByLabel('Статус').selectOption('done')
    await lead.getByRole('button', { name: 'Сохранить' }).click()
    await expect.poll(() => lead.locator('.lead-status').textContent()).toBe('Выполнена')
    // The desk's statistics count the call-back against the Camry.
    const stats = await fetch(`${baseUrl}/api/dealers/${dealerId}/stats/`, {
      headers: { cookie: `tulpar.session_token=${owner}` },
    })
    expect(((await stats.json()) as { totals: { callbacks: number } }).totals.callbacks).toBe(1)
    await screenshot(wide, { path: `${SCREENSHOTS}journey-desk-lead-1280.png`, fullPage: true })
    expect(deskErrors).toEqual([])
    await desk.close()
  })
})
