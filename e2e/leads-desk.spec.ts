import type { BrowserContext } from 'playwright-core'
import { describe, expect, inject, test } from 'vitest'
import { DESKTOP, PHONE, SCREENSHOTS, screenshot, useJourney, watchConsole } from './browser.ts'

/*
 * The leads desk of issue 13: a signed-in visitor sends a partner a service request; an admin makes a colleague a
 * manager; the manager's back office opens on the leads desk, where the request waits; the manager takes it
 * and marks it done; the sender sees the new status under "My requests".
 */

const { baseUrl, open } = useJourney()
const run = String(Date.now()).slice(-7)

async function signUp(email: string, name: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'desk-pass-1', name }),
  })
  expect(res.status, await res.clone().text()).toBe(200)
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('tulpar.session_token='))
  const value = cookie?.split(';')[0]?.split('=').slice(1).join('=')
  if (!value) throw new Error('no session cookie')
  return value
}

async function contextAs(session: string, viewport: typeof PHONE, ip: string): Promise<BrowserContext> {
  const context = await open(viewport)
  // Its own client address: the call-back limits are per address, and other journeys send requests too.
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': ip })
  await context.addCookies([
    { name: 'tulpar.session_token', value: session, url: baseUrl, httpOnly: true, sameSite: 'Lax' },
  ])
  return context
}

describe('the leads desk', () => {
  test('a partner request reaches a manager, who takes it and marks it done; the sender sees it under "My requests"', async () => {
    const partners = (await (await fetch(`${baseUrl}/api/partners/`)).json()) as {
      results: { id: number; name: string }[]
    }
    const partner = partners.results[0] as { id: number; name: string }
    const phone = `+7 701 ${run.slice(0, 3)} ${run.slice(3, 5)} ${run.slice(5, 7)}`
    const senderSession = await signUp(`sender-${run}@example.kz`, 'Динара Абенова')
    const managerEmail = `manager-${run}@example.kz`
    const managerSession = await signUp(managerEmail, 'Айгерим Менеджер')

    // The sender asks a partner for a service from its page.
    const senderContext = await contextAs(senderSession, PHONE, `10.77.${run.slice(0, 2)}.1`)
    const sender = await senderContext.newPage()
    const senderErrors = watchConsole(sender)
    await sender.goto(`${baseUrl}/partners/${partner.id}`)
    const form = sender.locator('#request')
    await form.getByLabel('Имя').fill('Динара Абенова')
    await form.getByLabel('Телефон').fill(phone)
    await form.getByLabel('Короткий комментарий').fill(`Замена масла, заявка ${run}`)
    await form.getByRole('button', { name: 'Отправить заявку' }).click()
    await sender
      .getByText(/Заявка партнёру принята/)
      .first()
      .waitFor()

    // The admin makes the colleague a manager in the back office.
    const adminContext = await contextAs(inject('adminSession'), DESKTOP, `10.77.${run.slice(0, 2)}.2`)
    const admin = await adminContext.newPage()
    await admin.goto(`${baseUrl}/admin/users?q=${encodeURIComponent(managerEmail)}`)
    await admin.getByLabel('Роль: Айгерим Менеджер').selectOption('manager')
    await admin.getByRole('button', { name: 'Сохранить' }).click()
    await admin.getByRole('status').getByText('Менеджер').waitFor()

    // The manager's back office opens on the desk (not the moderation queue), and the request is there.
    const managerContext = await contextAs(managerSession, DESKTOP, `10.77.${run.slice(0, 2)}.3`)
    const manager = await managerContext.newPage()
    const managerErrors = watchConsole(manager)
    await manager.goto(`${baseUrl}/admin`)
    await manager.waitForURL(`${baseUrl}/admin/leads`)
    expect(await manager.getByRole('link', { name: 'Очередь модерации' }).count()).toBe(0)
    const lead = manager.getByTestId('lead').filter({ hasText: 'Динара Абенова' }).first()
    await lead.getByText('Новая').waitFor()
    await lead.getByRole('button', { name: 'Взять в работу' }).click()
    await manager.waitForURL(/\/admin\/leads\/\d+$/)
    await manager.getByText('В работе').first().waitFor()
    await manager.getByLabel('Статус').selectOption('done')
    await manager.getByRole('button', { name: 'Сохранить' }).first().click()
    await manager.getByRole('status').getByText('Сохранено.').waitFor()
    expect(await manager.locator('.lead-page').textContent()).toContain(`Замена масла, заявка ${run}`)
    // Who did what, and when, is kept.
    const history = await manager.locator('.lead-history').textContent()
    expect(history).toContain('Новая → В работе')
    expect(history).toContain('В работе → Выполнена')
    expect(history).toContain('Айгерим Менеджер')
    await screenshot(manager, { path: `${SCREENSHOTS}leads-desk-lead-1280.png`, fullPage: true })
    expect(managerErrors).toEqual([])
    // The partner got its own copy by email (the dev outbox stands in for the mail server).
    const outbox = (await (await fetch(`${baseUrl}/api/dev/outbox?limit=200`)).json()) as {
      results: { recipient: string; body: string }[]
    }
    expect(outbox.results.some((m) => m.recipient.startsWith('partner') && m.body.includes(`заявка ${run}`))).toBe(true)
    // Moderation stays closed to a manager.
    expect((await manager.goto(`${baseUrl}/admin/reports`))?.status()).toBe(403)

    // The sender sees the status change.
    await sender.goto(`${baseUrl}/account/requests`)
    const mine = sender.getByTestId('my-request').first()
    await mine.getByText('Выполнена').waitFor()
    expect(await mine.textContent()).toContain('Заявка партнёру')
    expect(await mine.textContent()).toContain(partner.name)
    await screenshot(sender, { path: `${SCREENSHOTS}my-requests-390.png`, fullPage: true })
    const overflow = await sender.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)

    expect(senderErrors).toEqual([])
    await Promise.all([senderContext.close(), adminContext.close(), managerContext.close()])
  })
})
