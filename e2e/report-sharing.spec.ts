import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { DEMO_ROLLED_BACK_VIN } from '../apps/api/src/db/seed/demo/vin-histories.ts'
import { DESKTOP, PHONE, SCREENSHOTS, screenshot, useJourney, watchConsole } from './browser.ts'

/*
 * Sharing a TulparAutoCheck report with the owner's consent (issue 14): the owner pays for a check, waits for the
 * report, reads what sharing means and shares it; a guest in another browser context opens the link and reads the
 * report (without the owner's name or email), with a link preview's tags; the owner stops sharing and the guest's
 * reload is a not-found page; sharing again gives a new link.
 */

const { baseUrl, onPhone, onDesktop } = useJourney()
const run = String(Date.now()).slice(-7)
const OWNER = { email: `share-${run}@example.kz`, password: 'share-pass-1', name: 'Айгерим Делиться' }

async function signUpAndCookie(context: BrowserContext) {
  const headers = { 'content-type': 'application/json', origin: baseUrl }
  const up = await fetch(`${baseUrl}/api/auth/sign-up/email`, { method: 'POST', headers, body: JSON.stringify(OWNER) })
  expect(up.status, await up.clone().text()).toBe(200)
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: OWNER.email, password: OWNER.password }),
  })
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('tulpar.session_token='))
  const value = cookie?.split(';')[0]?.split('=').slice(1).join('=')
  if (!value) throw new Error('no session cookie')
  await context.addCookies([{ name: 'tulpar.session_token', value, url: baseUrl, httpOnly: true, sameSite: 'Lax' }])
}

/** Chromium reports the page's own 404 status as a console error: that one is expected after the link is stopped. */
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('the server responded with a status of 404'))

const metaContent = (page: Page, attr: 'name' | 'property', key: string) =>
  page.locator(`meta[${attr}="${key}"]`).getAttribute('content')

/** The share panel's buttons work once React has hydrated the page (its print button appears then). */
const hydrated = (page: Page) => page.getByRole('button', { name: 'Распечатать' }).waitFor()

