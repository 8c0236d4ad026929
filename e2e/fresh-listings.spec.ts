import { describe, expect, test } from 'vitest'
import { demoSeller, SCREENSHOTS, screenshot, signUpByApi, useJourney, watchConsole } from './browser.ts'

/*
 * Fresh listings (decision 032): three buyers report a car sold, so it is paused; a buyer sees why at 390 px; its
 * seller opens the "still for sale" link from the dev outbox on a phone, the page changes nothing until the button
 * is pressed, and the car comes back with "still for sale, confirmed today" on its page at 1280 px.
 */

const { baseUrl, onPhone, onDesktop } = useJourney()
const SELLER = 'seller13@demo.tulpar.kz'

type OutboxMessage = { channel: string; subject: string | null; body: string }
async function outbox(to: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`)
  return ((await res.json()) as { results: OutboxMessage[] }).results
}

async function reportSold(carId: number, n: number) {
  const cookie = await signUpByApi(
    baseUrl,
    `fresh${n}-${String(Date.now()).slice(-7)}@example.kz`,
    'fresh-pass-1',
    'Покупатель',
  )
  const res = await fetch(`${baseUrl}/api/cars/${carId}/complaints/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie: `tulpar.session_token=${cookie}` },
    body: JSON.stringify({ reason: 'sold' }),
  })
  expect(res.status).toBe(201)
}

describe('fresh listings', () => {
  test('a car reported sold is paused; its seller brings it back from the link at 390 px; its page says so at 1280 px', async () => {
    const { carId } = await demoSeller(baseUrl, SELLER)
    for (const n of [1, 2, 3]) await reportSold(carId, n)

    // A buyer on a phone: the car's page says it is paused, not that it does not exist.
    const buyerContext = await onPhone()
    const buyer = await buyerContext.newPage()
    const answer = await buyer.goto(`${baseUrl}/cars/${carId}`)
    expect(answer?.status()).toBe(404)
    await buyer.getByRole('heading', { name: 'Объявление приостановлено' }).waitFor()
    await screenshot(buyer, { path: `${SCREENSHOTS}fresh-paused-390.png`, fullPage: true })

    // The seller's email (the dev outbox) carries the signed link.
    let link: string | undefined
    await expect
      .poll(
        async () => {
          const mail = (await outbox(SELLER)).find((m) => m.channel === 'email' && m.subject?.includes('уже продан'))
          link = mail?.body.match(/https?:\/\/\S+\/still-for-sale\?\S+/)?.[0]
          return link
        },
        { timeout: 15_000 },
      )
      .toBeTruthy()
    const path = new URL(link ?? '').pathname + new URL(link ?? '').search

    const sellerContext = await onPhone()
    const seller = await sellerContext.newPage()
    const errors = watchConsole(seller)
    await seller.goto(`${baseUrl}${path}`)
    await seller.getByRole('heading', { name: 'Машина ещё продаётся?' }).waitFor()
    await seller.getByText(/объявление приостановлено/).waitFor()
    await screenshot(seller, { path: `${SCREENSHOTS}fresh-link-390.png`, fullPage: true })
    // Opening the link changed nothing: the car is still paused for buyers.
    expect((await fetch(`${baseUrl}/api/cars/${carId}/`)).status).toBe(404)
    await seller.getByRole('button', { name: 'Да, ещё продаётся' }).click()
    await seller.getByText(/снова в каталоге/).waitFor()
    await screenshot(seller, { path: `${SCREENSHOTS}fresh-confirmed-390.png`, fullPage: true })
    expect(errors, errors.join('\n')).toEqual([])

    // A buyer at a desk: the car is on sale again, confirmed today.
    const deskContext = await onDesktop()
    const desk = await deskContext.newPage()
    const again = await desk.goto(`${baseUrl}/cars/${carId}`)
    expect(again?.status()).toBe(200)
    await desk.getByText('Ещё в продаже: продавец подтвердил сегодня').waitFor()
    await screenshot(desk, { path: `${SCREENSHOTS}fresh-car-1280.png` })
    await Promise.all([buyerContext.close(), sellerContext.close(), deskContext.close()])
  })
})
