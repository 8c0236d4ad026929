import type { Browser, Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, inject, test } from 'vitest'
import {
  DESKTOP,
  newContextWithCity,
  PHONE,
  SCREENSHOTS,
  screenshot,
  signUpByApi,
  useJourney,
  watchConsole,
} from './browser.ts'
import { freshBin } from './dealers.testing.ts'

/*
 * Dealers (issue 38): a user applies for a dealer account on a phone (a BIN that fails its check digit is refused
 * with the translated reason), sees it waiting; staff verify it in the back office at 1280 px with the checklist and
 * a note; the owner adds a showroom, a manager and a logo (a file that is not a picture refused in words), shown on
 * the dealer's page and in the list. A demo dealer's page lists its cars with the badge, and the
 * catalogue scoped to it keeps the scope while filters change. Screenshots of the four dealer pages at both widths.
 */

const { baseUrl, browser } = useJourney()
const adminSession = inject('adminSession')
const run = String(Date.now()).slice(-7)

async function open(b: Browser, width: 'phone' | 'desktop', session?: string) {
  const context = await newContextWithCity(b, baseUrl, {
    viewport: width === 'phone' ? PHONE : DESKTOP,
    ...(session === undefined ? {} : { session }),
  })
  const page = await context.newPage()
  return { context, page, errors: watchConsole(page) }
}

const shot = (page: Page, name: string) => screenshot(page, { path: `${SCREENSHOTS}${name}.png`, fullPage: true })

/** A logo as a dealer would upload it: a PNG wider than high (it is shown whole, in a square). */
const logoPng = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="360" height="200"><rect width="360" height="200" rx="28" ' +
        'fill="#0f4c81"/><circle cx="92" cy="100" r="56" fill="#e85d04"/><rect x="170" y="70" width="150" ' +
        'height="22" rx="11" fill="#fff"/><rect x="170" y="110" width="110" height="22" rx="11" fill="#fff"/></svg>',
    ),
  )
    .png()
    .toBuffer()

/** Waits until the image has loaded and has pixels (not only its box). */
async function loaded(img: Locator) {
  await img.waitFor()
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 10_000 })
    .toBe(true)
}

/** The demo dealer ТОО «Алатау Моторс» (Almaty): its id, from the public list. */
async function demoDealerId(): Promise<number> {
  const res = await fetch(`${baseUrl}/api/dealers/`)
  const list = (await res.json()) as { results: { id: number; name: string; listingCount: number }[] }
  const found = list.results.find((d) => d.name === 'ТОО «Алатау Моторс»')
  if (!found || found.listingCount === 0) throw new Error(`no demo dealer with cars: ${JSON.stringify(list)}`)
  return found.id
}

