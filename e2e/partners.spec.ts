import type { Page } from 'playwright-core'
import { describe, expect, inject, test } from 'vitest'
import { DESKTOP, PHONE, SCREENSHOTS, screenshot, useJourney, watchConsole } from './browser.ts'
import { sessionTokenOf } from './session-token.ts'

/*
 * Issue 13 item 4: a guest finds a partner by category, opens it (how to reach it, the place in 2GIS and Yandex
 * Maps) and sends a service request, with JavaScript at 390 and 1280 px and as a plain form post without it.
 * An admin reaches the partners from the back office's menu and hides one from the site.
 */

const { baseUrl, browser } = useJourney()
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 200 })
const octet = () => 1 + Math.floor(Math.random() * 250)

type Viewport = { width: number; height: number }

/**
 * A visitor with a city chosen and an address of their own (the server trusts one proxy hop): the requests of
 * one journey never count against another's limit.
 */
async function newVisitor(viewport: Viewport, javaScriptEnabled = true) {
  const context = await browser.newContext({
    viewport,
    locale: 'ru-RU',
    javaScriptEnabled,
    extraHTTPHeaders: { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` },
  })
  await context.addCookies([{ name: 'city', value: '1', url: baseUrl }])
  if (javaScriptEnabled) await context.addInitScript(() => window.localStorage.setItem('cityId', '1'))
  return context
}

/** React has hydrated the form: a submit goes through the fetcher, not a page load. */
async function formHydrated(page: Page) {
  await page.waitForFunction(() => {
    const form = document.querySelector('form.partner-request-form')
    return form !== null && Object.keys(form).some((k) => k.startsWith('__react'))
  })
}

/** A desktop browser signed in as the e2e admin, Almaty chosen. */
async function adminContext() {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'ru-RU' })
  await context.addCookies([
    { name: 'tulpar.session_token', value: inject('adminSession'), url: baseUrl, httpOnly: true, sameSite: 'Lax' },
    { name: 'city', value: '1', url: baseUrl },
  ])
  return context
}

async function partnerOf(category: string): Promise<{ id: number; name: string; phones: string[] }> {
  const res = await fetch(`${baseUrl}/api/partners/?category=${category}`)
  const page = (await res.json()) as { results: { id: number; name: string; phones: string[] }[] }
  const first = page.results[0]
  if (!first) throw new Error(`no demo partner in ${category}`)
  return first
}

describe('partners', () => {
  test.each([
    ['390', PHONE, 'car_wash', 'Автомойка'],
    ['1280', DESKTOP, 'service_station', 'СТО'],
  ] as const)(
    'a guest filters by category, opens a partner and sends a request (%s px)',
    async (px, viewport, code, label) => {
      const partner = await partnerOf(code)
      const context = await newVisitor(viewport)
      const page = await context.newPage()
      const errors = watchConsole(page)
      await page.goto(`${baseUrl}/partners`)
      await page.getByRole('heading', { level: 1, name: 'Партнёры' }).waitFor()
      const chips = page.getByRole('navigation', { name: 'Категории партнёров' })
      expect(await chips.getByRole('link', { name: 'Все' }).getAttribute('aria-current')).toBe('page')

      // The category chip is a link: the list narrows to that category and the chip is marked as chosen.
      await chips.getByRole('link', { name: new RegExp(`^${label} \\d+$`) }).click()
      await page.waitForURL(`${baseUrl}/partners?category=${code}`)
      const chosen = chips.getByRole('link', { name: new RegExp(`^${label} \\d+$`) })
      await poll(() => chosen.getAttribute('aria-current')).toBe('page')
      const categories = await page.locator('.partner-card .partner-category').allTextContents()
      expect(categories.length).toBeGreaterThan(0)
      expect(new Set(categories)).toEqual(new Set([label]))
      await screenshot(page, { path: `${SCREENSHOTS}partners-${code}-${px}.png`, fullPage: true })

      // The partner: how to reach it, tappable phones, the place in 2GIS and Yandex Maps (links, no map script).
      await page.getByRole('link', { name: partner.name }).click()
      await page.waitForURL(`${baseUrl}/partners/${partner.id}`)
      await page.getByRole('heading', { level: 1, name: partner.name }).waitFor()
      expect(await page.getByRole('heading', { name: 'Как с нами связаться' }).isVisible()).toBe(true)
      expect(await page.locator(`a[href="tel:${partner.phones[0]}"]`).count()).toBe(1)
      const twoGis = page.getByRole('link', { name: /Открыть в 2ГИС/ })
      expect(await twoGis.getAttribute('href')).toMatch(/^https:\/\/2gis\.kz\/geo\/\d+\.\d+,\d+\.\d+$/)
      expect(await page.getByRole('link', { name: /Открыть в Яндекс Картах/ }).getAttribute('href')).toMatch(
        /^https:\/\/yandex\.kz\/maps\/\?pt=/,
      )
      expect(await page.locator('iframe').count()).toBe(0)

      // The request: the spec's validation texts first, then 'partner request received'.
      await formHydrated(page)
      const form = page.locator('#request')
      await form.getByRole('button', { name: 'Отправить заявку' }).click()
      await poll(() => form.getByText('Это поле обязательно').count()).toBe(2)
      await form.getByLabel('Имя').fill('Ержан')
      await form.getByLabel('Телефон').fill('12345')
      await form.getByRole('button', { name: 'Отправить заявку' }).click()
      await form.getByText('Введите корректный номер телефона').waitFor()
      expect(await form.getByText('Это поле обязательно').count()).toBe(0)
      await form.getByLabel('Телефон').fill('+7 701 555 12 34')
      await form.getByLabel('Короткий комментарий').fill('Мойка кузова и салона в субботу утром')
      await form.getByRole('button', { name: 'Отправить заявку' }).click()
      await page.locator('.toast-success', { hasText: 'Заявка партнёру принята' }).waitFor()
      await form
        .getByRole('status')
        .filter({ hasText: `Заявка партнёру принята. ${partner.name} свяжется` })
        .waitFor()
      expect(page.url()).toBe(`${baseUrl}/partners/${partner.id}`)
      await screenshot(page, { path: `${SCREENSHOTS}partner-sent-${px}.png`, fullPage: true })
      expect(errors).toEqual([])
      await context.close()
    },
  )

  test('without JavaScript the chips filter and the request is a form post with its errors, then the notice', async () => {
    const partner = await partnerOf('tyre_service')
    const context = await newVisitor(PHONE, false)
    const page = await context.newPage()
    await page.goto(`${baseUrl}/partners`)
    await page
      .getByRole('navigation', { name: 'Категории партнёров' })
      .getByRole('link', { name: /^Шиномонтаж \d+$/ })
      .click()
    await page.waitForURL(`${baseUrl}/partners?category=tyre_service`)
    expect(new Set(await page.locator('.partner-card .partner-category').allTextContents())).toEqual(
      new Set(['Шиномонтаж']),
    )
    await page.getByRole('link', { name: partner.name }).click()
    await page.waitForURL(`${baseUrl}/partners/${partner.id}`)

    const form = page.locator('#request')
    await form.getByLabel('Имя').fill('Айгерим')
    await form.getByLabel('Телефон').fill('8 495 123 45 67')
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      form.getByRole('button', { name: 'Отправить заявку' }).click(),
    ])
    expect(refused.status()).toBe(400)
    await form.getByText('Введите корректный номер телефона').waitFor()
    // What was typed is kept.
    expect(await form.getByLabel('Имя').inputValue()).toBe('Айгерим')

    await form.getByLabel('Телефон').fill('87015559911')
    const [accepted] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      form.getByRole('button', { name: 'Отправить заявку' }).click(),
    ])
    expect(accepted.status()).toBe(200)
    await page.getByText(`Заявка партнёру принята. ${partner.name} свяжется с вами в ближайшее время.`).waitFor()
    await screenshot(page, { path: `${SCREENSHOTS}partner-nojs-390.png`, fullPage: true })

    // An unknown partner is the not-found page.
    expect((await page.goto(`${baseUrl}/partners/987654`))?.status()).toBe(404)
    await context.close()
  })

  test('a signed-in visitor finds their name and phone filled in (1280 px)', async () => {
    const partner = await partnerOf('insurance')
    const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({
        email: `partners-${Date.now()}@example.kz`,
        password: 'secret-partners-12',
        name: 'Дана Серикова',
      }),
    })
    expect(signUp.status).toBe(200)
    const bearer = { authorization: `Bearer ${signUp.headers.get('set-auth-token')}` }
    const session = sessionTokenOf(signUp)
    const [profile] = (await (await fetch(`${baseUrl}/api/profiles/me/`, { headers: bearer })).json()) as {
      id: number
    }[]
    const digits = String(Date.now()).slice(-7)
    const patched = await fetch(`${baseUrl}/api/profiles/update/${profile?.id}/`, {
      method: 'PATCH',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ phone: `+7705${digits}` }),
    })
    expect(patched.status).toBe(200)

    const context = await newVisitor(DESKTOP)
    await context.addCookies([
      { name: 'tulpar.session_token', value: session ?? '', url: baseUrl, httpOnly: true, sameSite: 'Lax' },
    ])
    const page = await context.newPage()
    const errors = watchConsole(page)
    const response = await page.goto(`${baseUrl}/partners/${partner.id}`)
    // The page carries the visitor's name and phone: never kept by a shared cache.
    expect(response?.headers()['cache-control']).toContain('private')
    const form = page.locator('#request')
    expect(await form.getByLabel('Имя').inputValue()).toBe('Дана Серикова')
    expect(await form.getByLabel('Телефон').inputValue()).toBe(
      `+7 705 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`,
    )
    await formHydrated(page)
    await form.getByRole('button', { name: 'Отправить заявку' }).click()
    await page.locator('.toast-success', { hasText: 'Заявка партнёру принята' }).waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  test('an admin reaches the partners from the back office menu and hides one from the site (1280 px)', async () => {
    const partner = await partnerOf('detailing')
    const context = await adminContext()
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/admin`)
    await page.getByRole('navigation').getByRole('link', { name: 'Партнёры' }).click()
    await page.waitForURL(`${baseUrl}/admin/partners`)
    await page.getByRole('heading', { level: 1, name: 'Партнёры' }).waitFor()

    const row = page.locator('.user-row', { hasText: partner.name })
    await row.getByRole('button', { name: 'Скрыть с сайта' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `Сохранено: ${partner.name}` })
      .waitFor()
    await row.getByText('Скрыт', { exact: true }).waitFor()
    expect((await fetch(`${baseUrl}/api/partners/${partner.id}/`)).status).toBe(404)
    await screenshot(page, { path: `${SCREENSHOTS}admin-partners-1280.png`, fullPage: true })

    await row.getByRole('button', { name: 'Показать на сайте' }).click()
    await row.getByRole('button', { name: 'Скрыть с сайта' }).waitFor()
    expect((await fetch(`${baseUrl}/api/partners/${partner.id}/`)).status).toBe(200)

    // The edit form holds the partner's fields; the categories have a screen of their own.
    await row.getByRole('link', { name: 'Изменить' }).click()
    await page.waitForURL(`${baseUrl}/admin/partners/${partner.id}`)
    // The address changes before the page's data is in: wait for the form, not the URL.
    await expect.poll(() => page.getByLabel('Название').inputValue(), { timeout: 15_000 }).toBe(partner.name)
    await page.goto(`${baseUrl}/admin/partners/categories`)
    await page.getByRole('heading', { level: 1, name: 'Категории партнёров' }).waitFor()
    expect(await page.locator('input[name="code"][value="detailing"]').count()).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })

  test('an admin adds a partner from the list: an empty form is refused field by field, a filled one is on the site', async () => {
    const context = await adminContext()
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/admin/partners`)
    await page.getByRole('link', { name: 'Добавить партнёра' }).click()
    await page.waitForURL(`${baseUrl}/admin/partners/new`)
    await page.getByRole('heading', { level: 1, name: 'Новый партнёр' }).waitFor()

    const save = page.getByRole('button', { name: 'Сохранить' })
    await save.click()
    await page.locator('#partner-name-error').waitFor()
    for (const field of ['name', 'categoryId', 'cityId', 'phones']) {
      expect(await page.locator(`#partner-${field}`).getAttribute('aria-invalid'), field).toBe('true')
    }
    expect(page.url()).toBe(`${baseUrl}/admin/partners/new`)

    const name = `Шиномонтаж «Тест ${String(Date.now()).slice(-6)}»`
    await page.getByLabel('Название').fill(name)
    await page.getByLabel('Категория').selectOption({ label: 'Шиномонтаж' })
    await page.getByLabel('Город').selectOption({ label: 'Алматы' })
    const texts = {
      Русский: ['Сезонная смена шин и балансировка.', 'ул. Абая, 10'],
      Қазақша: ['Маусымдық дөңгелек ауыстыру және теңгерім.', 'Абай к-сі, 10'],
      English: ['Seasonal tyre change and balancing.', '10 Abay St'],
    }
    for (const [lang, [description, address]] of Object.entries(texts) as [string, [string, string]][]) {
      await page.getByLabel(`Описание — ${lang}`).fill(description)
      await page.getByLabel(`Адрес — ${lang}`).fill(address)
    }
    await page.getByLabel('Телефоны, по одному в строке').fill('+7 727 350 00 00')
    await page.getByLabel('Широта').fill('43,2389')
    await page.getByLabel('Долгота').fill('76.8897')
    await save.click()
    await page.waitForURL(/\/admin\/partners\?saved=\d+$/)
    await page
      .getByRole('status')
      .filter({ hasText: `Сохранено: ${name}` })
      .waitFor()

    const id = Number(new URL(page.url()).searchParams.get('saved'))
    const res = await fetch(`${baseUrl}/api/partners/${id}/?lang=kk`)
    expect(res.status).toBe(200)
    const partner = (await res.json()) as { name: string; description: string; phones: string[] }
    expect(partner.name).toBe(name)
    expect(partner.description).toBe(texts.Қазақша[0])
    expect(partner.phones).toEqual(['+77273500000'])
    // The refused post is the only failed request of the journey.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([])
    await context.close()
  })
})