describe('sharing a report', () => {
  test('owner pays → report → shares; a guest reads it; the owner stops and the link is a not-found page', async () => {
    const owner = await onPhone()
    await owner.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
    await signUpAndCookie(owner)
    const page = await owner.newPage()
    const errors = watchConsole(page)

    // Pay for a check of the demo's rolled-back Camry and wait for its report.
    await page.goto(`${baseUrl}/check?vin=${DEMO_ROLLED_BACK_VIN}`)
    await page.getByRole('button', { name: 'Перейти к оплате' }).click()
    await page.waitForURL(/\/api\/payments\/local\//)
    await page.getByRole('button', { name: 'Оплатить' }).click()
    await page.waitForURL(/\/check\/orders\/\d+\?payment=paid/)
    await page.getByRole('link', { name: 'Открыть отчёт' }).waitFor({ timeout: 20_000 })
    await page.getByRole('link', { name: 'Открыть отчёт' }).click()
    await page.waitForURL(/\/account\/reports\/\d+$/)
    const reportUrl = page.url()
    await page.getByRole('heading', { level: 1, name: /TulparAutoCheck: Toyota Camry, 2016/ }).waitFor()
    await hydrated(page)

    // The consent step: what anyone with the link sees, then the button.
    const panel = page.locator('.report-share')
    await panel
      .getByText(
        'Любой, у кого будет ссылка, увидит этот отчёт вместе с VIN, но не увидит, кто его заказал, и никаких данных об оплате.',
      )
      .waitFor()
    expect(await panel.getByRole('textbox').count()).toBe(0)
    await screenshot(page, { path: `${SCREENSHOTS}report-share-consent-390.png`, fullPage: true })
    await panel.getByRole('button', { name: 'Поделиться отчётом' }).click()
    await page.getByText('Ссылка на отчёт создана').waitFor()
    const linkBox = page.getByRole('textbox', { name: 'Ссылка на отчёт' })
    await linkBox.waitFor()
    const link = await linkBox.inputValue()
    expect(link).toMatch(new RegExp(`^${baseUrl}/check/shared/[A-Za-z0-9_-]{43}$`))
    // Copy puts the link on the clipboard; the system share sheet's button is there too.
    await panel.getByRole('button', { name: 'Скопировать ссылку' }).click()
    await page.getByText('Ссылка скопирована').first().waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
    expect(await panel.getByRole('button', { name: 'Поделиться', exact: true }).isVisible()).toBe(true)
    await screenshot(page, { path: `${SCREENSHOTS}report-share-on-390.png`, fullPage: true })
    let overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    // The same on a desktop screen.
    await page.setViewportSize(DESKTOP)
    await screenshot(page, { path: `${SCREENSHOTS}report-share-on-1280.png`, fullPage: true })
    await page.setViewportSize(PHONE)

    // A guest, in a browser of their own, opens the link.
    const guest = await onDesktop()
    const guestPage = await guest.newPage()
    const guestErrors = watchConsole(guestPage)
    const opened = await guestPage.goto(link)
    expect(opened?.status()).toBe(200)
    await guestPage.getByRole('heading', { level: 1, name: 'TulparAutoCheck: Toyota Camry, 2016' }).waitFor()
    const warn = guestPage.locator('.verdict.warn')
    await warn.getByText('Пробег вызывает сомнения').waitFor()
    expect(await warn.textContent()).toMatch(/151\s000 км.*112\s000 км/)
    expect(await guestPage.getByTestId('sighting').count()).toBe(3)
    // What the page shows (the whole document also carries the language's messages for the browser).
    const body = (await guestPage.locator('#content').textContent()) ?? ''
    expect(body).toContain(DEMO_ROLLED_BACK_VIN)
    expect(body).not.toContain(OWNER.email)
    expect(body).not.toContain(OWNER.name)
    expect(body).not.toContain('Доступ по ссылке')
    // The link preview and the robots rule.
    expect(await metaContent(guestPage, 'property', 'og:title')).toBe('Toyota Camry 2016 — TulparAutoCheck')
    expect(await metaContent(guestPage, 'property', 'og:description')).toMatch(/^Пробег вызывает сомнения\./)
    expect(await metaContent(guestPage, 'property', 'og:url')).toBe(link)
    expect(await metaContent(guestPage, 'name', 'twitter:card')).toBe('summary')
    expect(await metaContent(guestPage, 'name', 'robots')).toBe('noindex')
    expect(opened?.headers()['x-robots-tag']).toBe('noindex')
    expect(opened?.headers()['cache-control']).toBe('no-store')
    // Ordering one's own check.
    expect(await guestPage.getByRole('link', { name: 'Заказать свою проверку' }).getAttribute('href')).toBe('/check')
    await screenshot(guestPage, { path: `${SCREENSHOTS}report-shared-1280.png`, fullPage: true })
    await guestPage.setViewportSize(PHONE)
    await screenshot(guestPage, { path: `${SCREENSHOTS}report-shared-390.png`, fullPage: true })
    overflow = await guestPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)

    // In Kazakh, the preview's description says the verdict in Kazakh.
    const kazakh = await onPhone({ locale: 'kk-KZ' })
    const kazakhPage = await kazakh.newPage()
    await kazakhPage.goto(`${link}?lang=kk`)
    await kazakhPage.getByText('Иесі бөліскен TulparAutoCheck есебі.').waitFor()
    expect(await metaContent(kazakhPage, 'property', 'og:description')).toMatch(/^Жүрісі күмән тудырады\./)
    expect(await metaContent(kazakhPage, 'property', 'og:locale')).toBe('kk_KZ')
    await kazakhPage.getByRole('link', { name: 'Өз тексеруіңізге тапсырыс беру' }).waitFor()
    await screenshot(kazakhPage, { path: `${SCREENSHOTS}report-shared-kk-390.png` })
    await kazakh.close()

    // The owner stops sharing; the guest's reload is a not-found page.
    await panel.getByRole('button', { name: 'Закрыть доступ' }).click()
    await page.getByText('Доступ по ссылке закрыт').waitFor()
    await panel.getByRole('button', { name: 'Поделиться отчётом' }).waitFor()
    const reloaded = await guestPage.reload()
    expect(reloaded?.status()).toBe(404)
    await guestPage.getByRole('heading', { level: 1, name: 'Отчёт по этой ссылке недоступен' }).waitFor()
    expect((await guestPage.locator('#content').textContent()) ?? '').not.toContain('Пробег вызывает сомнения')
    await screenshot(guestPage, { path: `${SCREENSHOTS}report-shared-stopped-390.png`, fullPage: true })

    // Sharing again gives a new link; the old one stays dead.
    await panel.getByRole('button', { name: 'Поделиться отчётом' }).click()
    const again = await page.getByRole('textbox', { name: 'Ссылка на отчёт' }).inputValue()
    expect(again).not.toBe(link)
    expect((await fetch(again)).status).toBe(200)
    expect((await fetch(link)).status).toBe(404)
    // The owner's page, loaded afresh, shows the link it shares.
    await page.goto(reportUrl)
    expect(await page.getByRole('textbox', { name: 'Ссылка на отчёт' }).inputValue()).toBe(again)

    expect(errors).toEqual([])
    expect(unexpected(guestErrors)).toEqual([])
    await guest.close()
    await owner.close()
  })
})