describe('dealers', () => {
  test('a user applies, staff verify with the checklist, the owner adds a showroom and a manager', {
    timeout: 120_000,
  }, async () => {
    const legalName = `ТОО «Е2Е Моторс ${run}»`
    const ownerSession = await signUpByApi(baseUrl, `dealer-${run}@example.kz`, 'dealer-e2e-2026', 'Ерлан Дилеров')
    const managerEmail = `manager-${run}@example.kz`
    await signUpByApi(baseUrl, managerEmail, 'manager-e2e-2026', 'Айгерим Менеджер')

    // On a phone: the application, first with a BIN whose last digit is wrong.
    const phone = await open(browser, 'phone', ownerSession)
    await phone.page.goto(`${baseUrl}/account/dealer`)
    const apply = phone.page.locator('form', { has: phone.page.getByRole('button', { name: 'Отправить заявку' }) })
    const bin = freshBin('1506', run)
    const wrongBin = `${bin.slice(0, 11)}${(Number(bin[11]) + 1) % 10}`
    await apply.getByLabel('БИН или ИИН').fill(wrongBin)
    await apply.getByLabel('Название, как в регистрации').fill(legalName)
    await apply.getByLabel('Город').selectOption({ label: 'Алматы' })
    await apply.getByLabel('Телефоны').fill('+7 727 355 00 99')
    await apply.getByLabel('Часы работы').fill('Пн–Сб 9:00–19:00')
    await apply.getByLabel('Описание на русском').fill('Новые и подержанные автомобили.')
    await apply.getByRole('button', { name: 'Отправить заявку' }).click()
    await phone.page.getByRole('alert').filter({ hasText: 'Такого БИН или ИИН не бывает' }).waitFor()
    // The form comes back empty (a plain form post): fill it again with the right number.
    const again = phone.page.locator('form', { has: phone.page.getByRole('button', { name: 'Отправить заявку' }) })
    await again.getByLabel('БИН или ИИН').fill(bin)
    await again.getByLabel('Название, как в регистрации').fill(legalName)
    await again.getByLabel('Город').selectOption({ label: 'Алматы' })
    await again.getByLabel('Телефоны').fill('+7 727 355 00 99')
    await again.getByLabel('Часы работы').fill('Пн–Сб 9:00–19:00')
    await again.getByRole('button', { name: 'Отправить заявку' }).click()
    await phone.page.getByRole('status').filter({ hasText: 'Заявка отправлена' }).waitFor()
    const mine = phone.page.locator('section', { has: phone.page.getByRole('heading', { name: legalName }) })
    await mine.getByText('На проверке').waitFor()
    await shot(phone.page, 'dealer-account-pending-390')

    // At 1280 px, staff verify it: every checklist item and a note.
    const staff = await open(browser, 'desktop', adminSession)
    await staff.page.goto(`${baseUrl}/admin/dealers`)
    const application = staff.page.locator('section', {
      has: staff.page.getByRole('heading', { name: new RegExp(legalName) }),
    })
    await application.getByRole('button', { name: 'Подтвердить' }).waitFor()
    await shot(staff.page, 'admin-dealers-1280')
    for (const item of [
      'БИН/ИИН и название совпадают с госреестром',
      'Дозвонились до компании по её телефону',
      'Адреса шоурумов существуют',
      'Заявитель вправе действовать от компании',
    ])
      await application.getByLabel(item).check()
    await application.getByLabel(/Комментарий/).fill('Проверено по реестру, звонок 27.11.')
    await application.getByRole('button', { name: 'Подтвердить' }).click()
    await staff.page.getByRole('status').filter({ hasText: 'Решение сохранено.' }).waitFor()
    await expect.poll(() => application.getByRole('heading').textContent()).toContain('Проверен')
    expect(staff.errors).toEqual([])
    await staff.page.setViewportSize(PHONE)
    await shot(staff.page, 'admin-dealers-390')
    await staff.context.close()

    // The owner, verified now: a showroom (its coordinates first given half), then a manager.
    await phone.page.reload()
    await mine.getByText('Проверен', { exact: true }).waitFor()
    await mine.getByText('Добавить шоурум').first().click()
    const add = mine.locator('details', { has: phone.page.getByText('Добавить шоурум').first() }).last()
    await add.getByLabel('Город').selectOption({ label: 'Алматы' })
    await add.getByLabel('Адрес').fill('ул. Толе би, 290')
    await add.getByLabel('Широта').fill('43.2477')
    await add.getByLabel('Телефоны').fill('+7 727 355 00 98')
    await add.getByLabel('Часы работы').fill('Ежедневно 10:00–20:00')
    await add.getByRole('button', { name: 'Добавить шоурум' }).click()
    await phone.page.getByText('Укажите широту и долготу вместе, в пределах Казахстана').waitFor()
    const retry = phone.page.locator('details[open]', { has: phone.page.getByLabel('Широта') })
    await retry.getByLabel('Город').selectOption({ label: 'Алматы' })
    await retry.getByLabel('Адрес').fill('ул. Толе би, 290')
    await retry.getByLabel('Широта').fill('')
    await retry.getByLabel('Телефоны').fill('+7 727 355 00 98')
    await retry.getByLabel('Часы работы').fill('Ежедневно 10:00–20:00')
    await retry.getByRole('button', { name: 'Добавить шоурум' }).click()
    await phone.page.getByRole('status').filter({ hasText: 'Шоурумы сохранены.' }).waitFor()
    await mine.getByText('Алматы, ул. Толе би, 290').waitFor()

    await mine.getByLabel('E-mail или телефон сотрудника').fill(managerEmail)
    await mine.getByRole('button', { name: 'Добавить менеджером' }).click()
    await mine.getByText('Айгерим Менеджер (Менеджер)').waitFor()

    // The logo: a text file called logo.png is refused from its bytes, in words; a PNG is shown in its place.
    const logo = mine.locator('section', { has: phone.page.getByRole('heading', { name: 'Логотип' }) })
    await logo.getByText('Логотипа пока нет.').waitFor()
    const words = Buffer.from('Not a picture: only words in a file called logo.png')
    await logo.getByLabel('Файл логотипа').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: words })
    await logo.getByRole('button', { name: 'Загрузить логотип' }).click()
    await logo.getByRole('alert').filter({ hasText: 'Это не PNG, JPEG или WebP.' }).waitFor()
    await logo.getByText('Логотипа пока нет.').waitFor()
    await logo
      .getByLabel('Файл логотипа')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() })
    await logo.getByRole('button', { name: 'Загрузить логотип' }).click()
    await phone.page.getByRole('status').filter({ hasText: 'Логотип обновлён.' }).waitFor()
    await loaded(logo.getByRole('img', { name: `Логотип ${legalName}` }))
    await shot(phone.page, 'dealer-account-390')
    // The refusals above answered 400 and 415 (a plain form post's answer to bad input), as the browser logs them.
    const refused = 'Failed to load resource: the server responded with a status of 400 (Bad Request)'
    const notImage = 'Failed to load resource: the server responded with a status of 415 (Unsupported Media Type)'
    expect(phone.errors).toEqual([refused, refused, notImage])

    // The dealer's page shows the logo beside its name, and so does the list.
    await mine.getByRole('link', { name: /Страница дилера/ }).click()
    await phone.page.getByRole('heading', { name: legalName, level: 1 }).waitFor()
    const pageUrl = phone.page.url()
    await loaded(phone.page.getByRole('img', { name: `Логотип ${legalName}` }))
    await shot(phone.page, 'dealer-page-logo-390')
    await phone.page.goto(`${baseUrl}/dealers?city=almaty`)
    await loaded(phone.page.locator('.partner-card', { hasText: legalName }).locator('.dealer-logo img'))
    expect(phone.errors).toEqual([refused, refused, notImage])
    await phone.context.close()

    const desk = await open(browser, 'desktop', ownerSession)
    await desk.page.goto(`${baseUrl}/account/dealer`)
    await desk.page.getByText('Айгерим Менеджер (Менеджер)').waitFor()
    await shot(desk.page, 'dealer-account-1280')
    await desk.page.goto(pageUrl)
    await loaded(desk.page.getByRole('img', { name: `Логотип ${legalName}` }))
    await shot(desk.page, 'dealer-page-logo-1280')
    expect(desk.errors).toEqual([])
    await desk.context.close()
  })

  test("a dealer's page lists its cars with the badge; the catalogue keeps the dealer's scope", {
    timeout: 60_000,
  }, async () => {
    const id = await demoDealerId()
    for (const width of ['phone', 'desktop'] as const) {
      const size = width === 'phone' ? 390 : 1280
      const { context, page, errors } = await open(browser, width)
      await page.goto(`${baseUrl}/dealers`)
      await page.getByRole('link', { name: /ТОО «Алатау Моторс»/ }).waitFor()
      await shot(page, `dealers-${size}`)
      await page.getByRole('link', { name: /ТОО «Алатау Моторс»/ }).click()
      await page.getByRole('heading', { name: 'ТОО «Алатау Моторс»', level: 1 }).waitFor()
      expect(page.url()).toBe(`${baseUrl}/dealers/${id}`)
      const cards = page.locator('.grid .card-dealer')
      await expect.poll(() => cards.count()).toBeGreaterThan(0)
      expect(new Set(await cards.allTextContents())).toEqual(new Set(['Дилер: ТОО «Алатау Моторс»']))
      await page.getByRole('link', { name: 'Открыть в 2ГИС ↗' }).first().waitFor()
      await shot(page, `dealer-page-${size}`)
      expect(errors).toEqual([])
      await context.close()
    }

    // The catalogue scoped to the dealer (its page's link): the scope stays when a filter changes, and can be cleared.
    const { context, page, errors } = await open(browser, 'desktop')
    await page.goto(`${baseUrl}/dealers/${id}`)
    await page.getByRole('link', { name: /Все фильтры каталога/ }).click()
    await page.getByText('Автомобили дилера ТОО «Алатау Моторс».').waitFor()
    expect(new URL(page.url()).searchParams.get('dealer')).toBe(String(id))
    const cardLines = page.locator('.catalogue-results .card-dealer')
    await expect.poll(() => cardLines.count()).toBeGreaterThan(0)
    expect(new Set(await cardLines.allTextContents())).toEqual(new Set(['Дилер: ТОО «Алатау Моторс»']))
    await page.getByLabel('Сортировка').selectOption('price_asc')
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('price_asc')
    expect(new URL(page.url()).searchParams.get('dealer')).toBe(String(id))
    await page.getByText('Автомобили дилера ТОО «Алатау Моторс».').waitFor()
    await page.getByRole('link', { name: 'Показать всех продавцов' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.has('dealer')).toBe(false)
    expect(new URL(page.url()).searchParams.get('sort')).toBe('price_asc')
    expect(errors).toEqual([])
    await context.close()
  })
})
