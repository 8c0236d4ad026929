import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { signUpByApi, useJourney, watchConsole, withSession } from './browser.ts'

/*
 * Switching the language (the header's RU / KK / EN) changes the whole page at once: at no moment does the visitor
 * see the header (or the page's declared language) in the new language while the page's text is still in the old.
 */

const { baseUrl, onDesktop } = useJourney()

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

/** A slow connection's Kazakh language file: the new language's common texts come 800 ms after the rest. */
function slowKazakh(page: Page) {
  return page.route(/\/assets\/i18n\/kk\.[^/]+\.json$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800))
    await route.continue()
  })
}

/** The Kazakh file slowed down, and the page sampled every frame from now on (in this document and the next). */
async function sampleFromNow(context: BrowserContext, page: Page) {
  await slowKazakh(page)
  await context.addInitScript(sampleEveryFrame)
  await page.evaluate(sampleEveryFrame)
  await page.evaluate(() => sessionStorage.removeItem('e2e-language-samples'))
}

/** The samples taken so far; the ones showing the old page's heading with anything of the new language. */
async function mixedSamples(page: Page, oldTitle: string, newTitle: string) {
  await page.waitForFunction(
    (title) =>
      (JSON.parse(sessionStorage.getItem('e2e-language-samples') ?? '[]') as Sample[]).some((s) => s.title === title),
    newTitle,
    { timeout: 10_000 },
  )
  const samples = (await page.evaluate(() =>
    JSON.parse(sessionStorage.getItem('e2e-language-samples') ?? '[]'),
  )) as Sample[]
  return {
    samples,
    mixed: samples.filter(
      (s) => s.title === oldTitle && (s.lang === 'kk' || s.pressed === 'KK' || s.sell === 'Көлік сату'),
    ),
  }
}

describe('the language switch', () => {
  test('turns the header and the page’s text into the new language together, never one before the other', async () => {
    const context = await onDesktop({ serviceWorkers: 'block' })
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/check`)
    await page.locator('.lang-switch button[aria-pressed="true"]', { hasText: 'RU' }).waitFor()
    await sampleFromNow(context, page)

    await page.locator('.lang-switch button', { hasText: 'KK' }).click()
    const header = page.locator('.site-header .header-sell')
    const title = page.locator('main h1')
    await expect.poll(() => title.textContent(), { timeout: 15_000 }).toBe('Көлікті тексеру және бағалау')
    // The final page is wholly Kazakh.
    expect(await header.textContent()).toBe('Көлік сату')
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('kk')
    expect(await page.locator('.lang-switch [aria-pressed="true"]').textContent()).toBe('KK')
    // Until the samples have the Kazakh page too.
    const oldTitle = 'Проверка и оценка автомобиля'
    const { samples, mixed } = await mixedSamples(page, oldTitle, 'Көлікті тексеру және бағалау')
    expect(samples.some((s) => s.title === oldTitle)).toBe(true)
    expect(mixed, `${mixed.length} of ${samples.length} samples mixed`).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  test('a language kept in the browser is taken back the same way, the whole page at once', async () => {
    const context = await onDesktop({ serviceWorkers: 'block' })
    // Spec: a language stored on this device wins over the server's cookie (here none: Russian).
    await context.addInitScript(() => {
      if (location.protocol.startsWith('http') && !sessionStorage.getItem('e2e-stored-once')) {
        sessionStorage.setItem('e2e-stored-once', '1')
        localStorage.setItem('locale', 'kk')
      }
    })
    const page = await context.newPage()
    await context.addInitScript(sampleEveryFrame)
    const errors = watchConsole(page)
    await slowKazakh(page)
    await page.goto(`${baseUrl}/check`)
    const { samples, mixed } = await mixedSamples(page, 'Проверка и оценка автомобиля', 'Көлікті тексеру және бағалау')
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('kk')
    expect(mixed, `${mixed.length} of ${samples.length} samples mixed`).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  test('a language saved in the profile changes the whole page at once too', async () => {
    const email = `e2e-language-${Date.now()}@example.kz`
    const session = await signUpByApi(baseUrl, email, 'secret12', 'Айгерім')
    const context = await onDesktop({ serviceWorkers: 'block' })
    await withSession(context, baseUrl, session)
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/account`)
    await page.getByRole('heading', { level: 1, name: 'Личный кабинет' }).waitFor()
    await sampleFromNow(context, page)

    await page.locator('#account-language').selectOption('kk')
    await page.getByRole('button', { name: 'Сохранить' }).click()
    const { samples, mixed } = await mixedSamples(page, 'Личный кабинет', 'Жеке кабинет')
    expect(samples.some((s) => s.title === 'Личный кабинет')).toBe(true)
    expect(mixed, `${mixed.length} of ${samples.length} samples mixed`).toEqual([])
    // Saved, and said so in the new language once the page's code runs; the device keeps it (spec), so the page stays
    // in it.
    await page.locator('.toast', { hasText: 'Профиль жаңартылды' }).waitFor()
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('kk')
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('kk')
    expect(errors).toEqual([])
    await context.close()
  })
})
