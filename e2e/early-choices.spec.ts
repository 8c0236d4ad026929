import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { sessionCookie, useJourney, watchConsole, withSession } from './browser.ts'
import { photos, signUpByApi } from './selling.testing.ts'

/*
 * A choice made before a form's code has loaded (decision 026, ui/use-value-on-load.ts): a new user chooses at once,
 * while the page's or the island's script is still on its way. Each journey holds that script back (the requests for
 * its chunk wait until the test lets them go), acts, lets it go, and expects what the choice does with JavaScript.
 */

const { baseUrl, onDesktop } = useJourney()
const run = String(Date.now()).slice(-7)

/**
 * Holds back the page's requests for the scripts whose file names match `chunk` until `release()`; answers how many
 * were held, so the test knows it acted before the code ran. Requests after the release go through at once.
 */
async function holdScripts(page: Page, chunk: RegExp): Promise<{ release: () => void; held: () => number }> {
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  let held = 0
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && chunk.test(url.pathname.slice('/assets/'.length)),
    async (route) => {
      held++
      await gate
      await route.continue()
    },
  )
  return { release, held: () => held }
}

/** A signed-in context (a new account, made through the API) whose page routes requests itself. */
async function signedInPage(email: string) {
  const auth = await signUpByApi(email)
  const context = await onDesktop({ serviceWorkers: 'block' })
  await withSession(context, baseUrl, await sessionCookie(baseUrl, email, 'secret12'))
  const page = await context.newPage()
  return { auth, context, page, errors: watchConsole(page) }
}

/** The island loads at a first key, touch, focus or scroll (or after 3 s): a visitor's next key, until `ready`. */
async function pressUntil(page: Page, ready: () => Promise<boolean>, timeout = 15_000) {
  const end = Date.now() + timeout
  while (!(await ready())) {
    if (Date.now() > end) return
    await page.keyboard.press('Shift')
    await page.waitForTimeout(100)
  }
}

describe('a choice made before the code has loaded', () => {
  test('the garage: a brand chosen before the form’s island loaded shows its models once it has', async () => {
    const { context, page, errors } = await signedInPage(`e2e-early-garage-${run}@example.kz`)
    const script = await holdScripts(page, /^add-car-[\w-]+\.js$/)
    await page.goto(`${baseUrl}/account/garage`)
    const brand = page.locator('#garage-brand')
    await brand.focus()
    await brand.selectOption({ label: 'Toyota' })
    // The island's code was asked for (the focus) and is still held: the choice was made before it ran.
    await expect.poll(script.held, { timeout: 10_000 }).toBeGreaterThan(0)
    expect(await page.locator('select[name="modelId"]').count()).toBe(0)
    script.release()

    const camry = page.locator('select[name="modelId"] option', { hasText: 'Camry' })
    await pressUntil(page, async () => (await camry.count()) > 0)
    expect(await camry.count()).toBeGreaterThan(0)
    expect(new URL(page.url()).searchParams.get('brand')).toBe(await brand.inputValue())
    expect(errors).toEqual([])
    await context.close()
  })

  test('the vehicle check: a make chosen before the page’s code loaded shows its models once it has', async () => {
    const { context, page, errors } = await signedInPage(`e2e-early-check-${run}@example.kz`)
    // /check is not an island: its route's own module is held, so the page is not hydrated yet.
    const script = await holdScripts(page, /^check-[\w-]{8}\.js$/)
    await page.goto(`${baseUrl}/check`, { waitUntil: 'domcontentloaded' })
    await page.getByLabel('VIN или номер кузова').fill('JTNB11HK803456789')
    await page.getByLabel('Марка').selectOption({ label: 'Toyota' })
    await expect.poll(script.held, { timeout: 10_000 }).toBeGreaterThan(0)
    expect(await page.getByLabel('Модель').count()).toBe(0)
    script.release()

    const camry = page.getByLabel('Модель').locator('option', { hasText: 'Camry' })
    await expect.poll(() => camry.count(), { timeout: 15_000 }).toBeGreaterThan(0)
    // What was typed stays: the VIN, and the make.
    expect(await page.getByLabel('VIN или номер кузова').inputValue()).toBe('JTNB11HK803456789')
    expect(await page.getByLabel('Марка').locator('option:checked').textContent()).toBe('Toyota')
    expect(errors).toEqual([])
    await context.close()
  })

  test('the step form: a photo picked before the photo step’s island loaded is uploaded once it has', async () => {
    const { auth, context, page, errors } = await signedInPage(`e2e-early-photo-${run}@example.kz`)
    const draft = await fetch(`${baseUrl}/api/listings/`, { method: 'POST', headers: auth })
    expect(draft.ok).toBe(true)
    const { id } = (await draft.json()) as { id: number }
    const script = await holdScripts(page, /^photo-step-[\w-]+\.js$/)
    await page.goto(`${baseUrl}/create-auto/${id}?step=photos`)
    const [photo] = await photos()
    if (!photo) throw new Error('no photo')
    const gallery = page.getByTestId('photo-gallery')
    // A visitor's tap on "from the gallery" (which asks for the island's code), then the file they pick.
    await page.getByText('Выбрать из галереи').dispatchEvent('pointerdown')
    await expect.poll(script.held, { timeout: 10_000 }).toBeGreaterThan(0)
    await gallery.setInputFiles([photo])
    script.release()

    await expect
      .poll(() => page.locator('.photo-count').textContent(), { timeout: 20_000 })
      .toMatch(/^Загружено 1 из \d+$/)
    expect(await page.locator('.photo-tile').count()).toBe(1)
    // Taken once: the same file is not uploaded again by the browser's own change event.
    const listing = await fetch(`${baseUrl}/api/listings/${id}/`, { headers: auth })
    expect(((await listing.json()) as { photos: unknown[] }).photos).toHaveLength(1)
    expect(errors).toEqual([])
    await context.close()
  })
})
