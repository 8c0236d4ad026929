import { describe, expect, test } from 'vitest'
import { SCREENSHOTS, screenshot, signInInto, useJourney, watchConsole } from './browser.ts'

/*
 * A dealer's feed from a URL (issue 38): the owner of a demo dealer sets a feed URL on the desk at 390 px and asks
 * for a fetch now; the URL points into a private network, so nothing is fetched and the report says why in words;
 * the history names the source. At 1280 px the dealer's manager sees the URL but may not change it.
 */

const { baseUrl, onPhone, onDesktop } = useJourney()
const OWNER = 'dealer.astana@demo.tulpar.kz'
const MANAGER = 'manager.astana@demo.tulpar.kz'
const DEMO_PASSWORD = 'tulpar-demo-2026'
const PRIVATE_URL = 'http://10.0.0.1/feed.csv'

describe('a dealer feed from a URL', () => {
  test('the owner sets the URL and fetches it now: a private address is refused in words; the manager cannot change it', async () => {
    const phone = await onPhone()
    await signInInto(phone, baseUrl, OWNER, DEMO_PASSWORD)
    const page = await phone.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/dealer`)
    await page.getByRole('heading', { name: 'Кабинет дилера', level: 1 }).waitFor()
    const deskUrl = page.url()

    await page.getByLabel('Ссылка на фид (http:// или https://)').fill('ftp://example.kz/feed.csv')
    await page.getByRole('button', { name: 'Сохранить ссылку' }).click()
    await page.getByText('Укажите ссылку, начинающуюся с http:// или https://, без логина и пароля.').waitFor()

    await page.getByLabel('Ссылка на фид (http:// или https://)').fill(PRIVATE_URL)
    await page
      .locator('.feed-url')
      .getByLabel('Автомобили из прошлых загрузок, которых нет в файле')
      .selectOption('sold')
    await page.getByRole('button', { name: 'Сохранить ссылку' }).click()
    await page.getByText('Ссылка на фид сохранена.').waitFor()
    await page.locator('.feed-url code', { hasText: PRIVATE_URL }).waitFor()
    expect(
      await page.locator('.feed-url').getByLabel('Автомобили из прошлых загрузок, которых нет в файле').inputValue(),
    ).toBe('sold')

    await page.getByRole('button', { name: 'Загрузить сейчас' }).click()
    await expect.poll(() => page.url()).toMatch(/\/dealer\/\d+\/imports\/\d+$/)
    await page.getByText(/Фид не загружен: адрес ведёт во внутреннюю сеть/).waitFor()
    await screenshot(page, { path: `${SCREENSHOTS}dealer-feed-url-390.png`, fullPage: true })

    await page.goto(deskUrl)
    const history = page.locator('.import-history tbody tr').first()
    await expect.poll(() => history.textContent()).toContain('По ссылке')
    expect(await history.textContent()).toContain('Ошибка загрузки')
    // The one error is the refused URL's answer (400, the form shown again with its message).
    expect(errors.filter((e) => /status of 400/.test(e))).toHaveLength(1)
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([])
    await phone.close()

    const desk = await onDesktop()
    await signInInto(desk, baseUrl, MANAGER, DEMO_PASSWORD)
    const managerPage = await desk.newPage()
    await managerPage.goto(deskUrl)
    await managerPage.locator('.feed-url code', { hasText: PRIVATE_URL }).waitFor()
    await managerPage.getByText('Ссылку на фид задаёт владелец дилера.').waitFor()
    expect(await managerPage.getByLabel('Ссылка на фид (http:// или https://)').count()).toBe(0)
    expect(await managerPage.getByRole('button', { name: 'Удалить ссылку' }).count()).toBe(0)
    await managerPage.getByRole('button', { name: 'Загрузить сейчас' }).waitFor()
    await screenshot(managerPage, { path: `${SCREENSHOTS}dealer-feed-url-1280.png`, fullPage: true })
    await desk.close()

    // Leave the demo dealer without a feed URL for the other journeys.
    const owner = await onDesktop()
    await signInInto(owner, baseUrl, OWNER, DEMO_PASSWORD)
    const ownerPage = await owner.newPage()
    await ownerPage.goto(deskUrl)
    await ownerPage.getByRole('button', { name: 'Удалить ссылку' }).click()
    await ownerPage.getByText('Ссылка на фид удалена. Автомобили остались как есть.').waitFor()
    await owner.close()
  })
})
