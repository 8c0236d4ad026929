import { beforeAll, describe, expect, test } from 'vitest'
import { DESKTOP, PHONE, SCREENSHOTS, screenshot, useJourney } from './browser.ts'
import {
  baseUrl,
  completeDraftByApi,
  firstCity,
  next,
  onStep,
  run,
  signIn,
  signUpByApi,
  smsCode,
} from './selling.testing.ts'

const { browser, onPhone } = useJourney()

/*
 * Selling without JavaScript: the step form and the phone's confirmation work as plain forms (a session made with
 * JavaScript first, its cookies then given to a context without it).
 */

let city: { id: number; name: string }
beforeAll(async () => {
  city = await firstCity()
})

/** A phone without JavaScript, signed in as `email` (the session is made with JavaScript, its cookies handed over). */
async function signedInWithoutJavaScript(email: string) {
  const withJs = await onPhone({ cityId: city.id })
  await signIn(await withJs.newPage(), email, '/create-auto')
  const context = await browser.newContext({ viewport: PHONE, locale: 'ru-RU', javaScriptEnabled: false })
  await context.addCookies(await withJs.cookies())
  await withJs.close()
  return context
}

describe('selling without JavaScript', () => {
  test('without JavaScript the contact phone is confirmed with the SMS code at the publish step', async () => {
    const email = `e2e-seller4-${run}@example.kz`
    const auth = await signUpByApi(email)
    const phone = `+7705${run}`
    const id = await completeDraftByApi(auth, phone, city.id)
    const context = await signedInWithoutJavaScript(email)
    const page = await context.newPage()
    await page.goto(`${baseUrl}/create-auto/${id}?step=publish`)
    // Sending without a code asks for it; publishing is refused by the API too.
    await page.getByRole('button', { name: 'Подтвердить и отправить' }).click()
    await page.getByText('Введите 6 цифр из SMS.').waitFor()
    await page.setViewportSize(DESKTOP)
    await screenshot(page, { path: `${SCREENSHOTS}sell-publish-code-nojs-desktop.png`, fullPage: true })
    const refused = await fetch(`${baseUrl}/api/listings/${id}/publish/`, { method: 'POST', headers: auth })
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as { code: string }).code).toBe('selling.phone_not_confirmed')

    await page.getByRole('button', { name: 'Получить код' }).click()
    await page.getByText('Мы отправили SMS с кодом на номер').waitFor()
    await page.getByLabel('Код из SMS').fill(await smsCode(phone))
    await page.getByRole('button', { name: 'Подтвердить и отправить' }).click()
    await page.waitForURL(/\/account\/listings\?sent=\d+$/)
    await page.locator('.my-listing', { hasText: 'Toyota Camry, 2018' }).getByText('На проверке').waitFor()
    await context.close()
  })

  test('without JavaScript the steps still post, save and show their errors', async () => {
    const email = `e2e-seller3-${run}@example.kz`
    await signUpByApi(email)
    const context = await signedInWithoutJavaScript(email)
    const page = await context.newPage()
    await page.goto(`${baseUrl}/create-auto`)
    await page.getByRole('button', { name: 'Разместить объявление' }).click()
    await page.waitForURL(/\/create-auto\/\d+$/)
    await page.getByRole('combobox', { name: 'Марка' }).selectOption({ label: 'Lada' })
    await next(page)
    await onStep(page, 'Модель')
    await next(page)
    await page.getByText('Это поле обязательно', { exact: true }).waitFor()
    await page.getByRole('combobox', { name: 'Модель' }).selectOption({ index: 1 })
    await page.getByRole('button', { name: 'Сохранить и выйти' }).click()
    await page.waitForURL('**/account/listings')
    await page.locator('.my-listing', { hasText: 'Lada' }).getByText('Черновик').waitFor()
    await context.close()
  })
})
