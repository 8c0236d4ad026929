import type { BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { SCREENSHOTS, screenshot, untilReady, useJourney, watchConsole } from './browser.ts'
import { smsCode } from './selling.testing.ts'

/*
 * The garage journey of issue 12: a guest is asked to sign in; a signed-in user adds a car by hand, sees what it is
 * worth now and the tax, and "sell this car" opens the listing form with the car filled in.
 */

const { baseUrl, onPhone, onDesktop } = useJourney()
const run = String(Date.now()).slice(-7)
let car: Car
const poll = <T>(read: () => Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 300 })

beforeAll(async () => {
  car = await buildCamryMarket()
})

async function signUpAndCookie(context: BrowserContext, email: string) {
  const headers = { 'content-type': 'application/json', origin: baseUrl }
  const up = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'garage-pass-1', name: 'Гульнара' }),
  })
  expect(up.status, await up.clone().text()).toBe(200)
  const cookie = up.headers.getSetCookie().find((c) => c.startsWith('tulpar.session_token='))
  const value = cookie?.split(';')[0]?.split('=').slice(1).join('=')
  if (!value) throw new Error('no session cookie')
  await context.addCookies([{ name: 'tulpar.session_token', value, url: baseUrl, httpOnly: true, sameSite: 'Lax' }])
}

type Car = { brandId: number; modelId: number; year: number; mileageKm: number }

/** A signed-up account's bearer header (for what the journey prepares through the API). */
async function bearer(email: string): Promise<Record<string, string>> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'garage-pass-1', name: 'Ержан Продавец' }),
  })
  expect(res.status, await res.clone().text()).toBe(200)
  return { authorization: `Bearer ${res.headers.get('set-auth-token')}` }
}

const COMPARABLES = 6

/**
 * A market for one car: the e2e server's demo data (a few hundred listings over every model) has no model with
 * enough comparable cars for an estimate, so a seller lists six 2018 Camrys with 100,000-120,000 km through the
 * API, as the app would, and a moderator approves them. Answers the car a garage can then value.
 */
async function buildCamryMarket(): Promise<Car> {
  const auth = await bearer(`garage-market-${run}@example.kz`)
  const api = async <T>(path: string, init: RequestInit = {}, headers: Record<string, string> = auth): Promise<T> => {
    const res = await fetch(`${baseUrl}/api${path}`, { ...init, headers: { ...headers, ...init.headers } })
    expect(res.ok, `${path}: ${res.status} ${await res.clone().text()}`).toBe(true)
    return (await res.json()) as T
  }
  const json = (method: string, body: object): RequestInit => ({
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  type Named = { id: number; slug?: string; engineType?: string; volumeL?: number }
  const toyota = (await api<Named[]>('/reference/brands/')).find((b) => b.slug === 'toyota')
  const camry = (await api<Named[]>(`/reference/brands/${toyota?.id}/models/`)).find((m) => m.slug === 'camry')
  const generation = (await api<Named[]>(`/reference/models/${camry?.id}/generations/?year=2018`))[0]
  const modification = (await api<Named[]>(`/reference/models/${camry?.id}/modifications/`)).find(
    (m) => m.engineType === 'petrol' && m.volumeL === 2.5,
  )
  const [city] = await api<Named[]>('/company/cities/?lang=ru')
  if (!toyota || !camry || !generation || !modification || !city) throw new Error('reference data without the Camry')
  const phone = `+7707${run}`
  const staff = { cookie: `tulpar.session_token=${inject('adminSession')}`, origin: baseUrl }
  for (let i = 0; i < COMPARABLES; i++) {
    const { id } = await api<{ id: number }>('/listings/', { method: 'POST' })
    await api(`/listings/${id}/`, json('PATCH', { step: 'brand', brandId: toyota.id }))
    await api(`/listings/${id}/`, json('PATCH', { step: 'model', modelId: camry.id }))
    await api(
      `/listings/${id}/`,
      json('PATCH', { step: 'characteristics', year: 2018, generationId: generation.id, bodyType: 'sedan' }),
    )
    await api(
      `/listings/${id}/`,
      json('PATCH', {
        step: 'modifications',
        steering: 'left',
        engineType: 'petrol',
        modificationId: modification.id,
        transmission: 'AT',
        drive: 'FWD',
        colour: 'white',
      }),
    )
    const mileage = 100_000 + i * 4_000
    await api(`/listings/${id}/`, json('PATCH', { step: 'state', mileage, mileageUnit: 'km', isCustomsCleared: true }))
    await api(
      `/listings/${id}/`,
      json('PATCH', { step: 'price', priceKzt: 9_600_000 + i * 120_000, contactPhone: phone, cityId: city.id }),
    )
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: `#3${i}6${i}9${i}` } })
      .jpeg()
      .toBuffer()
    const form = new FormData()
    form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `camry-${i}.jpg`)
    await api(`/listings/${id}/photos/`, { method: 'POST', body: form })
    if (i === 0) {
      await api(`/listings/${id}/contact-phone/code/`, json('POST', {}))
      await api(`/listings/${id}/contact-phone/confirm/`, json('POST', { code: await smsCode(phone) }))
    }
    await api(`/listings/${id}/publish/`, { method: 'POST' })
    await api(`/admin/listings/${id}/approve/`, json('POST', {}), staff)
  }
  return { brandId: toyota.id, modelId: camry.id, year: 2018, mileageKm: 108_000 }
}

