import type { Page } from 'playwright-core'
import { describe, expect, inject, test } from 'vitest'
import { PHONE, SCREENSHOTS, screenshot, signUpInto, untilReady, useJourney, watchConsole } from './browser.ts'

/*
 * The saved-search journey of issue 11: a buyer saves a catalogue search and asks for alerts at once; a moderator
 * approves a car; the alert reaches the buyer's messages and their email (the dev outbox), whose one-click
 * unsubscribe link works without signing in.
 */

const { baseUrl, browser, onPhone, onDesktop } = useJourney()
const run = String(Date.now()).slice(-7)
/** The machine is shared and slow: wait for what is expected (the alert travels through the job queue). */
const poll = <T>(read: () => Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 300 })

/** Submit buttons stay disabled until React has hydrated the page. */
async function hydrated(page: Page) {
  await untilReady(page, page.locator('button[type="submit"]:enabled'))
}

type OutboxMessage = { channel: string; subject: string | null; body: string; headers: Record<string, string> | null }
async function outbox(to: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`)
  return ((await res.json()) as { results: OutboxMessage[] }).results
}

describe('saved searches and alerts', () => {
  test('a guest is asked to sign in to save a search, and comes back to the same search', async () => {
    const context = await onPhone()
    const page = await context.newPage()
    await page.goto(`${baseUrl}/auto?yearFrom=2015`)
    const link = page.getByRole('link', { name: 'Войдите, чтобы сохранить поиск' })
    await link.click()
    await page.waitForURL((url) => url.pathname === '/auth')
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/auto?yearFrom=2015')
    await context.close()
  })

  test('a buyer saves a search, a matching car is approved, the alert arrives in messages and email; unsubscribe works without signing in', async () => {
    const email = `searcher-${run}@example.kz`
    const buyer = await onDesktop()
    await signUpInto(buyer, baseUrl, email, 'searcher-pass-1', 'Айгерим')
    const page = await buyer.newPage()
    const errors = watchConsole(page)

    // All Kazakhstan, every car: whatever the moderator approves next matches it.
    await page.goto(`${baseUrl}/auto`)
    await hydrated(page)
    await page.getByRole('button', { name: /Сохранить поиск/ }).click()
    await poll(() => page.getByText('Поиск сохранён. Мы сообщим о новых машинах по нему.').isVisible()).toBe(true)
    await poll(() => page.getByRole('link', { name: /Сохранённые поиски/ }).isVisible()).toBe(true)
    await screenshot(page, { path: `${SCREENSHOTS}saved-search-catalogue-desktop.png` })

    await page.goto(`${baseUrl}/account/searches`)
    const row = page.getByTestId('saved-search')
    await poll(() => row.count()).toBe(1)
    await poll(() => row.getByRole('heading').textContent()).toBe('Все машины')
    // Rename it and ask for alerts at once.
    await hydrated(page)
    await row.getByLabel('Название').fill(`Любая машина ${run}`)
    await row.getByRole('button', { name: 'Переименовать' }).click()
    await poll(() => page.getByText('Изменения сохранены').first().isVisible()).toBe(true)
    await row.getByLabel('Уведомления').selectOption('instant')
    await poll(async () => {
      const res = await page.request.get(`${baseUrl}/api/saved-searches/`)
      return ((await res.json()) as { results: { alerts: string; name: string }[] }).results[0]
    }).toEqual(expect.objectContaining({ alerts: 'instant', name: `Любая машина ${run}` }))

    // A moderator approves the car that waited least (other journeys take the first ones).
    const staff = await onDesktop()
    await staff.addCookies([
      { name: 'tulpar.session_token', value: inject('adminSession'), url: baseUrl, httpOnly: true, sameSite: 'Lax' },
    ])
    const desk = await staff.newPage()
    await desk.goto(`${baseUrl}/admin`)
    const href = await desk.locator('.queue-item').last().getAttribute('href')
    const listingId = Number(href?.split('/').pop())
    expect(listingId).toBeGreaterThan(0)
    await desk.goto(`${baseUrl}/admin/listings/${listingId}`)
    await hydrated(desk)
    await desk.getByRole('button', { name: 'Одобрить и опубликовать' }).click()
    await desk.waitForURL(`${baseUrl}/admin?decided=approved&listing=${listingId}`)
    await staff.close()

    // The alert: in the buyer's messages (in Russian, their language) ...
    const alertText = `По вашему сохранённому поиску «Любая машина ${run}» появились`
    await poll(async () => {
      await page.goto(`${baseUrl}/account`)
      return page.getByText(alertText).count()
    }, 30_000).toBeGreaterThan(0)
    // ... and by email, with a one-click unsubscribe (RFC 8058).
    let mail: OutboxMessage | undefined
    await poll(async () => {
      mail = (await outbox(email)).find((m) => m.channel === 'email' && m.subject?.includes('по поиску'))
      return Boolean(mail)
    }, 30_000).toBe(true)
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const unsubscribe = mail?.headers?.['List-Unsubscribe']?.match(/<([^>]+)>/)?.[1]
    expect(unsubscribe).toMatch(/\/api\/unsubscribe\/\?/)

    // The count of new cars shows on the list; opening the search goes to the catalogue and clears it.
    await page.goto(`${baseUrl}/account/searches`)
    await poll(() => row.locator('.badge-new').textContent()).toMatch(/^\d+ нов/)
    await screenshot(page, { path: `${SCREENSHOTS}saved-searches-desktop.png`, fullPage: true })
    await row.getByRole('link', { name: 'Смотреть машины' }).click()
    await page.waitForURL((url) => url.pathname === '/auto')
    await page.goto(`${baseUrl}/account/searches`)
    await poll(() => row.getByText('Новых машин нет').isVisible()).toBe(true)

    // The email's link, opened by someone not signed in (a phone's mail app): asks first, then unsubscribes.
    const guest = await onPhone()
    const mailPage = await guest.newPage()
    await mailPage.goto(unsubscribe as string)
    await mailPage.waitForURL((url) => url.pathname === '/unsubscribe')
    await poll(() =>
      mailPage.getByText(`Больше не присылать: новые машины по поиску «Любая машина ${run}»?`).isVisible(),
    ).toBe(true)
    await screenshot(mailPage, { path: `${SCREENSHOTS}unsubscribe-phone.png` })
    await mailPage.getByRole('button', { name: 'Отписаться' }).click()
    await poll(() => mailPage.locator('.form-status').textContent()).toContain('Готово. Больше не будем присылать')
    // A forged link changes nothing and says so (answered 400).
    const forged = new URL(unsubscribe as string)
    forged.pathname = '/unsubscribe'
    forged.searchParams.set('s', 'A'.repeat(43))
    const answer = await mailPage.goto(forged.toString())
    expect(answer?.status()).toBe(400)
    await poll(() => mailPage.getByRole('alert').first().textContent()).toContain('Ссылка для отписки недействительна')
    await guest.close()
    await poll(async () => {
      const res = await page.request.get(`${baseUrl}/api/saved-searches/`)
      return ((await res.json()) as { results: { alerts: string }[] }).results[0]?.alerts
    }).toBe('off')

    // Deleting asks for confirmation.
    await page.goto(`${baseUrl}/account/searches`)
    await hydrated(page)
    page.once('dialog', (d) => d.accept())
    await row.getByRole('button', { name: 'Удалить' }).click()
    await poll(() => page.getByText('Сохранённых поисков пока нет.', { exact: false }).isVisible()).toBe(true)
    expect(errors).toEqual([])
    await buyer.close()
  }, 120_000)

  test('without JavaScript a search is saved by a plain form post (390 px)', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'ru-RU', javaScriptEnabled: false })
    await context.addCookies([{ name: 'city', value: '1', url: baseUrl }])
    await signUpInto(context, baseUrl, `nojs-search-${run}@example.kz`, 'searcher-pass-2', 'Ерлан')
    const page = await context.newPage()
    await page.goto(`${baseUrl}/auto?yearFrom=2012&priceTo=9000000`)
    await page.getByRole('button', { name: /Сохранить поиск/ }).click()
    await page.waitForURL((url) => url.pathname === '/account/searches')
    expect(await page.locator('.form-status').textContent()).toContain('Поиск сохранён')
    expect(await page.getByTestId('saved-search').count()).toBe(1)
    await screenshot(page, { path: `${SCREENSHOTS}saved-searches-phone.png`, fullPage: true })
    await context.close()
  })
})
