import { kzCheckDigit } from '@tulpar/contracts/business-id'
import type { Page } from 'playwright-core'
import { untilReady } from './browser.ts'

/**
 * A legal entity's BIN that passes the Kazakh check digit: registered in the given month (YYMM), with a serial
 * taken from `run` (a journey's run number, so two runs or two journeys do not apply with the same BIN).
 */
export function freshBin(yymm: string, run: string): string {
  for (let serial = Number(run.slice(-4)); ; serial = (serial + 1) % 10_000) {
    const first11 = `${yymm}400${String(serial).padStart(4, '0')}`
    const check = kzCheckDigit([...first11].map(Number))
    if (check !== null) return `${first11}${check}`
  }
}

/**
 * On the dealer desk: chooses a feed file, with "keep the cars the file lacks" when asked, and sends it for its dry
 * run; answers once the report says it waits for a decision.
 */
export async function uploadFeed(page: Page, name: string, file: string | Buffer, keep = false): Promise<void> {
  const upload = page.getByRole('button', { name: 'Проверить файл', disabled: false })
  await untilReady(page, upload)
  const buffer = typeof file === 'string' ? Buffer.from(file) : file
  await page.getByLabel('Файл CSV или XML (до 50 МБ)').setInputFiles({ name, mimeType: 'text/plain', buffer })
  if (keep) await page.getByLabel('Оставить как есть (в файле только часть склада)').check()
  await upload.click()
  await page.getByText('Проверен, ждёт решения').waitFor()
}
