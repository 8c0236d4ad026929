import type { Page } from 'playwright-core'
import { describe, expect, inject, test } from 'vitest'
import { DESKTOP, PHONE, SCREENSHOTS, screenshot, signInInto, untilReady, useJourney, watchConsole } from './browser.ts'

const { baseUrl, open, onPhone, onDesktop } = useJourney()
const admin = inject('admin')
/** Every demo seller signs in with this password (apps/api/src/db/seed/demo/password.ts). */
const DEMO_PASSWORD = 'tulpar-demo-2026'
const run = String(Date.now()).slice(-7)
/** The machine is shared and slow: wait up to 10 s for the page to show what is expected. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 })

/** Submit buttons stay disabled until React has hydrated the page. */
async function hydrated(page: Page) {
  await untilReady(page, page.locator('button[type="submit"]:enabled'))
}

async function signInByEmail(page: Page, email: string, password: string, then = '/account') {
  await page.goto(`${baseUrl}/auth?redirectTo=${encodeURIComponent(then)}`)
  await hydrated(page)
  await page.getByLabel('Электронная почта').fill(email)
  await page.getByLabel('Пароль').fill(password)
  await page.getByRole('button', { name: 'Войти', exact: true }).click()
  await page.waitForURL((url) => url.pathname === then)
}

async function signUpByApi(email: string, password: string, name: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password, name }),
  })
  expect(res.status, await res.clone().text()).toBe(200)
}

/** The id of the listing the first queue item links to. */
async function firstInQueue(page: Page): Promise<number> {
  const href = await page.locator('.queue-item').first().getAttribute('href')
  const id = Number(href?.split('/').pop())
  expect(id).toBeGreaterThan(0)
  return id
}

