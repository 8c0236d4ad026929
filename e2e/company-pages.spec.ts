import { readdirSync, readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { DESKTOP, PHONE, SCREENSHOTS, screenshot, useJourney, watchConsole } from './browser.ts'

/* The company's pages (issue 13): about us, contacts, the privacy policy and the user agreement. */

const { baseUrl, open, onPhone, onDesktop } = useJourney()

const COMPANY_PAGES = [
  {
    path: '/about',
    h1: { ru: 'О компании Tulpar Auto', kk: 'Tulpar Auto компаниясы туралы', en: 'About Tulpar Auto' },
  },
  { path: '/contacts', h1: { ru: 'Контакты', kk: 'Байланыс', en: 'Contacts' } },
  {
    path: '/privacy-policy',
    h1: { ru: 'Политика конфиденциальности', kk: 'Құпиялылық саясаты', en: 'Privacy policy' },
  },
  {
    path: '/user-agreements',
    h1: { ru: 'Пользовательское соглашение', kk: 'Пайдаланушы келісімі', en: 'User agreement' },
  },
] as const

// The privacy policy's version changed when it named the retention periods it keeps (issue 37).
const VERSION = {
  '/privacy-policy': { iso: '2026-11-26', ru: '26 ноября 2026', kk: '2026 ж. 26 қараша', en: '26 November 2026' },
  '/user-agreements': { iso: '2026-11-23', ru: '23 ноября 2026', kk: '2026 ж. 23 қараша', en: '23 November 2026' },
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

describe('the company pages', () => {
  test('answer 200 in Russian, Kazakh and English with their heading and canonical URL; legal ones with their date', async () => {
    for (const { path, h1 } of COMPANY_PAGES) {
      for (const lang of ['ru', 'kk', 'en'] as const) {
        const res = await fetch(`${baseUrl}${path}${lang === 'ru' ? '' : `?lang=${lang}`}`)
        expect(res.status, `${path} ${lang}`).toBe(200)
        const html = await res.text()
        expect(html).toContain(`<html lang="${lang}"`)
        expect(html, `${path} ${lang}`).toMatch(new RegExp(`<h1[^>]*>${h1[lang]}</h1>`))
        expect(html).toContain(`<link rel="canonical" href="${baseUrl}${path}"/>`)
        expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/)
        if (path === '/privacy-policy' || path === '/user-agreements') {
          expect(html, `${path} ${lang}`).toContain(`dateTime="${VERSION[path].iso}"`)
          expect(html, `${path} ${lang}`).toContain(VERSION[path][lang])
        }
      }
    }
  })

  test('an unknown path still answers 404', async () => {
    const res = await fetch(`${baseUrl}/about-us-and-more`)
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('Страница не найдена')
  })

  test('the legal texts never reach the browser’s scripts', () => {
    const dir = new URL('../apps/web/build/client/assets/', import.meta.url)
    const scripts = readdirSync(dir).filter((f) => f.endsWith('.js'))
    expect(scripts.length).toBeGreaterThan(10)
    for (const file of scripts) {
      const text = readFileSync(new URL(file, dir), 'utf8')
      expect(text.includes('94-V'), file).toBe(false)
      expect(text.includes('Tulpar Auto LLP'), file).toBe(false)
    }
  })
})

describe('the footer', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`leads to every page it names, and each fits the window (${viewport.width} px)`, async () => {
      const context = await open(viewport)
      const page = await context.newPage()
      const errors = watchConsole(page)
      await page.goto(baseUrl)
      const footer = page.locator('.site-footer')
      // Nothing in the footer is "soon" any more.
      expect(await footer.locator('.soon').count()).toBe(0)
      const links = await footer
        .getByRole('link')
        .evaluateAll((as) => as.map((a) => ({ name: a.textContent ?? '', href: a.getAttribute('href') ?? '' })))
      expect(links).toEqual([
        { name: 'Каталог', href: '/auto/almaty' },
        { name: 'Автомобили Tulpar', href: '/tulpar-auto' },
        { name: 'Мои авто', href: '/account/listings' },
        { name: 'Продать', href: '/create-auto' },
        { name: 'Партнёры', href: '/partners' },
        { name: 'Дилеры', href: '/dealers' },
        { name: 'Контакты', href: '/contacts' },
        { name: 'О компании', href: '/about' },
        { name: 'Политика конфиденциальности', href: '/privacy-policy' },
        { name: 'Пользовательское соглашение', href: '/user-agreements' },
      ])
      for (const link of links) {
        await page.goto(baseUrl)
        await footer.getByRole('link', { name: link.name, exact: true }).click()
        // "My cars" sends a guest to sign in first.
        const expected = link.href === '/account/listings' ? '/auth' : link.href
        await page.waitForURL((url) => url.pathname === expected)
        const company = COMPANY_PAGES.find((p) => p.path === link.href)
        if (company) await heading(page, company.h1.ru).waitFor()
        else await page.locator('h1').first().waitFor()
        expect(await pageWidth(page), link.href).toBeLessThanOrEqual(viewport.width)
      }
      expect(errors).toEqual([])
      await context.close()
    })
  }
})

