import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { SCREENSHOTS, screenshot, useJourney, watchConsole } from './browser.ts'

/*
 * Recently viewed cars: the car pages a guest opens are remembered in the browser and come back on the home page,
 * newest first, with today's price; cars no longer on sale drop out; the list can be cleared. The home page's HTML
 * stays the same for every guest (it is cached): the section is drawn in the browser.
 */

const { baseUrl, onPhone, onDesktop } = useJourney()

const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('recentlyViewed') ?? '[]') as number[])

/** Opens a car page and lets its code load (the visitor scrolls), which remembers the car. */
async function view(page: Page, id: number) {
  await page.goto(`${baseUrl}/cars/${id}`)
  await page.getByRole('heading', { level: 1 }).waitFor()
  await page.mouse.wheel(0, 200)
  await expect.poll(() => stored(page).then((ids) => ids[0]), { timeout: 10_000 }).toBe(id)
}

/** The home page, scrolled so its sections' code loads. */
async function home(page: Page) {
  await page.goto(`${baseUrl}/`)
  await page.getByRole('heading', { level: 1 }).waitFor()
  await page.mouse.wheel(0, 400)
}

const cardLinks = (page: Page, heading: string) =>
  page
    .getByRole('region', { name: heading })
    .locator('a.card-link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')))

describe('recently viewed cars', () => {
  test('come back on the home page newest first, without cars off sale, in the chosen language, until cleared', async () => {
    const list = await (await fetch(`${baseUrl}/api/cars/?sort=price_asc`)).json()
    const [first, second] = (list.results as { id: number }[]).map((c) => c.id)
    if (first === undefined || second === undefined) throw new Error('the demo has fewer than two cars on sale')

    const context = await onPhone()
    const page = await context.newPage()
    const errors = watchConsole(page)

    // Nothing viewed yet: no section.
    await home(page)
    await page.getByRole('heading', { name: 'Новые объявления' }).waitFor()
    await page.waitForTimeout(500)
    expect(await page.getByRole('heading', { name: 'Вы недавно смотрели' }).count()).toBe(0)

    await view(page, first)
    await view(page, second)
    await view(page, first) // seen again: it moves up, not in twice
    expect(await stored(page)).toEqual([first, second])

    // A car that is no longer on sale (here: an id that does not exist) is shown no more and forgotten.
    await page.evaluate(
      (ids) => window.localStorage.setItem('recentlyViewed', JSON.stringify(ids)),
      [first, 999_999_999, second],
    )
    await home(page)
    const section = page.getByRole('region', { name: 'Вы недавно смотрели' })
    await section.waitFor()
    expect(await cardLinks(page, 'Вы недавно смотрели')).toEqual([`/cars/${first}`, `/cars/${second}`])
    await expect.poll(() => stored(page)).toEqual([first, second])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await section.scrollIntoViewIfNeeded()
    await screenshot(page, { path: `${SCREENSHOTS}recently-viewed-390.png` })

    // The page's HTML is the same for every guest: the section is not in it.
    const html = await (await fetch(`${baseUrl}/`, { headers: { cookie: 'city=1' } })).text()
    expect(html).not.toContain('recently-viewed')

    // In Kazakh (the header's switch), cleared after which it stays away.
    await page.getByRole('button', { name: 'KK', exact: true }).click()
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('kk')
    await page.mouse.wheel(0, 400)
    const kk = page.getByRole('region', { name: 'Жақында қаралған көліктер' })
    await kk.waitFor()
    await kk.getByRole('button', { name: 'Жақында қаралған көліктер тізімін тазалау' }).click()
    await expect.poll(() => kk.count()).toBe(0)
    expect(await stored(page)).toEqual([])
    await home(page)
    await page.getByRole('heading', { name: 'Жаңа хабарландырулар' }).waitFor()
    await page.waitForTimeout(500)
    expect(await kk.count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  test('on a desktop the section is a row of cards under the new listings', async () => {
    const list = await (await fetch(`${baseUrl}/api/cars/?sort=price_desc`)).json()
    const ids = (list.results as { id: number }[]).slice(0, 3).map((c) => c.id)
    const context = await onDesktop({ locale: 'en-US' })
    await context.addCookies([{ name: 'locale', value: 'en', url: baseUrl }])
    await context.addInitScript((viewed) => window.localStorage.setItem('recentlyViewed', JSON.stringify(viewed)), ids)
    const page = await context.newPage()
    const errors = watchConsole(page)
    await home(page)
    const section = page.getByRole('region', { name: 'Recently viewed' })
    await section.waitFor()
    expect(await cardLinks(page, 'Recently viewed')).toEqual(ids.map((id) => `/cars/${id}`))
    await section.scrollIntoViewIfNeeded()
    await screenshot(page, { path: `${SCREENSHOTS}recently-viewed-desktop.png` })
    expect(errors).toEqual([])
    await context.close()
  })
})