describe('back office', () => {
  test('an admin approves the longest-waiting listing and buyers see it on its car page (390 px)', async () => {
    const context = await onPhone()
    const page = await context.newPage()
    const errors = watchConsole(page)

    // A guest who opens the back office is asked to sign in and comes back afterwards.
    await page.goto(`${baseUrl}/admin`)
    await page.waitForURL(/\/auth\?redirectTo=\/admin$/)
    await signInByEmail(page, admin.email, admin.password, '/admin')
    await poll(() => page.getByRole('heading', { name: 'Очередь модерации' }).isVisible()).toBe(true)
    expect(await page.locator('.queue-item').count()).toBeGreaterThanOrEqual(2)
    await poll(() => page.locator('.queue-wait').first().textContent()).toMatch(/^ждёт \d/)
    await screenshot(page, { path: `${SCREENSHOTS}admin-queue-phone.png`, fullPage: true })

    const id = await firstInQueue(page)
    expect((await fetch(`${baseUrl}/api/cars/${id}/`)).status).toBe(404)
    await page.locator('.queue-item').first().click()
    await page.waitForURL(`${baseUrl}/admin/listings/${id}`)
    await poll(() => page.getByRole('heading', { name: 'Сигналы' }).isVisible()).toBe(true)
    expect(await page.locator('.signal').count()).toBe(5)
    // Nothing wider than the phone (the options' two columns once pushed the page to 533 px).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await poll(() => page.getByText('На проверке', { exact: true }).first().isVisible()).toBe(true)
    await screenshot(page, { path: `${SCREENSHOTS}admin-review-phone.png`, fullPage: true })

    await hydrated(page)
    await page.getByRole('button', { name: 'Одобрить и опубликовать' }).click()
    await page.waitForURL(`${baseUrl}/admin?decided=approved&listing=${id}`)
    await poll(() => page.locator('.admin-notice').textContent()).toContain(
      `Объявление № ${id} одобрено и опубликовано.`,
    )
    expect(await page.locator(`.queue-item[href="/admin/listings/${id}"]`).count()).toBe(0)

    await page.getByRole('link', { name: 'Открыть страницу автомобиля' }).click()
    await page.waitForURL(`${baseUrl}/cars/${id}`)
    await poll(() => page.locator('h1').textContent()).toMatch(/, \d{4}$/)
    expect((await fetch(`${baseUrl}/api/cars/${id}/`)).status).toBe(200)

    // The decision is in the listing's history, with who made it.
    await page.goto(`${baseUrl}/admin/listings/${id}`)
    await poll(() => page.locator('.history-approved').textContent()).toContain('Одобрено')
    expect(await page.locator('.history-approved').textContent()).toContain('Administrator')
    expect(errors).toEqual([])
    await context.close()
  })

  test('an admin rejects a listing with a reason and the seller reads it in their messages (1280 px)', async () => {
    const context = await onDesktop()
    const page = await context.newPage()
    const errors = watchConsole(page)
    await signInByEmail(page, admin.email, admin.password, '/admin')
    await screenshot(page, { path: `${SCREENSHOTS}admin-queue-desktop.png`, fullPage: true })
    const id = await firstInQueue(page)
    await page.goto(`${baseUrl}/admin/listings/${id}`)
    await hydrated(page)
    const sellerEmail = (await page.locator('.review-seller a[href^="mailto:"]').textContent()) ?? ''
    expect(sellerEmail).toMatch(/^seller\d+@demo\.tulpar\.kz$/)
    await screenshot(page, { path: `${SCREENSHOTS}admin-review-desktop.png`, fullPage: true })

    // Without a reason the server refuses and says why; nothing is decided.
    await page.getByRole('button', { name: 'Отклонить' }).click()
    await poll(() => page.getByRole('alert').first().textContent()).toBe('Выберите причину отклонения.')
    expect(page.url()).toBe(`${baseUrl}/admin/listings/${id}`)

    const comment = `Средняя цена такого автомобиля выше в два раза (${run})`
    await page.getByLabel('Причина отклонения').selectOption({ label: 'Цена не соответствует автомобилю' })
    await page.getByLabel('Комментарий для продавца', { exact: true }).fill(comment)
    await page.getByRole('button', { name: 'Отклонить' }).click()
    await page.waitForURL(`${baseUrl}/admin?decided=rejected&listing=${id}`)
    await poll(() => page.locator('.admin-notice').textContent()).toContain(
      `Объявление № ${id} отклонено, продавец получил сообщение с причиной.`,
    )
    expect((await fetch(`${baseUrl}/api/cars/${id}/`)).status).toBe(404)
    // The refused form answered 400, which Chromium logs; nothing else may be in the console.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([])
    await context.close()

    // The seller signs in and finds the outcome, the reason and the comment under "my messages".
    const sellerContext = await onDesktop()
    const sellerPage = await sellerContext.newPage()
    const sellerErrors = watchConsole(sellerPage)
    await signInByEmail(sellerPage, sellerEmail, DEMO_PASSWORD, '/account')
    const messages = sellerPage.locator('section[aria-labelledby="my-messages-title"]')
    await poll(() => messages.textContent()).toContain('не прошло модерацию')
    const text = (await messages.textContent()) ?? ''
    expect(text).toContain('Причина: Цена не соответствует автомобилю.')
    expect(text).toContain(`Комментарий модератора: ${comment}`)
    await screenshot(sellerPage, { path: `${SCREENSHOTS}admin-seller-messages-desktop.png`, fullPage: true })
    expect(sellerErrors).toEqual([])
    await sellerContext.close()
  })

  test('the decision forms work without JavaScript', async () => {
    const context = await onPhone({ javaScriptEnabled: false })
    await signInInto(context, baseUrl, admin.email, admin.password)
    const page = await context.newPage()
    await page.goto(`${baseUrl}/admin`)
    const id = await firstInQueue(page)
    await page.goto(`${baseUrl}/admin/listings/${id}`)
    await page.getByLabel('Причина отклонения').selectOption({ label: 'Другая причина' })
    await page.getByRole('button', { name: 'Отклонить' }).click()
    await page.waitForLoadState()
    expect(await page.locator('.field-error').textContent()).toBe('Для причины «Другая причина» напишите комментарий.')
    await page.getByRole('button', { name: 'Одобрить и опубликовать' }).click()
    await page.waitForURL(`${baseUrl}/admin?decided=approved&listing=${id}`)
    expect((await fetch(`${baseUrl}/api/cars/${id}/`)).status).toBe(200)
    await context.close()
  })

  test('an admin marks a published car as a Tulpar car with a ready inspection report (1280 px)', async () => {
    const catalogue = (await (await fetch(`${baseUrl}/api/cars/?sort=newest`)).json()) as {
      results: { id: number; isTulpar: boolean }[]
    }
    const car = catalogue.results.find((c) => !c.isTulpar)
    if (!car) throw new Error('no published car without the Tulpar mark')
    const context = await onDesktop()
    const page = await context.newPage()
    const errors = watchConsole(page)
    await signInByEmail(page, admin.email, admin.password, '/admin')
    await page.goto(`${baseUrl}/admin/listings/${car.id}`)
    await hydrated(page)
    await page.getByLabel('Автомобиль Tulpar (собственный автомобиль компании)').check()
    await page.getByLabel('Проверен нашими специалистами').check()
    await page.getByRole('button', { name: 'Сохранить отметки' }).click()
    await page.waitForURL(`${baseUrl}/admin/listings/${car.id}?saved=flags`)
    await poll(() => page.locator('.admin-notice').textContent()).toBe('Отметки сохранены.')

    await page.getByText('Добавить отчёт').click()
    const form = page.locator('.review-tulpar details[open]')
    await form.getByLabel('Дата отчёта').fill('2026-11-20')
    await form.getByLabel('Статус').selectOption('ready')
    await form.getByLabel('Двигатель', { exact: true }).selectOption('ok')
    await form.getByLabel('Кузов и лакокрасочное покрытие', { exact: true }).selectOption('problem')
    await form.getByLabel('Кузов и лакокрасочное покрытие: Замечание').fill('Окрашено заднее крыло')
    await form.getByRole('button', { name: 'Сохранить отчёт' }).click()
    await page.waitForURL(`${baseUrl}/admin/listings/${car.id}?saved=report`)
    await poll(() => page.locator('.report-list').textContent()).toContain('Окрашено заднее крыло')
    await page.locator('.review-tulpar').screenshot({ path: `${SCREENSHOTS}admin-tulpar-desktop.png` })

    // Buyers see the Tulpar car in the filter, and the report with its date on the car page.
    const tulpar = (await (await fetch(`${baseUrl}/api/cars/?tulpar=true`)).json()) as { results: { id: number }[] }
    expect(tulpar.results.map((c) => c.id)).toContain(car.id)
    await page.goto(`${baseUrl}/cars/${car.id}`)
    await poll(() => page.locator('body').textContent()).toContain('Дата отчёта: 20 ноября 2026 г.')
    expect(errors).toEqual([])
    await context.close()
  })

  test('a plain user gets 403 at /admin until an admin makes them a moderator (390 px and 1280 px)', async () => {
    const email = `e2e-moder-${run}@example.kz`
    await signUpByApi(email, 'secret12', 'Ержан Тестов')
    const userContext = await onPhone()
    await signInInto(userContext, baseUrl, email, 'secret12')
    const userPage = await userContext.newPage()
    const errors = watchConsole(userPage)
    const denied = await userPage.goto(`${baseUrl}/admin`)
    expect(denied?.status()).toBe(403)
    await poll(() => userPage.getByRole('heading', { name: 'Нет доступа' }).isVisible()).toBe(true)
    await screenshot(userPage, { path: `${SCREENSHOTS}admin-forbidden-phone.png`, fullPage: true })
    expect((await userPage.goto(`${baseUrl}/admin/users`))?.status()).toBe(403)

    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const adminContext = await open(viewport)
      const adminPage = await adminContext.newPage()
      const adminErrors = watchConsole(adminPage)
      await signInByEmail(adminPage, admin.email, admin.password, '/admin')
      await adminPage.getByRole('link', { name: 'Пользователи' }).click()
      await adminPage.waitForURL(`${baseUrl}/admin/users`)
      await hydrated(adminPage)
      await adminPage.getByLabel('Почта, имя или телефон').fill(email)
      await adminPage.getByRole('button', { name: 'Найти' }).click()
      await adminPage.waitForURL(/\/admin\/users\?q=/)
      await poll(() => adminPage.locator('.user-row').count()).toBe(1)
      // The role select of the account's row (user, manager, moderator), then save.
      await adminPage.getByLabel('Роль: Ержан Тестов').selectOption(name === 'phone' ? 'moderator' : 'user')
      await adminPage.locator('.user-row').getByRole('button', { name: 'Сохранить' }).click()
      await poll(() => adminPage.locator('.admin-notice').textContent()).toBe(
        `Роль пользователя Ержан Тестов: ${name === 'phone' ? 'Модератор' : 'Пользователь'}.`,
      )
      // Every change is recorded with who made it: the history lists them, newest first.
      await adminPage.locator('.role-history summary').click()
      const entries = await adminPage.locator('.role-history li').allTextContents()
      expect(entries).toHaveLength(name === 'phone' ? 1 : 2)
      expect(entries[0]).toContain(name === 'phone' ? 'Пользователь → Модератор' : 'Модератор → Пользователь')
      expect(entries[0]).toContain(admin.email)
      await screenshot(adminPage, { path: `${SCREENSHOTS}admin-users-${name}.png`, fullPage: true })
      expect(adminErrors).toEqual([])
      await adminContext.close()
      if (name === 'phone') {
        // Now a moderator: the queue opens, the users page stays closed.
        expect((await userPage.goto(`${baseUrl}/admin`))?.status()).toBe(200)
        expect((await userPage.goto(`${baseUrl}/admin/users`))?.status()).toBe(403)
      }
    }
    expect((await userPage.goto(`${baseUrl}/admin`))?.status()).toBe(403)
    // A 403 page is an answer, not an error in the page.
    expect(errors.filter((e) => !e.includes('403'))).toEqual([])
    await userContext.close()
  })
})