describe('the bottom navigation (390 px)', () => {
  test('every item leads to its screen; a guest is sent to sign in for the garage and the profile', async () => {
    const context = await onPhone()
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(baseUrl)
    const nav = page.locator('.bottom-nav')
    const items = await nav
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => ({ name: a.textContent ?? '', href: a.getAttribute('href') ?? '' })))
    expect(items.map((i) => i.href)).toEqual(['/', '/wishlist', '/create-auto', '/account/garage', '/account'])
    expect(await nav.locator('[aria-disabled="true"]').count()).toBe(0)
    const expected: Record<string, string[]> = {
      '/': ['/'],
      '/wishlist': ['/wishlist'],
      '/create-auto': ['/create-auto', '/auth'],
      '/account/garage': ['/auth'],
      '/account': ['/auth'],
    }
    for (const item of items) {
      await page.goto(baseUrl)
      await nav.getByRole('link', { name: item.name, exact: true }).click()
      await page.waitForURL((url) => (expected[item.href] ?? []).includes(url.pathname) && url.href !== `${baseUrl}/#`)
      await page.locator('h1').first().waitFor()
      expect(await page.getByRole('heading', { name: 'Страница не найдена' }).count(), item.href).toBe(0)
      expect(await pageWidth(page), item.href).toBeLessThanOrEqual(PHONE.width)
    }
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('the contacts page', () => {
  test('lists the branches with tappable phones and 2GIS and Yandex Maps links, loading nothing from other sites', async () => {
    const context = await onPhone()
    const page = await context.newPage()
    const errors = watchConsole(page)
    const origin = new URL(baseUrl).origin
    const elsewhere: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).origin !== origin) elsewhere.push(r.url())
    })
    await page.goto(`${baseUrl}/contacts`)
    await heading(page, 'Контакты').waitFor()
    const branches = page.locator('.branch-card')
    const count = await branches.count()
    expect(count).toBeGreaterThanOrEqual(5)
    for (let i = 0; i < count; i++) {
      const branch = branches.nth(i)
      const phones = await branch.locator('a[href^="tel:"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
      expect(phones.length).toBeGreaterThan(0)
      for (const tel of phones) expect(tel).toMatch(/^tel:\+7\d{10}$/)
      expect(await branch.getByRole('link', { name: /^Открыть в 2ГИС: / }).getAttribute('href')).toMatch(
        /^https:\/\/2gis\.kz\/geo\/\d+\.\d+,\d+\.\d+$/,
      )
      expect(await branch.getByRole('link', { name: /^Открыть в Яндекс Картах: / }).getAttribute('href')).toMatch(
        /^https:\/\/yandex\.kz\/maps\/\?pt=\d+\.\d+,\d+\.\d+/,
      )
      expect(await branch.getByRole('link', { name: /^Instagram/ }).getAttribute('href')).toMatch(
        /^https:\/\/instagram\.com\//,
      )
    }
    await page.getByRole('link', { name: 'Открыть в 2ГИС: Астана, пр. Туран, 37' }).waitFor()
    // The company's own contacts: phones, email and social media.
    const office = page.locator('.company-card')
    expect(await office.locator('a[href^="tel:+7"]').count()).toBeGreaterThan(0)
    expect(await office.locator('a[href^="mailto:"]').getAttribute('href')).toBe('mailto:info@tulpar.kz')
    expect(await office.getByRole('link', { name: /^Telegram/ }).getAttribute('href')).toBe('https://t.me/tulpar_auto')
    expect(await page.locator('iframe').count()).toBe(0)
    expect(elsewhere).toEqual([])
    await screenshot(page, { path: `${SCREENSHOTS}company-contacts-phone.png`, fullPage: true })
    expect(errors).toEqual([])
    await context.close()
  })

  test('about us states the claims, links to the Tulpar inspection and lists the branches', async () => {
    const context = await onDesktop()
    const page = await context.newPage()
    await page.goto(`${baseUrl}/about`)
    await page.getByText('Ваше объявление увидят более 3 миллионов человек').waitFor()
    await page.getByText('Более миллиона автомобилей в продаже').waitFor()
    await page.getByRole('link', { name: /Что мы проверяем в автомобилях Tulpar/ }).click()
    await page.waitForURL('**/tulpar-auto')
    await page.goBack()
    await heading(page, 'О компании Tulpar Auto').waitFor()
    expect(await page.locator('.about-branches li').count()).toBeGreaterThanOrEqual(5)
    await page.getByRole('link', { name: /Все контакты/ }).click()
    await heading(page, 'Контакты').waitFor()
    await context.close()
  })
})

