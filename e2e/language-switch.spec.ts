import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { DESKTOP, launchChromium, newContextWithCity, watchConsole } from './browser.ts'

/*
 * Switching the language (the header's RU / KK / EN) changes the whole page at once: at no moment does the visitor
 * see the header (or the page's declared language) in the new language while the page's text is still in the old.
 */

const baseUrl = inject('baseUrl')
let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

interface Sample {
  lang: string
  pressed: string | null
  sell: string | null
  title: string | null
}

/**
 * Runs in every document of the tab from its start: every animation frame (and every 20 ms, should frames stall),
 * what the page shows, kept in session storage so the samples outlive a document navigation. Bounded: 10 s or
 * 3,000 samples.
 */
function sampleEveryFrame() {
  const KEY = 'e2e-language-samples'
  const started = performance.timeOrigin + performance.now()
  const sample = () => {
    const samples = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown[]
    if (samples.length >= 3000 || Date.now() - started > 10_000) return false
    samples.push({
      lang: document.documentElement.lang,
      pressed: document.querySelector('.lang-switch [aria-pressed="true"]')?.textContent ?? null,
      sell: document.querySelector('.site-header .header-sell')?.textContent ?? null,
      title: document.querySelector('main h1')?.textContent ?? null,
    })
    sessionStorage.setItem(KEY, JSON.stringify(samples))
    return true
  }
  const frame = () => {
    if (sample()) requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
  const timer = setInterval(() => {
    if (!sample()) clearInterval(timer)
  }, 20)
}

describe('the language switch', () => {
  test('turns the header and the page’s text into the new language together, never one before the other', async () => {
    const context = await newContextWithCity(browser, baseUrl, { viewport: DESKTOP, serviceWorkers: 'block' })
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/check`)
    await page.locator('.lang-switch button[aria-pressed="true"]', { hasText: 'RU' }).waitFor()
    // A slow connection's language file: the new language's common texts come 800 ms after the rest.
    await page.route(/\/assets\/i18n\/kk\.[^/]+\.json$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800))
      await route.continue()
    })
    await context.addInitScript(sampleEveryFrame)
    await page.evaluate(sampleEveryFrame)
    await page.evaluate(() => sessionStorage.removeItem('e2e-language-samples'))

    await page.locator('.lang-switch button', { hasText: 'KK' }).click()
    const header = page.locator('.site-header .header-sell')
    const title = page.locator('main h1')
    await expect.poll(() => title.textContent(), { timeout: 15_000 }).toBe('Көлікті тексеру және бағалау')
    // The final page is wholly Kazakh.
    expect(await header.textContent()).toBe('Көлік сату')
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('kk')
    expect(await page.locator('.lang-switch [aria-pressed="true"]').textContent()).toBe('KK')
    // Until the samples have the Kazakh page too.
    await page.waitForFunction(
      (kk) =>
        (JSON.parse(sessionStorage.getItem('e2e-language-samples') ?? '[]') as Sample[]).some((s) => s.title === kk),
      'Көлікті тексеру және бағалау',
      { timeout: 10_000 },
    )

    const samples = (await page.evaluate(() =>
      JSON.parse(sessionStorage.getItem('e2e-language-samples') ?? '[]'),
    )) as Sample[]
    const oldTitle = 'Проверка и оценка автомобиля'
    const mixed = samples.filter(
      (s) => s.title === oldTitle && (s.lang === 'kk' || s.pressed === 'KK' || s.sell === 'Көлік сату'),
    )
    expect(samples.some((s) => s.title === oldTitle)).toBe(true)
    expect(mixed, `${mixed.length} of ${samples.length} samples mixed`).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})
