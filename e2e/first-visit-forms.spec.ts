import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { SCREENSHOTS, screenshot, untilReady, useJourney } from './browser.ts'

/* The catalogue's sort and the selling step form, as a new user meets them on a phone and a desktop. */

const { baseUrl, onPhone, onDesktop } = useJourney()

const run = String(Date.now()).slice(-7)

/** How much wider the select's chosen text is than the room the select gives it (≤ 0: nothing is cut). */
function sortOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const select = document.querySelector<HTMLSelectElement>('#f-sort')
    if (!select) throw new Error('no sort select')
    const style = getComputedStyle(select)
    const canvas = document.createElement('canvas').getContext('2d')
    if (!canvas) throw new Error('no canvas')
    canvas.font = style.font
    const text = canvas.measureText(select.selectedOptions[0]?.text ?? '').width
    // The room for the text: the box less its paddings and the arrow (about 20 px in Chromium).
    const room = select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) - 20
    return text - room
  })
}

describe('the catalogue sort', () => {
  for (const locale of ['kk', 'ru', 'en'] as const) {
    test(`is not cut off at 390 px (${locale})`, async () => {
      const context = await onPhone()
      const page = await context.newPage()
      await page.goto(`${baseUrl}/auto?lang=${locale}`)
      for (const sort of ['newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc']) {
        await page.locator('#f-sort').evaluate((s, value) => {
          ;(s as HTMLSelectElement).value = value
        }, sort)
        expect(await sortOverflow(page), `${locale} ${sort}`).toBeLessThanOrEqual(0)
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await page.locator('#f-sort').evaluate((s) => {
        ;(s as HTMLSelectElement).value = 'newest'
      })
      await screenshot(page, { path: `${SCREENSHOTS}first-visit-sort-${locale}-phone.png` })
      await context.close()
    })
  }
})

/** A signed-up seller with an empty draft (through the REST API, as the app would); answers the draft's id. */
async function sellerWithDraft(email: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'secret12', name: 'Асель' }),
  })
  expect(res.status).toBe(200)
  const auth = { authorization: `Bearer ${res.headers.get('set-auth-token')}` }
  const draft = await fetch(`${baseUrl}/api/listings/`, { method: 'POST', headers: auth })
  expect(draft.ok).toBe(true)
  return ((await draft.json()) as { id: number }).id
}

async function signIn(page: Page, email: string, back: string) {
  await page.goto(`${baseUrl}/auth?redirectTo=${encodeURIComponent(back)}`)
  await untilReady(page, page.locator('.auth-card button[type="submit"]:enabled'))
  await page.getByLabel('Электронная почта').fill(email)
  await page.getByLabel('Пароль').fill('secret12')
  await page.getByRole('button', { name: 'Войти', exact: true }).click()
  await page.waitForURL((url) => `${url.pathname}${url.search}` === back)
}

describe('the selling step form', () => {
  test('groups the price while it is typed, and the sticky bar leaves the fields in view (390 px)', async () => {
    const email = `e2e-form-${run}@example.kz`
    const id = await sellerWithDraft(email)
    const context = await onPhone()
    const page = await context.newPage()
    await signIn(page, email, `/create-auto/${id}?step=price`)
    await untilReady(page, page.locator('button[type="submit"]:enabled'))
    const price = page.getByLabel('Цена, ₸')
    await price.pressSequentially('6200000')
    expect(await price.inputValue()).toBe('6\u00a0200\u00a0000')
    // Editing in the middle keeps the caret after the same digit.
    await price.press('End')
    await price.press('Backspace')
    expect(await price.inputValue()).toBe('620\u00a0000')

    // What is fixed at the bottom of the screen (the step form's bar, the bottom navigation if shown).
    const covered = await page.evaluate(() => {
      const tops = [...document.querySelectorAll<HTMLElement>('.sell-actions, .bottom-nav')]
        .filter((el) => el.offsetParent !== null || getComputedStyle(el).position === 'fixed')
        .filter((el) => getComputedStyle(el).display !== 'none')
        .map((el) => el.getBoundingClientRect().top)
      return window.innerHeight - Math.min(...tops)
    })
    expect(covered).toBeLessThanOrEqual(100)
    await screenshot(page, { path: `${SCREENSHOTS}first-visit-step-phone.png` })
    await context.close()
  })

  test('shows every step chip whole on a desktop (1280 px)', async () => {
    const email = `e2e-chips-${run}@example.kz`
    const id = await sellerWithDraft(email)
    for (const locale of ['ru', 'kk']) {
      const context = await onDesktop()
      const page = await context.newPage()
      await signIn(page, email, `/create-auto/${id}?step=brand`)
      await page.goto(`${baseUrl}/create-auto/${id}?step=brand&lang=${locale}`)
      const clipped = await page.evaluate(() => {
        const list = document.querySelector<HTMLElement>('.step-progress ol')
        if (!list) throw new Error('no step list')
        const box = list.getBoundingClientRect()
        return [...list.querySelectorAll('li')]
          .filter((li) => {
            const r = li.getBoundingClientRect()
            return r.left < box.left - 0.5 || r.right > box.right + 0.5
          })
          .map((li) => li.textContent)
      })
      expect(clipped, locale).toEqual([])
      await screenshot(page, { path: `${SCREENSHOTS}first-visit-steps-${locale}-desktop.png` })
      await context.close()
    }
  })
})
