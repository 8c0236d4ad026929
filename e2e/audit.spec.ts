import { readFileSync } from 'node:fs'
import { describe, expect, inject, test } from 'vitest'
import {
  DESKTOP,
  demoSeller,
  PHONE,
  SCREENSHOTS,
  screenshot,
  signUpByApi,
  useJourney,
  watchConsole,
} from './browser.ts'

/*
 * The audit trail (issue 37): an admin takes a reported car down, finds the take-down in /admin/audit with who, from
 * where, before and after, filters the trail to it and downloads it as CSV. Guests sign in first; users and
 * moderators get 403, for the page and its CSV alike.
 */

const { baseUrl, browser } = useJourney()
const adminSession = inject('adminSession')
const run = String(Date.now()).slice(-7)
/** The machine is shared and slow: wait up to 10 s for the page to show what is expected. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 })

const asCookie = (session: string) => ({ cookie: `tulpar.session_token=${session}`, origin: baseUrl })

describe('the audit trail', () => {
  test('guests sign in first; users and moderators get 403 at the page and its CSV', async () => {
    const guest = await fetch(`${baseUrl}/admin/audit`, { redirect: 'manual' })
    expect(guest.status).toBe(302)
    expect(guest.headers.get('location')).toBe('/auth?redirectTo=/admin/audit')
    const guestCsv = await fetch(`${baseUrl}/admin/audit.csv`, { redirect: 'manual' })
    expect(guestCsv.status).toBe(302)
    expect(guestCsv.headers.get('location')).toBe('/auth?redirectTo=/admin/audit.csv')

    const email = `audit-${run}@example.kz`
    const user = await signUpByApi(baseUrl, email, 'audit-secret-1', 'Дамир Аудитов')
    for (const path of ['/admin/audit', '/admin/audit.csv'])
      expect((await fetch(`${baseUrl}${path}`, { headers: asCookie(user) })).status, path).toBe(403)
    // Made a moderator by the admin (itself recorded): still 403.
    const found = await fetch(`${baseUrl}/api/admin/users/?q=${encodeURIComponent(email)}`, {
      headers: asCookie(adminSession),
    })
    const id = ((await found.json()) as { results: { id: string }[] }).results[0]?.id
    const made = await fetch(`${baseUrl}/api/admin/users/${id}/role/`, {
      method: 'PATCH',
      headers: { ...asCookie(adminSession), 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'moderator' }),
    })
    expect(made.status).toBe(200)
    for (const path of ['/admin/audit', '/admin/audit.csv'])
      expect((await fetch(`${baseUrl}${path}`, { headers: asCookie(user) })).status, path).toBe(403)
    expect((await fetch(`${baseUrl}/admin/audit`, { headers: asCookie(adminSession) })).status).toBe(200)
  })

  test('an admin takes a car down, finds it in the trail, filters it and downloads the CSV (390 and 1280 px)', async () => {
    const { carId } = await demoSeller(baseUrl, 'seller3@demo.tulpar.kz')
    const reporter = await signUpByApi(baseUrl, `audit-reporter-${run}@example.kz`, 'audit-secret-2', 'Айжан')
    const complained = await fetch(`${baseUrl}/api/cars/${carId}/complaints/`, {
      method: 'POST',
      headers: { ...asCookie(reporter), 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'fraud' }),
    })
    expect(complained.status).toBe(201)

    const context = await browser.newContext({ viewport: DESKTOP, locale: 'ru-RU', acceptDownloads: true })
    await context.addCookies([
      { name: 'tulpar.session_token', value: adminSession, url: baseUrl, httpOnly: true, sameSite: 'Lax' },
      { name: 'city', value: '1', url: baseUrl },
    ])
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/admin/complaints`)
    const group = page.getByTestId('complaint-group').filter({ has: page.locator(`a[href="/cars/${carId}"]`) })
    await group.getByLabel('Причина отклонения').selectOption('prohibited')
    await group.getByRole('button', { name: 'Снять объявление' }).click()
    await page.getByText('Объявление снято, продавцу отправлено сообщение.').waitFor()

    // The menu's new entry; the newest record is the take-down, with who, the address and the status change.
    await page.getByRole('link', { name: 'Журнал действий' }).click()
    await page.waitForURL(`${baseUrl}/admin/audit`)
    const row = page.locator('.audit-row').filter({ has: page.locator(`a[href="/admin/listings/${carId}"]`) })
    await poll(() => row.count()).toBe(1)
    const text = (await row.textContent()) ?? ''
    expect(text).toContain('Объявление снято')
    expect(text).toContain('(Администратор)')
    expect(text).toMatch(/127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/)
    expect(text).toContain('published → rejected')
    expect(text).toContain('prohibited')

    // Filtered to take-downs of this car: its one record.
    await page.getByLabel('Действие').selectOption('listing.taken_down')
    await page.getByLabel('Номер объекта').fill(String(carId))
    await page.getByRole('button', { name: 'Показать' }).click()
    await page.waitForURL(/action=listing\.taken_down/)
    await poll(() => page.locator('.audit-row').count()).toBe(1)
    await screenshot(page, { path: `${SCREENSHOTS}admin-audit-1280.png`, fullPage: true })

    // The CSV with the same filters.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 10_000 }),
      page.getByRole('link', { name: 'Скачать CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/)
    const lines = readFileSync(await download.path(), 'utf8')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe('id,at,actor_id,actor_name,actor_role,ip,action,target_type,target_id,before,after')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`,admin,`)
    expect(lines[1]).toContain(`,listing.taken_down,listing,${carId},"{""status"":""published""}"`)
    const csv = await fetch(`${baseUrl}/admin/audit.csv?action=listing.taken_down&targetId=${carId}`, {
      headers: asCookie(adminSession),
    })
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('cache-control')).toBe('private, no-store')

    // The same page on a phone.
    await page.setViewportSize(PHONE)
    await page.reload()
    await poll(() => page.locator('.audit-row').count()).toBe(1)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await screenshot(page, { path: `${SCREENSHOTS}admin-audit-390.png`, fullPage: true })
    expect(errors).toEqual([])
    await context.close()
  })
})
