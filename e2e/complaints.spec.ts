import { describe, expect, inject, test } from 'vitest'
import { DESKTOP, demoSellerAndNewBuyer, SCREENSHOTS, screenshot, useJourney, watchConsole } from './browser.ts'

/*
 * "Report this listing": a guest following the car page's link signs in first; a buyer reports a car (the form's
 * errors keep what was typed); the seller's own report is refused; a moderator finds it in the back office and
 * takes the listing down, after which guests no longer find the car on sale.
 */

const { baseUrl, browser, onPhone } = useJourney()

describe('complaints about a listing', () => {
  test('a buyer reports a car at 390 px; the seller cannot; a moderator takes it down at 1280 px', async () => {
    // A demo seller's car on sale (no other journey uses this seller), and the buyer who will report it.
    const { sellerCookie, carId, buyerCookie } = await demoSellerAndNewBuyer(baseUrl, 'seller9@demo.tulpar.kz', {
      prefix: 'complaint',
      password: 'complaint-1',
      name: 'Асель',
    })
    const complaintUrl = `${baseUrl}/cars/${carId}/complaint`

    // A guest: the link on the car page asks them to sign in first, and would come back.
    const guestContext = await onPhone()
    const guest = await guestContext.newPage()
    await guest.goto(`${baseUrl}/cars/${carId}`)
    await guest.getByRole('link', { name: 'Пожаловаться на объявление' }).click()
    await guest.waitForURL(/\/auth\?redirectTo=/)
    expect(decodeURIComponent(guest.url())).toContain(`/cars/${carId}/complaint`)

    // A signed-in buyer on a phone.
    const buyerContext = await onPhone({ session: buyerCookie })
    const buyer = await buyerContext.newPage()
    const errors = watchConsole(buyer)
    await buyer.goto(`${baseUrl}/cars/${carId}`)
    await buyer.getByRole('link', { name: 'Пожаловаться на объявление' }).click()
    await buyer.waitForURL(complaintUrl)
    await buyer.getByRole('heading', { name: 'Что не так с объявлением?' }).waitFor()

    // "Something else" without a comment: the error, and the choice kept.
    await buyer.getByLabel(/^Другое/).check()
    await buyer.getByRole('button', { name: 'Отправить жалобу' }).click()
    await buyer.getByText('Напишите, что не так').waitFor()
    expect(await buyer.getByLabel(/^Другое/).isChecked()).toBe(true)
    await screenshot(buyer, { path: `${SCREENSHOTS}complaint-error-390.png`, fullPage: true })

    await buyer.getByLabel(/^Мошенничество/).check()
    await buyer.getByLabel('Комментарий').fill('Просит предоплату на карту до осмотра')
    await buyer.getByRole('button', { name: 'Отправить жалобу' }).click()
    await buyer.getByRole('heading', { name: 'Спасибо, жалоба отправлена' }).waitFor()
    await screenshot(buyer, { path: `${SCREENSHOTS}complaint-sent-390.png`, fullPage: true })
    // The refused form answered 400 (as every form's bad input does); nothing else went wrong on the page.
    const unexpected = errors.filter((e) => !e.includes('status of 400 (Bad Request)'))
    expect(unexpected, unexpected.join('\n')).toEqual([])

    // The seller's own listing (reached by its address: their car page has no such link): told at once, no form.
    const sellerContext = await onPhone({ session: sellerCookie })
    const seller = await sellerContext.newPage()
    await seller.goto(complaintUrl)
    await seller.getByText('Это ваше объявление: на него нельзя пожаловаться.').waitFor()
    expect(await seller.getByRole('button', { name: 'Отправить жалобу' }).count()).toBe(0)
    await seller.goto(`${baseUrl}/cars/${carId}/write`)
    await seller.getByText('Это ваше объявление: написать самому себе нельзя.').waitFor()
    expect(await seller.getByRole('button', { name: 'Отправить', exact: true }).count()).toBe(0)

    // A moderator at a desk: the back office's menu, the complaint with the buyer's words, the take-down.
    const adminContext = await browser.newContext({ viewport: DESKTOP, locale: 'ru-RU' })
    await adminContext.addCookies([
      { name: 'tulpar.session_token', value: inject('adminSession'), url: baseUrl, httpOnly: true, sameSite: 'Lax' },
      { name: 'city', value: '1', url: baseUrl },
    ])
    const admin = await adminContext.newPage()
    const adminErrors = watchConsole(admin)
    await admin.goto(`${baseUrl}/admin`)
    await admin.getByRole('link', { name: /^Жалобы \d+$/ }).click()
    await admin.waitForURL(`${baseUrl}/admin/complaints`)
    const group = admin.getByTestId('complaint-group').filter({ has: admin.locator(`a[href="/cars/${carId}"]`) })
    await group.getByText('Просит предоплату на карту до осмотра').waitFor()
    expect(await group.textContent()).toContain('Асель')
    await screenshot(admin, { path: `${SCREENSHOTS}complaints-desk-1280.png`, fullPage: true })
    // A take-down needs a reason.
    await group.getByRole('button', { name: 'Снять объявление' }).click()
    await admin.getByText('Выберите причину отклонения.').waitFor()
    const again = admin.getByTestId('complaint-group').filter({ has: admin.locator(`a[href="/cars/${carId}"]`) })
    await again.getByLabel('Причина отклонения').selectOption('prohibited')
    await again.getByLabel('Комментарий для продавца').fill('Предоплата до осмотра — мошенничество')
    await again.getByRole('button', { name: 'Снять объявление' }).click()
    await admin.getByText('Объявление снято, продавцу отправлено сообщение.').waitFor()
    expect(await admin.locator(`a[href="/cars/${carId}"]`).count()).toBe(0)
    const adminUnexpected = adminErrors.filter((e) => !e.includes('status of 400 (Bad Request)'))
    expect(adminUnexpected, adminUnexpected.join('\n')).toEqual([])

    // Guests no longer find it on sale; the seller was told why.
    await expect.poll(async () => (await fetch(`${baseUrl}/api/cars/${carId}/`)).status).not.toBe(200)
    const inbox = await fetch(`${baseUrl}/api/messages/`, {
      headers: { cookie: `tulpar.session_token=${sellerCookie}` },
    })
    const bodies = ((await inbox.json()) as { results: { body: string }[] }).results.map((m) => m.body)
    expect(bodies.some((b) => b.includes('Предоплата до осмотра — мошенничество'))).toBe(true)

    await Promise.all([guestContext, buyerContext, sellerContext, adminContext].map((c) => c.close()))
  })
})
