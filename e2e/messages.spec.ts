import { describe, expect, inject, test } from 'vitest'
import { demoSeller, SCREENSHOTS, screenshot, sessionCookie, signUpByApi, useJourney, watchConsole } from './browser.ts'

/*
 * The messages journey of issue 11: a buyer writes to a seller from the car page; the seller sees the unread badge
 * and the buyer's number masked; the seller asks for a prepayment and the buyer's open page shows it, without a
 * reload, with a scam warning in the buyer's language; the buyer shares contacts and reports; a moderator stops
 * the seller writing there.
 */

const { baseUrl, onPhone, onDesktop } = useJourney()
const run = String(Date.now()).slice(-7)
const poll = <T>(read: () => Promise<T>, timeout = 10_000) => expect.poll(read, { timeout, interval: 200 })

const DEMO_PASSWORD = 'tulpar-demo-2026'

async function api<T>(path: string, cookie?: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, cookie ? { headers: { cookie: `tulpar.session_token=${cookie}` } } : {})
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

describe('messages', () => {
  test('buyer and seller talk about a car; scam warning, masked contacts, report, moderator blocks', async () => {
    // A demo seller and one of their published cars.
    const { cookie: sellerCookie, carId } = await demoSeller(baseUrl, 'seller7@demo.tulpar.kz')
    expect(carId).toBeGreaterThan(0)

    const buyerEmail = `chat-${run}@example.kz`
    const up = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email: buyerEmail, password: 'chat-pass-1', name: 'Динара' }),
    })
    expect(up.status).toBe(200)

    const buyerContext = await onPhone({ session: await sessionCookie(baseUrl, buyerEmail, 'chat-pass-1') })
    const buyer = await buyerContext.newPage()
    const buyerErrors = watchConsole(buyer)

    // "Write to the seller" on the car page opens the message form.
    await buyer.goto(`${baseUrl}/cars/${carId}`)
    await buyer.getByRole('link', { name: 'Написать продавцу' }).click()
    await buyer.waitForURL(`${baseUrl}/cars/${carId}/write`)
    await buyer.getByLabel('Сообщение продавцу').fill('Здравствуйте! Мой номер +7 701 555 12 34. Машина ещё продаётся?')
    await buyer.getByRole('button', { name: 'Отправить' }).click()
    await buyer.waitForURL(/\/account\/messages\/\d+$/)
    const threadUrl = buyer.url()
    await poll(() => buyer.getByTestId('message').count()).toBe(1)
    // The writer sees their own words.
    expect(await buyer.getByTestId('message').first().textContent()).toContain('+7 701 555 12 34')

    // The seller: the unread badge, the number hidden.
    const sellerContext = await onDesktop({ session: sellerCookie })
    const seller = await sellerContext.newPage()
    const sellerErrors = watchConsole(seller)
    await seller.goto(`${baseUrl}/account/messages`)
    await poll(() => seller.locator('.account-link .nav-count').textContent()).toMatch(/^\d+$/)
    await seller.locator('.thread-link', { hasText: 'Динара' }).click()
    await seller.waitForURL(threadUrl)
    const hidden = await seller.getByTestId('message').first().textContent()
    expect(hidden).toContain('[номер скрыт')
    expect(hidden).not.toContain('555 12 34')

    // The buyer's page is open; the seller asks for a prepayment: it appears there without a reload, with a warning.
    await buyer.evaluate(() => {
      ;(window as unknown as { notReloaded: boolean }).notReloaded = true
    })
    await seller.getByLabel('Ваш ответ').fill('Переведите предоплату 100 000 на карту, тогда придержу машину')
    await seller.getByRole('button', { name: 'Отправить' }).click()
    await poll(() => seller.getByTestId('message').count()).toBe(2)
    await poll(() => buyer.getByTestId('message').count(), 15_000).toBe(2)
    expect(await buyer.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
    const warning = buyer.getByTestId('message').nth(1).locator('.fraud-warning')
    await poll(() => warning.textContent()).toContain('Осторожно: возможное мошенничество')
    expect(await warning.textContent()).toContain('Собеседник просит предоплату или задаток')
    // The writer of the message is not warned about it.
    expect(await seller.locator('.fraud-warning').count()).toBe(0)
    await screenshot(buyer, { path: `${SCREENSHOTS}conversation-phone.png`, fullPage: true })

    // The buyer shows their contacts: the seller now sees the number.
    await buyer.getByRole('button', { name: 'Показать мой телефон и почту' }).click()
    await poll(() => buyer.getByText('Собеседник видит ваш телефон и почту').isVisible()).toBe(true)
    await seller.reload()
    await poll(() => seller.getByTestId('message').first().textContent()).toContain('+7 701 555 12 34')
    await poll(() => seller.locator('.panel-note').textContent()).toContain(buyerEmail)
    await screenshot(seller, { path: `${SCREENSHOTS}conversation-desktop.png`, fullPage: true })

    // The buyer reports the conversation.
    await buyer.locator('details.report summary').click()
    await buyer.getByLabel('Что случилось?').fill(`Просит предоплату до осмотра (${run})`)
    await buyer.getByRole('button', { name: 'Отправить жалобу' }).click()
    await poll(() => buyer.getByText('Жалоба отправлена модераторам. Спасибо!').isVisible()).toBe(true)

    // A moderator sees it with the messages as written, and stops the seller writing there.
    const staffContext = await onDesktop({ session: inject('adminSession') })
    const desk = await staffContext.newPage()
    await desk.goto(`${baseUrl}/admin/reports`)
    const report = desk.getByTestId('report').filter({ hasText: `(${run})` })
    await poll(() => report.count()).toBe(1)
    expect(await report.textContent()).toContain('Переведите предоплату 100 000 на карту')
    await screenshot(desk, { path: `${SCREENSHOTS}admin-reports-desktop.png`, fullPage: true })
    await report.getByRole('button', { name: 'Запретить писать' }).click()
    await desk.waitForURL(`${baseUrl}/admin/reports?done=1`)
    await staffContext.close()

    await seller.reload()
    await poll(() => seller.getByText('Собеседник ограничил переписку', { exact: false }).isVisible()).toBe(true)
    expect(await seller.getByLabel('Ваш ответ').count()).toBe(0)
    expect(buyerErrors).toEqual([])
    expect(sellerErrors).toEqual([])
    await buyerContext.close()
    await sellerContext.close()
  }, 120_000)

  test('a new account writing too fast is told to wait, in its language (issue 35)', async () => {
    const { carId } = await demoSeller(baseUrl, 'seller7@demo.tulpar.kz')
    const email = `chat-fast-${run}@example.kz`
    const up = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email, password: 'chat-pass-1', name: 'Спешащий' }),
    })
    expect(up.status).toBe(200)
    const cookie = await sessionCookie(baseUrl, email, 'chat-pass-1')
    const started = await fetch(`${baseUrl}/api/conversations/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie: `tulpar.session_token=${cookie}` },
      body: JSON.stringify({ listingId: carId, body: 'Здравствуйте!' }),
    })
    expect(started.status, await started.clone().text()).toBe(201)
    const { conversationId } = (await started.json()) as { conversationId: number }

    const context = await onPhone({ session: cookie })
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/account/messages/${conversationId}`)
    const refusal = page.locator('.form-status.failed')
    // A new account may send 5 messages in 10 s (the first is above): one of the next few is refused.
    let sent = 1
    for (let i = 0; i < 12 && (await refusal.count()) === 0; i++) {
      await page.getByLabel('Ваш ответ').fill(`Вопрос ${i}`)
      await page.getByRole('button', { name: 'Отправить' }).click()
      await poll(async () => (await refusal.count()) > 0 || (await page.getByTestId('message').count()) > sent).toBe(
        true,
      )
      sent = await page.getByTestId('message').count()
    }
    await poll(() => refusal.textContent()).toContain('Вы отправляете сообщения слишком часто')
    expect(sent).toBeLessThanOrEqual(5)
    await screenshot(page, { path: `${SCREENSHOTS}conversation-too-fast-phone.png`, fullPage: true })
    // The browser reports the refused request itself; nothing else went wrong.
    expect(errors.filter((e) => !/status of 429/.test(e))).toEqual([])
    await context.close()
  }, 60_000)

  test("a buyer's message about a dealer's car reaches its people: a manager answers as the dealer, the owner sees who", async () => {
    const owner = await sessionCookie(baseUrl, 'dealer.almaty@demo.tulpar.kz', DEMO_PASSWORD)
    const manager = await sessionCookie(baseUrl, 'manager.almaty@demo.tulpar.kz', DEMO_PASSWORD)
    const dealer = (await api<{ results: { id: number; legalName: string }[] }>('/api/dealers/mine/', owner)).results[0]
    if (!dealer) throw new Error('the demo owner has no dealer')
    const carId = (await api<{ results: { id: number }[] }>(`/api/cars/?dealer=${dealer.id}`)).results[0]?.id
    const buyerCookie = await signUpByApi(baseUrl, `chat-dealer-${run}@example.kz`, 'chat-pass-1', 'Арман')
    const started = await fetch(`${baseUrl}/api/conversations/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie: `tulpar.session_token=${buyerCookie}` },
      body: JSON.stringify({ listingId: carId, body: `Добрый день! Машина ещё продаётся? (${run})` }),
    })
    expect(started.status, await started.clone().text()).toBe(201)
    const { conversationId } = (await started.json()) as { conversationId: number }
    const threadUrl = `${baseUrl}/account/messages/${conversationId}`

    // The manager, who did not list the car, finds it in their messages and answers for the dealer.
    const managerContext = await onDesktop({ session: manager })
    const desk = await managerContext.newPage()
    const deskErrors = watchConsole(desk)
    await desk.goto(`${baseUrl}/account/messages`)
    const thread = desk.locator('.thread-link', { hasText: `(${run})` })
    await poll(() => thread.textContent()).toContain('Арман')
    expect(await thread.textContent()).toContain(dealer.legalName)
    await thread.click()
    await desk.waitForURL(threadUrl)
    await poll(() =>
      desk.getByText('Её видят и могут ответить все сотрудники дилера', { exact: false }).isVisible(),
    ).toBe(true)
    expect(await desk.getByRole('button', { name: 'Показать покупателю телефоны дилера' }).count()).toBe(1)
    await desk.getByLabel('Ваш ответ').fill('Да, продаётся. Приезжайте в салон на Абая, 150')
    await desk.getByRole('button', { name: 'Отправить' }).click()
    await poll(() => desk.getByTestId('message').count()).toBe(2)
    await screenshot(desk, { path: `${SCREENSHOTS}conversation-dealer-desktop.png`, fullPage: true })

    // The buyer talks to the dealer, not to a person.
    const buyerContext = await onPhone({ session: buyerCookie })
    const buyer = await buyerContext.newPage()
    const buyerErrors = watchConsole(buyer)
    await buyer.goto(threadUrl)
    expect(await buyer.locator('h1').textContent()).toBe(dealer.legalName)
    await poll(() => buyer.getByTestId('message').nth(1).textContent()).toContain('Приезжайте в салон')
    expect(await buyer.getByTestId('message').nth(1).textContent()).not.toContain('Асель')
    await screenshot(buyer, { path: `${SCREENSHOTS}conversation-dealer-phone.png`, fullPage: true })

    // The owner sees which of the dealer's people answered, in English and in Kazakh too.
    const ownerContext = await onPhone({ session: owner })
    const own = await ownerContext.newPage()
    const ownErrors = watchConsole(own)
    await own.goto(`${threadUrl}?lang=en`)
    await poll(() => own.getByTestId('message').nth(1).textContent()).toContain('Асель Нурланова')
    expect(await own.getByText('Everyone at the dealer sees it and can answer', { exact: false }).count()).toBe(1)
    expect(await own.getByRole('button', { name: 'Show the dealer’s phones to the buyer' }).count()).toBe(1)
    await own.goto(`${threadUrl}?lang=kk`)
    await poll(() => own.getByText('дилердің барлық қызметкерлері көреді', { exact: false }).count()).toBe(1)
    expect(await own.getByRole('button', { name: 'Сатып алушыға дилердің телефондарын көрсету' }).count()).toBe(1)

    expect([...deskErrors, ...buyerErrors, ...ownErrors]).toEqual([])
    await Promise.all([managerContext.close(), buyerContext.close(), ownerContext.close()])
  }, 90_000)

  test('a guest who wants to write to the seller signs in first and comes back to the message form', async () => {
    const context = await onPhone()
    const page = await context.newPage()
    const res = await fetch(`${baseUrl}/api/cars/?page=1`)
    const id = ((await res.json()) as { results: { id: number }[] }).results[0]?.id
    await page.goto(`${baseUrl}/cars/${id}`)
    await page.getByRole('link', { name: 'Написать продавцу' }).click()
    await page.waitForURL((url) => url.pathname === '/auth')
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe(`/cars/${id}/write`)
    await context.close()
  })
})