/** Buttons stay disabled until React has hydrated the page. */
async function hydrated(page: Page) {
  await untilReady(page, page.locator('button[type="submit"]:enabled'))
}

describe('the garage', () => {
  test('a guest opening the garage from the bottom navigation is asked to sign in and comes back there', async () => {
    const context = await onPhone()
    const page = await context.newPage()
    await page.goto(`${baseUrl}/`)
    await page.locator('.bottom-nav').getByRole('link', { name: 'Гараж' }).click()
    await page.waitForURL((url) => url.pathname === '/auth')
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/account/garage')
    await context.close()
  })

  test('a signed-in user adds a car, sees its value and tax, and "sell this car" opens a pre-filled listing form', async () => {
    const context = await onPhone()
    await signUpAndCookie(context, `garage-${run}@example.kz`)
    const page = await context.newPage()
    const errors = watchConsole(page)

    await page.goto(`${baseUrl}/account/garage`)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Мой гараж')
    await expect(page.getByText('В гараже пока нет машин').isVisible()).resolves.toBe(true)
    await hydrated(page)

    // The brand first: its models come with the page (choosing is enough once the add form's code has loaded: it is
    // an island, and until then its button sends the choice).
    await untilReady(page, page.locator('form.garage-brand-form:not(:has(button[type="submit"]))'))
    await page.getByLabel('Марка').selectOption(String(car.brandId))
    await page.waitForURL((url) => url.searchParams.get('brand') === String(car.brandId))
    const form = page
      .locator('form.garage-form')
      .filter({ has: page.getByRole('button', { name: 'Добавить в гараж' }) })
    await form.getByLabel('Модель').selectOption(String(car.modelId))
    await form.getByLabel('Год выпуска').selectOption(String(car.year))
    await form.getByLabel('Пробег, км').fill(String(car.mileageKm))
    await form.getByLabel('Двигатель').selectOption('petrol')
    await form.getByLabel('Объём двигателя, л').fill('2,5')
    await form.getByLabel('Руль').selectOption('left')
    await form.getByLabel('VIN или номер кузова (необязательно)').fill(`JTNB11HK10${run}`)
    await form.getByRole('button', { name: 'Добавить в гараж' }).click()

    await page.waitForURL((url) => url.searchParams.get('done') === 'added')
    await poll(() => page.getByText('Машина добавлена в гараж').isVisible()).toBe(true)
    const card = page.getByTestId('garage-car')
    await poll(() => card.count()).toBe(1)
    await expect(card.getByRole('heading', { level: 2 }).textContent()).resolves.toContain(String(car.year))
    await expect(card.getByText('В пользовании').isVisible()).resolves.toBe(true)
    // What it is worth now: a number in tenge from comparable listings, with its range.
    const estimate = await card.getByTestId('garage-estimate').textContent()
    expect(estimate).toMatch(/^\d[\d\s\u00a0]+ ₸$/)
    // "with 21 similar listings" takes the singular in Russian: the count depends on the database.
    await expect(card.getByText(/Сравнили с \d+ похож(им|ими) объявлени(ем|ями)/).isVisible()).resolves.toBe(true)
    await expect(
      card
        .getByText(/^от .+ до .+/)
        .first()
        .isVisible(),
    ).resolves.toBe(true)
    // The tax a year for a 2.5-litre petrol engine.
    await expect(card.getByText(/по ставкам \d{4} года/).isVisible()).resolves.toBe(true)
    // "Check this car" asks the check page about the VIN.
    const check = await card.getByRole('link', { name: 'Проверить эту машину' }).getAttribute('href')
    expect(check).toBe(`/check?vin=JTNB11HK10${run}`)
    await screenshot(page, { path: `${SCREENSHOTS}garage-phone.png`, fullPage: true })

    await card.getByRole('button', { name: 'Продать эту машину' }).click()
    await page.waitForURL((url) => /^\/create-auto\/\d+$/.test(url.pathname))
    const listingPath = new URL(page.url()).pathname
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBeTruthy()
    // The form holds the car: brand, year, mileage and VIN are filled in.
    const field = (role: 'combobox' | 'textbox' | 'spinbutton', name: string) =>
      page.locator('.sell-step').getByRole(role, { name, exact: true })
    await page.goto(`${baseUrl}${listingPath}?step=brand`)
    await poll(() => field('combobox', 'Марка').inputValue()).toBe(String(car.brandId))
    await page.goto(`${baseUrl}${listingPath}?step=characteristics`)
    await poll(() => field('combobox', 'Год выпуска').inputValue()).toBe(String(car.year))
    await page.goto(`${baseUrl}${listingPath}?step=state`)
    await poll(() => field('spinbutton', 'Пробег').inputValue()).toBe(String(car.mileageKm))
    await page.goto(`${baseUrl}${listingPath}?step=price`)
    await poll(() => field('textbox', 'VIN или номер кузова').inputValue()).toBe(`JTNB11HK10${run}`)
    await screenshot(page, { path: `${SCREENSHOTS}garage-sell-prefilled-phone.png`, fullPage: true })

    // Back in the garage the car links to its listing in progress.
    await page.goto(`${baseUrl}/account/garage`)
    const resume = page.getByTestId('garage-car').getByRole('link', { name: 'Продолжить объявление' })
    await expect(resume.getAttribute('href')).resolves.toBe(listingPath)
    expect(errors).toEqual([])
    await context.close()
  })

  test('at desktop width the garage lays out its cars and the add form', async () => {
    const context = await onDesktop()
    await signUpAndCookie(context, `garage-desk-${run}@example.kz`)
    const cookies = await context.cookies(baseUrl)
    const session = cookies.find((c) => c.name === 'tulpar.session_token')?.value ?? ''
    const res = await fetch(`${baseUrl}/api/garage/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie: `tulpar.session_token=${session}` },
      body: JSON.stringify(car),
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/account/garage?brand=${car.brandId}`)
    await poll(() => page.getByTestId('garage-estimate').isVisible()).toBe(true)
    // Without the engine the tax is not guessed.
    await expect(page.getByText('Укажите двигатель и его объём, чтобы посчитать налог.').isVisible()).resolves.toBe(
      true,
    )
    await screenshot(page, { path: `${SCREENSHOTS}garage-desktop.png`, fullPage: true })
    expect(errors).toEqual([])
    await context.close()
  })
})
