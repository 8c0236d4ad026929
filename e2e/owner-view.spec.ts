import { describe, expect, test } from 'vitest'
import { demoSellerAndNewBuyer, SCREENSHOTS, screenshot, useJourney, watchConsole } from './browser.ts'

/*
 * The seller on their own car page: in place of the contacts (which would only refuse them) they see what buyers
 * did with the listing, edit it, or mark it sold; guests and other users keep seeing the contacts. Marking it sold
 * from the car page lands in "my listings" with its notice, and guests then see the car sold.
 */

const { baseUrl, onPhone, onDesktop } = useJourney()

describe("the seller's own car page", () => {
  test('shows the stats and the seller actions to the owner only; marking it sold works from there', async () => {
    // A demo seller's car on sale (no other journey uses this seller).
    const { sellerCookie, carId, buyerCookie } = await demoSellerAndNewBuyer(baseUrl, 'seller5@demo.tulpar.kz', {
      prefix: 'owner-view',
      password: 'owner-view-1',
      name: 'Данияр',
    })
    const carUrl = `${baseUrl}/cars/${carId}`

    // A buyer keeps the car in favourites and reveals the number: the seller's counts show both.
    const saved = await fetch(`${baseUrl}/api/favourites/${carId}/`, {
      method: 'PUT',
      headers: { cookie: `tulpar.session_token=${buyerCookie}`, origin: baseUrl },
    })
    expect(saved.status).toBe(200)

    // The buyer's page has the contacts, the report link and no seller panel.
    const buyerContext = await onPhone({ session: buyerCookie })
    const buyer = await buyerContext.newPage()
    await buyer.goto(carUrl)
    await buyer.getByRole('link', { name: 'Пожаловаться на объявление' }).waitFor()
    expect(await buyer.getByRole('heading', { name: 'Это ваше объявление' }).count()).toBe(0)

    // The seller on a phone: the panel in place of the contacts.
    const sellerContext = await onPhone({ session: sellerCookie })
    const seller = await sellerContext.newPage()
    const errors = watchConsole(seller)
    await seller.goto(carUrl)
    const panel = seller.getByRole('region', { name: 'Это ваше объявление' })
    await panel.waitFor()
    expect(await panel.textContent()).toMatch(/в избранном у [1-9]\d* человек/)
    // Views a day over two weeks, drawn without a script: 14 bars under a caption with their total.
    await panel.getByRole('img', { name: /^Просмотры за 14 дней: \d+$/ }).waitFor()
    expect(await panel.locator('.views-chart rect').count()).toBe(14)
    expect(await seller.getByRole('link', { name: 'Пожаловаться на объявление' }).count()).toBe(0)
    expect(await seller.getByRole('link', { name: 'Написать продавцу' }).count()).toBe(0)
    expect(await seller.getByRole('button', { name: 'Показать номер' }).count()).toBe(0)
    expect(await panel.getByRole('link', { name: 'Редактировать' }).getAttribute('href')).toBe(
      `/create-auto/${carId}?step=characteristics`,
    )
    await screenshot(seller, { path: `${SCREENSHOTS}owner-panel-390.png`, fullPage: true })

    // The same in Kazakh on a desktop.
    const kkContext = await onDesktop({ session: sellerCookie })
    await kkContext.addCookies([{ name: 'locale', value: 'kk', url: baseUrl }])
    const kk = await kkContext.newPage()
    await kk.goto(carUrl)
    await kk.getByRole('region', { name: 'Бұл сіздің хабарландыруыңыз' }).waitFor()
    await screenshot(kk, { path: `${SCREENSHOTS}owner-panel-kk-1280.png`, fullPage: true })

    // Marked sold from the car page: "my listings" says so, and guests see the car sold.
    await panel.getByRole('button', { name: 'Отметить как проданную' }).click()
    await seller.waitForURL(`${baseUrl}/account/listings`)
    await seller.getByText('Объявление отмечено как проданное').waitFor()
    await expect
      .poll(async () => ((await (await fetch(`${baseUrl}/api/cars/${carId}/`)).json()) as { status: string }).status)
      .toBe('sold')
    await seller.goto(carUrl)
    await seller.getByText('Вы отметили машину проданной: покупатели видят, что она продана.').waitFor()
    expect(await seller.getByRole('button', { name: 'Отметить как проданную' }).count()).toBe(0)
    expect(errors, errors.join('\n')).toEqual([])

    await Promise.all([buyerContext, sellerContext, kkContext].map((c) => c.close()))
  })
})
