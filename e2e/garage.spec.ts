import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { DESKTOP, launchChromium, newContextWithCity, PHONE, SCREENSHOTS, watchConsole } from './browser.ts'

/*
 * The garage journey of issue 12: a guest is asked to sign in; a signed-in user adds a car by hand, sees what it is
 * worth now and the tax, and "sell this car" opens the listing form with the car filled in.
 */

const baseUrl = inject('baseUrl')
const run = String(Date.now()).slice(-7)
let browser: Browser
const poll = <T>(read: () => Promise<T>, timeout = 15_000) => expect.poll(read, { timeout, interval: 300 })

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

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

type Card = { id: number; brand: { id: number; name: string }; model: { id: number }; year: number; mileageKm: number }

/**
 * A used, left-hand-drive, cleared, undamaged car on sale that the market could value (its deal rating needs
 * enough comparables): the same brand, model, year and mileage in a garage has those comparables and this one.
 */
async function valuedCar(): Promise<Card> {
  const res = await fetch(`${baseUrl}/api/cars/?steering=left&customsCleared=true&newness=used&brand=toyota`)
  const { results } = (await res.json()) as { results: (Card & { dealRating: string | null })[] }
  for (const card of results.filter((c) => c.dealRating !== null)) {
    const detail = (await (await fetch(`${baseUrl}/api/cars/${card.id}/`)).json()) as { isDamaged?: boolean }
    if (detail.isDamaged === false) return card
  }
  throw new Error('no valued Toyota in the demo data')
}

/** Buttons stay disabled until React has hydrated the page. */
async function hydrated(page: Page) {
  await page.locator('button[type="submit"]:enabled').first().waitFor()
}

describe('the garage', () => {
  test('a guest opening the garage from the bottom navigation is asked to sign in and comes back there', async () => {
    const context = await newContextWithCity(browser, baseUrl, { viewport: PHONE })
    const page = await context.newPage()
    await page.goto(`${baseUrl}/`)
    await page.locator('.bottom-nav').getByRole('link', { name: 'Гараж' }).click()
    await page.waitForURL((url) => url.pathname === '/auth')
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/account/garage')
    await context.close()
  })

  test('a signed-in user adds a car, sees its value and tax, and "sell this car" opens a pre-filled listing form', async () => {
    const car = await valuedCar()
    const context = await newContextWithCity(browser, baseUrl, { viewport: PHONE })
    await signUpAndCookie(context, `garage-${run}@example.kz`)
    const page = await context.newPage()
    const errors = watchConsole(page)

    await page.goto(`${baseUrl}/account/garage`)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Мой гараж')
    await expect(page.getByText('В гараже пока нет машин').isVisible()).resolves.toBe(true)
    await hydrated(page)

    // The brand first: its models come with the page (choosing is enough with JavaScript).
    await page.getByLabel('Марка').selectOption(String(car.brand.id))
    await page.waitForURL((url) => url.searchParams.get('brand') === String(car.brand.id))
    const form = page
      .locator('form.garage-form')
      .filter({ has: page.getByRole('button', { name: 'Добавить в гараж' }) })
    await form.getByLabel('Модель').selectOption(String(car.model.id))
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
    await expect(card.getByText(/Сравнили с \d+ похожими объявлениями/).isVisible()).resolves.toBe(true)
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
    await page.screenshot({ path: `${SCREENSHOTS}garage-phone.png`, fullPage: true })

    await card.getByRole('button', { name: 'Продать эту машину' }).click()
    await page.waitForURL((url) => /^\/create-auto\/\d+$/.test(url.pathname))
    const listingPath = new URL(page.url()).pathname
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBeTruthy()
    // The form holds the car: brand, year, mileage and VIN are filled in.
    await page.goto(`${baseUrl}${listingPath}?step=brand`)
    await poll(() => page.getByLabel('Марка').inputValue()).toBe(String(car.brand.id))
    await page.goto(`${baseUrl}${listingPath}?step=characteristics`)
    await poll(() => page.getByLabel('Год выпуска').inputValue()).toBe(String(car.year))
    await page.goto(`${baseUrl}${listingPath}?step=state`)
    await poll(async () =>
      (
        await page
          .getByLabel(/Пробег/)
          .first()
          .inputValue()
      ).replace(/\D/g, ''),
    ).toBe(String(car.mileageKm))
    await page.goto(`${baseUrl}${listingPath}?step=price`)
    await poll(() => page.getByLabel('VIN или номер кузова').inputValue()).toBe(`JTNB11HK10${run}`)

    // Back in the garage the car links to its listing in progress.
    await page.goto(`${baseUrl}/account/garage`)
    const resume = page.getByTestId('garage-car').getByRole('link', { name: 'Продолжить объявление' })
    await expect(resume.getAttribute('href')).resolves.toBe(listingPath)
    expect(errors).toEqual([])
    await context.close()
  })

  test('at desktop width the garage lays out its cars and the add form', async () => {
    const context = await newContextWithCity(browser, baseUrl, { viewport: DESKTOP })
    await signUpAndCookie(context, `garage-desk-${run}@example.kz`)
    const car = await valuedCar()
    const cookies = await context.cookies(baseUrl)
    const session = cookies.find((c) => c.name === 'tulpar.session_token')?.value ?? ''
    const res = await fetch(`${baseUrl}/api/garage/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie: `tulpar.session_token=${session}` },
      body: JSON.stringify({ brandId: car.brand.id, modelId: car.model.id, year: car.year, mileageKm: car.mileageKm }),
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/account/garage?brand=${car.brand.id}`)
    await poll(() => page.getByTestId('garage-estimate').isVisible()).toBe(true)
    // Without the engine the tax is not guessed.
    await expect(page.getByText('Укажите двигатель и его объём, чтобы посчитать налог.').isVisible()).resolves.toBe(
      true,
    )
    await page.screenshot({ path: `${SCREENSHOTS}garage-desktop.png`, fullPage: true })
    expect(errors).toEqual([])
    await context.close()
  })
})
