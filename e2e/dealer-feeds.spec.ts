import { readFileSync } from 'node:fs'
import { describe, expect, inject, test } from 'vitest'
import {
  DESKTOP,
  newContextWithCity,
  PHONE,
  SCREENSHOTS,
  screenshot,
  signInInto,
  untilReady,
  useChromium,
  watchConsole,
} from './browser.ts'

/*
 * A dealer's feed (issue 38): the owner of a demo dealer opens the dealer desk from the account's dealer page on a
 * phone, uploads a CSV feed, reads the dry run's report and applies it, and finds the cars in the desk's table; at
 * 1280 px it uploads an XML feed (a partial one: the CSV's cars stay) and applies it the same way.
 */

const baseUrl = inject('baseUrl')
const browser = useChromium()
const OWNER = 'dealer.shymkent@demo.tulpar.kz'
const DEMO_PASSWORD = 'tulpar-demo-2026'

const CSV = [
  'external_id;make;model;year;modification;mileage_km;price_kzt;color;city',
  'E2E-CSV-1;Toyota;Camry;2020;2.5 AT (181 л.с.);41 000;14 800 000;Белый;Шымкент',
  'E2E-CSV-2;Toyota;Camry;2019;2.5 AT (181 л.с.);23000;13900000;серый;Шымкент',
  'E2E-CSV-3;Tulparmobile;X;2021;;1;1000000;white;',
].join('\n')

async function uploadAndApply(page: import('playwright-core').Page, name: string, file: Buffer, keep = false) {
  const upload = page.getByRole('button', { name: 'Проверить файл', disabled: false })
  await untilReady(page, upload)
  await page.getByLabel('Файл CSV или XML (до 50 МБ)').setInputFiles({ name, mimeType: 'text/plain', buffer: file })
  if (keep) await page.getByLabel('Оставить как есть (в файле только часть склада)').check()
  await upload.click()
  await page.getByText('Проверен, ждёт решения').waitFor()
}

describe('dealer feeds', () => {
  test('the owner uploads a CSV feed on a phone and an XML feed at 1280 px: dry run, report, apply, the cars in the desk', async () => {
    const phone = await newContextWithCity(browser, baseUrl, { viewport: PHONE })
    await signInInto(phone, baseUrl, OWNER, DEMO_PASSWORD)
    const page = await phone.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/account/dealer`)
    await page
      .getByRole('link', { name: /Кабинет дилера: склад и загрузка фида/ })
      .first()
      .click()
    await page.getByRole('heading', { name: 'Кабинет дилера', level: 1 }).waitFor()
    await expect.poll(() => page.url()).toMatch(/\/dealer\/\d+$/)
    const deskUrl = page.url()

    await uploadAndApply(page, 'stock.csv', Buffer.from(CSV))
    expect(page.url()).toMatch(/\/dealer\/\d+\/imports\/\d+$/)
    const counts = page.locator('.import-counts')
    await expect.poll(() => counts.textContent()).toContain('Будут добавлены2')
    await expect.poll(() => counts.textContent()).toContain('Отклонены1')
    await page.getByText('Tulparmobile (make): 1 авт.').waitFor()
    await screenshot(page, { path: `${SCREENSHOTS}dealer-feed-report-390.png`, fullPage: true })
    await page.getByRole('button', { name: 'Применить' }).click()
    await page.getByText('Загрузка применена.').waitFor()
    await page.getByText('Применён', { exact: false }).first().waitFor()

    await page.goto(`${deskUrl}?q=E2E-CSV`)
    const rows = page.locator('.stock-table tbody tr')
    await expect.poll(() => rows.count()).toBe(2)
    expect(await rows.allTextContents()).toEqual([
      expect.stringContaining('E2E-CSV'),
      expect.stringContaining('E2E-CSV'),
    ])
    expect(await rows.first().textContent()).toContain('На модерации')
    await screenshot(page, { path: `${SCREENSHOTS}dealer-desk-390.png`, fullPage: true })
    expect(errors).toEqual([])
    await phone.close()

    const desk = await newContextWithCity(browser, baseUrl, { viewport: DESKTOP })
    await signInInto(desk, baseUrl, OWNER, DEMO_PASSWORD)
    const wide = await desk.newPage()
    await wide.goto(deskUrl)
    const xml = readFileSync(new URL('../docs/feeds/template.xml', import.meta.url))
    await uploadAndApply(wide, 'stock.xml', xml, true)
    await expect.poll(() => wide.locator('.import-counts').textContent()).toContain('Будут добавлены2')
    await wide.getByRole('button', { name: 'Применить' }).click()
    await wide.getByText('Загрузка применена.').waitFor()
    await wide.goto(deskUrl)
    await wide.getByRole('cell', { name: 'A-1001' }).waitFor()
    await wide.getByRole('cell', { name: 'E2E-CSV-1' }).waitFor()
    const history = wide.locator('.import-history tbody tr')
    expect(await history.count()).toBeGreaterThanOrEqual(2)
    await screenshot(wide, { path: `${SCREENSHOTS}dealer-desk-1280.png`, fullPage: true })
    // The dealer's public page still answers with its cars on sale (imported ones join them once moderators approve).
    const dealerId = /\/dealer\/(\d+)/.exec(deskUrl)?.[1]
    const publicPage = await wide.goto(`${baseUrl}/dealers/${dealerId}`)
    expect(publicPage?.status()).toBe(200)
    await desk.close()
  })
})