describe('the legal documents', () => {
  test('the sign-up form links to both documents', async () => {
    const context = await onPhone()
    const page = await context.newPage()
    for (const [name, path, h1] of [
      ['пользовательское соглашение', '/user-agreements', 'Пользовательское соглашение'],
      ['политику конфиденциальности', '/privacy-policy', 'Политика конфиденциальности'],
    ] as const) {
      await page.goto(`${baseUrl}/auth`)
      await page.getByRole('button', { name: 'Зарегистрируйтесь' }).waitFor()
      await page.getByRole('link', { name, exact: true }).click()
      await page.waitForURL((url) => url.pathname === path)
      await heading(page, h1).waitFor()
    }
    await context.close()
  })

  test('the publish step links to both documents', async () => {
    const email = `e2e-pages-${String(Date.now()).slice(-7)}@example.kz`
    const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email, password: 'secret12', name: 'Айгерім Сатушы' }),
    })
    expect(res.status, await res.clone().text()).toBe(200)
    const session = /tulpar\.session_token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1]
    expect(session).toBeTruthy()
    const draft = await fetch(`${baseUrl}/api/listings/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${res.headers.get('set-auth-token')}` },
    })
    expect(draft.status).toBe(201)
    const { id } = (await draft.json()) as { id: number }

    const context = await onPhone()
    await context.addCookies([{ name: 'tulpar.session_token', value: session ?? '', url: baseUrl }])
    const page = await context.newPage()
    const errors = watchConsole(page)
    for (const [name, path, h1] of [
      ['пользовательское соглашение', '/user-agreements', 'Пользовательское соглашение'],
      ['политику конфиденциальности', '/privacy-policy', 'Политика конфиденциальности'],
    ] as const) {
      await page.goto(`${baseUrl}/create-auto/${id}?step=publish`)
      await page.getByRole('heading', { level: 2, name: 'Публикация' }).waitFor()
      // Let the page finish its own requests (React Router discovers the linked routes after hydration): leaving
      // in the middle aborts them, and the router reports the abort as an uncaught error.
      await page.waitForLoadState('networkidle')
      await page.locator('.terms').getByRole('link', { name, exact: true }).click()
      await page.waitForURL((url) => url.pathname === path)
      await heading(page, h1).waitFor()
    }
    expect(errors).toEqual([])
    await context.close()
  })

  test('a document opens at a section, and prints without the site’s header, footer and menus', async () => {
    const context = await onPhone()
    const page = await context.newPage()
    await page.goto(`${baseUrl}/privacy-policy?lang=kk`)
    await page.locator('.legal-contents').getByRole('link', { name: '10. Аккаунтты қалай жоюға болады' }).click()
    await page.waitForURL('**#delete')
    expect(await page.locator('#delete a[href="/account/delete"]').count()).toBe(1)
    await page.emulateMedia({ media: 'print' })
    for (const chrome of ['.site-header', '.site-footer', '.bottom-nav', '.legal-contents']) {
      expect(await page.locator(chrome).isVisible(), chrome).toBe(false)
    }
    expect(await heading(page, 'Құпиялылық саясаты').isVisible()).toBe(true)
    await context.close()
  })
})
