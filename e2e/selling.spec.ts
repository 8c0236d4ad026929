import { beforeAll, describe, expect, test } from 'vitest'
import { DESKTOP, SCREENSHOTS, screenshot, untilReady, useJourney, watchConsole } from './browser.ts'
import {
  baseUrl,
  firstCity,
  hydrated,
  next,
  onStep,
  PHONE_E164,
  PHONE_SHOWN,
  PHONE_TYPED,
  PRICE_GROUPED,
  photos,
  run,
  smsCode,
  startDraft,
} from './selling.testing.ts'

const { onPhone } = useJourney()

let city: { id: number; name: string }
beforeAll(async () => {
  city = await firstCity()
})

describe('selling', () => {
  test('a guest is asked to sign in; a seller lists a car step by step on a phone, leaves, comes back and sends it to moderation', async () => {
    const context = await onPhone({ cityId: city.id })
    const page = await context.newPage()
    const errors = watchConsole(page)

    // A guest sees why to sell here and the sign-in prompt.
    await page.goto(`${baseUrl}/create-auto`)
    await page.getByRole('heading', { level: 1, name: 'Продайте автомобиль на Tulpar Auto' }).waitFor()
    await page.getByText('Ваше объявление увидят более 3 миллионов человек').waitFor()
    await page.getByRole('heading', { name: 'Войдите, чтобы продолжить' }).waitFor()
    await screenshot(page, { path: `${SCREENSHOTS}sell-intro-guest-phone.png`, fullPage: true })

    const id = await startDraft(page, `e2e-seller-${run}@example.kz`)

    await onStep(page, 'Марка')
    await page.getByText('Шаг 1 из 9').waitFor()
    // Nothing chosen: the spec's required-field text.
    await hydrated(page)
    await next(page)
    await page.getByText('Это поле обязательно', { exact: true }).waitFor()
    await page.getByRole('combobox', { name: 'Марка' }).selectOption({ label: 'Toyota' })
    await next(page)

    await onStep(page, 'Модель')
    await page.getByRole('combobox', { name: 'Модель' }).selectOption({ label: 'Camry (1991–…)' })
    await next(page)

    await onStep(page, 'Характеристики')
    await page.getByRole('combobox', { name: 'Год выпуска' }).selectOption('2018')
    // Generations narrowed to the year: the 2018 Camry is an XV70.
    await page.getByRole('combobox', { name: 'Поколение' }).selectOption({ label: 'XV70 (2017–2023)' })
    await page.getByRole('radio', { name: 'Седан' }).check()
    await screenshot(page, { path: `${SCREENSHOTS}sell-characteristics-phone.png`, fullPage: true })
    await next(page)

    await onStep(page, 'Модификация')
    await page.getByRole('radio', { name: 'Левый' }).check()
    await page.getByRole('combobox', { name: 'Двигатель' }).selectOption({ label: 'Бензин' })
    await page.getByRole('combobox', { name: 'Модификация двигателя' }).selectOption({ label: '2,5 л, 181 л. с.' })
    // That engine came only with an automatic and front-wheel drive: both are preselected.
    expect(await page.getByRole('radio', { name: 'Автомат' }).isChecked()).toBe(true)
    expect(await page.getByRole('radio', { name: 'Передний' }).isChecked()).toBe(true)
    await page.getByRole('radio', { name: 'Белый' }).check()
    await screenshot(page, { path: `${SCREENSHOTS}sell-modifications-phone.png`, fullPage: true })
    await next(page)

    await onStep(page, 'Комплектация')
    await page.getByLabel('Система стабилизации (ESP)').check()
    await next(page)

    await onStep(page, 'Состояние')
    await page.getByLabel('Пробег').fill('85000')
    expect(await page.getByLabel('Растаможен в Казахстане').isChecked()).toBe(true)
    await next(page)

    await onStep(page, 'Цена и контакты')
    await page.getByLabel('Цена, ₸').fill('12500000')
    await page.getByLabel('VIN или номер кузова').fill('JTNB11HK3J3012345')
    await page.getByLabel('Описание').fill('Один владелец, обслуживание у официального дилера.')
    await page.getByLabel('Телефон для связи').fill('12345')
    await page.getByLabel('Торг уместен').check()
    await page.getByRole('combobox', { name: 'Город' }).selectOption(String(city.id))
    await next(page)
    // The spec's phone rule; what was typed stays.
    await page.getByText('Введите корректный номер телефона').waitFor()
    expect(await page.getByLabel('Цена, ₸').inputValue()).toBe(PRICE_GROUPED)
    await screenshot(page, { path: `${SCREENSHOTS}sell-price-error-phone.png`, fullPage: true })
    await page.getByLabel('Телефон для связи').fill(PHONE_TYPED)
    await next(page)

    // Saved on the server: a reload of an earlier step shows what was entered.
    await onStep(page, 'Фотографии')
    await page.goto(`${baseUrl}/create-auto/${id}?step=price`)
    expect(await page.getByLabel('Цена, ₸').inputValue()).toBe(PRICE_GROUPED)
    expect(await page.getByLabel('Телефон для связи').inputValue()).toBe(PHONE_SHOWN)
    await page.goto(`${baseUrl}/create-auto/${id}?step=photos`)
    await hydrated(page)
    await untilReady(page, page.locator('.photo-pickers label.primary:not(.is-disabled)'))

    await page.getByTestId('photo-gallery').setInputFiles(await photos())
    await page.getByText('Загружено 3 из 20').waitFor({ timeout: 60_000 })
    await page.locator('.photo-tile img').nth(2).waitFor()
    // The third becomes the cover (first in the grid).
    const third = await page.locator('.photo-tile img').nth(2).getAttribute('src')
    await page.getByRole('button', { name: 'Сделать обложкой' }).nth(1).click()
    await expect.poll(() => page.locator('.photo-tile img').first().getAttribute('src')).toBe(third)
    await screenshot(page, { path: `${SCREENSHOTS}sell-photos-phone.png`, fullPage: true })

    // Save and exit: the draft waits in my listings.
    await page.getByRole('button', { name: 'Сохранить и выйти' }).click()
    await page.waitForURL('**/account/listings')
    const row = page.locator('.my-listing', { hasText: 'Toyota Camry, 2018' })
    await row.getByText('Черновик').waitFor()
    await screenshot(page, { path: `${SCREENSHOTS}sell-my-listings-draft-phone.png`, fullPage: true })

    // Come back: the draft resumes at the publish step.
    await row.getByRole('link', { name: 'Продолжить' }).click()
    await onStep(page, 'Публикация')
    expect(
      await page.getByRole('link', { name: 'пользовательское соглашение', exact: true }).getAttribute('href'),
    ).toBe('/user-agreements')
    await page.getByText('Фото: 3').waitFor()
    expect(await page.getByRole('link', { name: 'Посмотреть, как увидят покупатели' }).getAttribute('href')).toBe(
      `/account/listings/${id}/preview`,
    )
    // A new seller's contact phone is not confirmed yet: the step asks for the SMS code in place.
    await page.getByRole('group', { name: 'Подтвердите номер телефона' }).waitFor()
    await page.getByText(`Покупатели будут звонить на номер ${PHONE_SHOWN}`).waitFor()
    await screenshot(page, { path: `${SCREENSHOTS}sell-publish-phone.png`, fullPage: true })
    await hydrated(page)
    await page.getByRole('button', { name: 'Получить код' }).click()
    await page.getByText(`Мы отправили SMS с кодом на номер ${PHONE_SHOWN}.`).waitFor()
    const code = await smsCode(PHONE_E164)
    // A wrong code is refused in place; the code can be typed again.
    await page.getByLabel('Код из SMS').fill(code === '000000' ? '111111' : '000000')
    await page.getByRole('button', { name: 'Подтвердить и отправить' }).click()
    await page.getByText('Неверный код.').waitFor()
    await screenshot(page, { path: `${SCREENSHOTS}sell-publish-code-phone.png`, fullPage: true })
    await page.getByLabel('Код из SMS').fill(code)
    await page.getByRole('button', { name: 'Подтвердить и отправить' }).click()

    await page.waitForURL(/\/account\/listings\?sent=\d+$/)
    // Said once, as the page's banner: no toast with the same text over the New listing button.
    await page.locator('.success-notice', { hasText: 'Ваше объявление отправлено на модерацию.' }).waitFor()
    expect(await page.locator('.toast', { hasText: 'Ваше объявление отправлено на модерацию.' }).count()).toBe(0)
    await page
      .locator('.my-listing', { hasText: 'Toyota Camry, 2018' })
      .locator('.status-badge', { hasText: 'На проверке' })
      .waitFor()
    await screenshot(page, { path: `${SCREENSHOTS}sell-sent-phone.png`, fullPage: true })

    // Not in the catalogue until a moderator approves it.
    expect((await fetch(`${baseUrl}/api/cars/${id}/`)).status).toBe(404)
    // The seller sees it as buyers will, from "my listings", with the way back to the form in place of the contacts.
    await page
      .locator('.my-listing', { hasText: 'Toyota Camry, 2018' })
      .getByRole('link', { name: 'Предпросмотр' })
      .click()
    await page.waitForURL(`**/account/listings/${id}/preview`)
    await page.getByText('Предпросмотр: эту страницу видите только вы · На проверке').waitFor()
    await page.getByRole('heading', { level: 1, name: 'Toyota Camry, 2018' }).waitFor()
    await page.getByText('3 фото').or(page.getByText('1 из 3')).first().waitFor()
    expect(await page.getByRole('link', { name: 'Редактировать' }).getAttribute('href')).toBe(
      `/create-auto/${id}?step=characteristics`,
    )
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await screenshot(page, { path: `${SCREENSHOTS}sell-preview-phone.png`, fullPage: true })
    // Its car page, opened by the seller before approval, leads to the preview; a guest still finds nothing.
    await page.goto(`${baseUrl}/cars/${id}`)
    await page.waitForURL(`**/account/listings/${id}/preview`)
    expect((await fetch(`${baseUrl}/cars/${id}`)).status).toBe(404)
    expect((await fetch(`${baseUrl}/account/listings/${id}/preview`, { redirect: 'manual' })).status).toBe(302)
    // Nothing of the draft was lost on the way through the code.
    await page.goto(`${baseUrl}/create-auto/${id}?step=price`)
    expect(await page.getByLabel('Цена, ₸').inputValue()).toBe(PRICE_GROUPED)
    expect(await page.getByLabel('VIN или номер кузова').inputValue()).toBe('JTNB11HK3J3012345')
    expect(await page.getByLabel('Телефон для связи').inputValue()).toBe(PHONE_SHOWN)
    expect(await page.getByLabel('Торг уместен').isChecked()).toBe(true)
    // Under review, the number changes only to a confirmed one: the code is asked for in place on this step.
    const newPhone = `+7702${run}`
    await hydrated(page)
    await page.getByLabel('Телефон для связи').fill(`8 702 ${run}`)
    await next(page)
    await page.getByText('Новый номер нужно подтвердить кодом из SMS.').waitFor()
    await page.getByRole('button', { name: 'Получить код' }).click()
    await page.getByText('Мы отправили SMS с кодом на номер').waitFor()
    await screenshot(page, { path: `${SCREENSHOTS}sell-new-phone-code-phone.png`, fullPage: true })
    expect(await page.getByLabel('Цена, ₸').inputValue()).toBe(PRICE_GROUPED)
    await page.getByLabel('Код из SMS').fill(await smsCode(newPhone))
    await page.getByLabel('Код из SMS').press('Enter')
    await onStep(page, 'Фотографии')
    await page.goto(`${baseUrl}/create-auto/${id}?step=price`)
    expect(await page.getByLabel('Телефон для связи').inputValue()).toBe(`+7 702 ${PHONE_SHOWN.slice(7)}`)
    // The only errors are the two refused steps, the wrong code and the unconfirmed number we provoked (400s).
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([])
    expect(errors).toHaveLength(4)

    // The same pages at desktop width.
    const desktop = await context.browser()?.newContext({ viewport: DESKTOP, locale: 'ru-RU' })
    if (!desktop) throw new Error('no browser')
    await desktop.addCookies(await context.cookies())
    const wide = await desktop.newPage()
    await wide.goto(`${baseUrl}/account/listings`)
    await wide.locator('.status-badge', { hasText: 'На проверке' }).waitFor()
    await screenshot(wide, { path: `${SCREENSHOTS}sell-my-listings-desktop.png`, fullPage: true })
    await wide.goto(`${baseUrl}/account/listings/${id}/preview`)
    await wide.getByRole('heading', { level: 1, name: 'Toyota Camry, 2018' }).waitFor()
    await screenshot(wide, { path: `${SCREENSHOTS}sell-preview-desktop.png`, fullPage: true })
    await wide.goto(`${baseUrl}/create-auto/${id}?step=photos`)
    await wide.locator('.photo-tile img').nth(2).waitFor()
    await screenshot(wide, { path: `${SCREENSHOTS}sell-photos-desktop.png`, fullPage: true })
    await wide.goto(`${baseUrl}/create-auto/${id}?step=modifications`)
    await screenshot(wide, { path: `${SCREENSHOTS}sell-modifications-desktop.png`, fullPage: true })
    await wide.goto(`${baseUrl}/create-auto`)
    await screenshot(wide, { path: `${SCREENSHOTS}sell-intro-desktop.png`, fullPage: true })
    await desktop.close()
    await context.close()
  })

  test('a renamed text file is refused on the photo step, and a draft is deleted after a confirmation', async () => {
    const context = await onPhone({ cityId: city.id })
    const page = await context.newPage()
    const id = await startDraft(page, `e2e-seller2-${run}@example.kz`)
    await page.goto(`${baseUrl}/create-auto/${id}?step=photos`)
    await hydrated(page)
    // The photos' step is an island: its pickers are enabled once its code has loaded.
    await untilReady(page, page.locator('.photo-pickers label.primary:not(.is-disabled)'))
    await page.getByTestId('photo-gallery').setInputFiles({
      name: 'car.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('this is not a photo at all'),
    })
    await page.getByText('Это не фотография. Загрузите JPEG, PNG, WebP или AVIF.').waitFor()
    await page.getByText('Загружено 0 из 20').waitFor()

    await page.goto(`${baseUrl}/account/listings`)
    await hydrated(page)
    const row = page.locator('.my-listing', { hasText: 'Новый черновик' })
    await row.getByText('Удалить', { exact: true }).click()
    await row.getByText('Удалить объявление навсегда? Фотографии тоже будут удалены.').waitFor()
    await row.getByRole('button', { name: 'Да, удалить' }).click()
    await page.locator('.toast', { hasText: 'Автомобиль удалён' }).waitFor()
    await page.getByText('У вас пока нет объявлений.').waitFor()
    await context.close()
  })
})
