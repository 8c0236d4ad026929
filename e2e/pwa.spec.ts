import type { BrowserContext, Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { SCREENSHOTS, screenshot, useJourney, watchConsole } from './browser.ts'

/*
 * Issue 14, the installable web app: the manifest, the service worker registered after the page has loaded, a
 * car seen online that opens offline, and the offline page (in the visitor's language) for a page never seen.
 */
const { baseUrl, onPhone } = useJourney()

/** A published car's id, from the catalogue's first card. */
async function someCarId(): Promise<number> {
  const html = await (await fetch(`${baseUrl}/auto`)).text()
  const id = /href="\/cars\/(\d+)"/.exec(html)?.[1]
  if (!id) throw new Error('no car in the catalogue')
  return Number(id)
}

/** The PNG's own width and height (its IHDR chunk). */
function pngSize(bytes: Uint8Array): [number, number] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG')
  return [view.getUint32(16), view.getUint32(20)]
}

/** Waits until this page is controlled by the active service worker. */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true })
      })
    }
    return registration.scope
  })
}

/** Offline errors Chromium prints for what the page may not reach (photos not kept, lazy requests). */
const offlineNoise = (errors: string[]) =>
  errors.filter(
    (e) =>
      !e.includes('net::ERR_INTERNET_DISCONNECTED') && !e.includes('net::ERR_FAILED') && !e.includes('Failed to fetch'),
  )

async function withPhone<T>(run: (context: BrowserContext, page: Page) => Promise<T>, locale = 'ru-RU'): Promise<T> {
  const context = await onPhone({ locale })
  const page = await context.newPage()
  try {
    return await run(context, page)
  } finally {
    await context.close()
  }
}

test('the manifest is valid: names, standalone, start URL, theme colour and icons in their sizes', async () => {
  await withPhone(async (context, page) => {
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/`)
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(href).toBe('/manifest.webmanifest')
    // Chromium's own parser: no errors, and the fields it read.
    const cdp = await context.newCDPSession(page)
    const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string }
    expect(parsed.errors).toEqual([])
    const manifest = JSON.parse(parsed.data ?? '{}')
    expect(manifest).toMatchObject({
      name: 'Tulpar Auto — автомобили в Казахстане',
      short_name: 'Tulpar Auto',
      lang: 'ru',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f4c81',
    })
    for (const icon of manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]) {
      const res = await fetch(new URL(icon.src, baseUrl))
      expect(res.headers.get('content-type')).toBe(icon.type)
      const [w, h] = pngSize(new Uint8Array(await res.arrayBuffer()))
      expect(`${w}x${h}`).toBe(icon.sizes)
    }
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ])
    // The visitor's language: Kazakh with the Kazakh cookie.
    const kk = await fetch(`${baseUrl}/manifest.webmanifest`, { headers: { cookie: 'locale=kk' } })
    expect((await kk.json()).name).toBe('Tulpar Auto — Қазақстандағы көліктер')
    // Chromium would offer to install it (a test's browser context is incognito, which alone stops that).
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[]
    }
    expect(installability.installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([])
    expect(errors, errors.join('\n')).toEqual([])
  })
})

test('the service worker installs after the page has loaded, and controls the next pages', async () => {
  await withPhone(async (context, page) => {
    const errors = watchConsole(page)
    // When the page asks for the registration: the document's state then.
    await context.addInitScript(() => {
      const register = navigator.serviceWorker.register.bind(navigator.serviceWorker)
      navigator.serviceWorker.register = (url, options) => {
        ;(window as unknown as { registeredWhen: string }).registeredWhen = document.readyState
        return register(url, options)
      }
    })
    await page.goto(`${baseUrl}/`)
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
    expect(scope).toBe(`${baseUrl}/`)
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
      .toBe('activated')
    expect(await page.evaluate(() => (window as unknown as { registeredWhen: string }).registeredWhen)).toBe('complete')
    await controlled(page)
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseUrl}/sw.js`)
    expect(errors, errors.join('\n')).toEqual([])
  })
})

test('a car viewed online opens offline; a link to a car never seen gives the offline page', async () => {
  await withPhone(async (context, page) => {
    const id = await someCarId()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/`)
    await controlled(page)
    await page.goto(`${baseUrl}/cars/${id}`)
    const heading = (await page.locator('h1').first().textContent())?.trim()
    expect(heading).toBeTruthy()
    // The page's sections load their code at the first scroll: as a visitor reading the car would.
    await page.mouse.wheel(0, 600)
    await page.waitForLoadState('networkidle')

    await context.setOffline(true)
    await page.goto(`${baseUrl}/cars/${id}`)
    expect((await page.locator('h1').first().textContent())?.trim()).toBe(heading)
    await screenshot(page, { path: `${SCREENSHOTS}pwa-offline-car.png`, fullPage: false })
    // Hydrated from the kept copy, its links still work: a similar car never viewed is asked for as a document
    // (the worker answers its data request with React Router's reload signal) and gets the offline page.
    const other = page.locator(`.similar-cars a[href^="/cars/"]:not([href="/cars/${id}"])`).first()
    await other.click()
    await page.getByRole('heading', { name: 'Нет подключения к интернету' }).waitFor()
    expect(offlineNoise(errors), errors.join('\n')).toEqual([])

    // Online again, the same address is the live page.
    await context.setOffline(false)
    await page.getByRole('button', { name: 'Попробовать снова' }).click()
    await page.waitForFunction(() => document.querySelector('.car-page h1') !== null)
  })
})

test('an offline visit to a page never seen shows the offline page in the visitor’s language', async () => {
  await withPhone(async (context, page) => {
    const id = await someCarId()
    const errors = watchConsole(page)
    // Kazakh chosen on the site (kept in local storage and the cookie), a car viewed.
    await page.goto(`${baseUrl}/?lang=kk`)
    await controlled(page)
    await page.goto(`${baseUrl}/cars/${id}`)
    const carTitle = (await page.locator('h1').first().textContent())?.trim() ?? ''

    await context.setOffline(true)
    const res = await page.goto(`${baseUrl}/partners`)
    expect(res?.ok()).toBe(true)
    await page.getByRole('heading', { name: 'Интернет байланысы жоқ' }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('kk')
    expect(await page.getByRole('button', { name: 'Қайталап көру' }).isVisible()).toBe(true)
    // It offers what can be read offline: the car just viewed.
    await page.getByRole('heading', { name: 'Интернетсіз қолжетімді' }).waitFor()
    const kept = page.getByRole('link', { name: new RegExp(carTitle.split(',')[0] ?? carTitle) })
    expect(await kept.count()).toBeGreaterThan(0)
    await screenshot(page, { path: `${SCREENSHOTS}pwa-offline-page-kk.png`, fullPage: true })
    expect(offlineNoise(errors), errors.join('\n')).toEqual([])
  }, 'kk-KZ')

  // A visitor who never chose a language, with an English browser, reads it in English.
  await withPhone(async (context, page) => {
    await page.goto(`${baseUrl}/`)
    await controlled(page)
    // The site stored the language it showed (Russian, the default); a visitor whose storage was cleared since.
    // Wait for the page to have stored it first: on a busy machine hydration can end after the worker took over,
    // and the page would store it again after the test cleared it.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('locale')), { timeout: 15_000 }).toBe('ru')
    await page.evaluate(() => window.localStorage.removeItem('locale'))
    await context.setOffline(true)
    await page.goto(`${baseUrl}/about`)
    await page.getByRole('heading', { name: 'You are offline' }).waitFor()
  }, 'en-GB')
})

test('no API answer is kept by the service worker but a band’s similar cars, which are the same for everyone', async () => {
  await withPhone(async (_context, page) => {
    const id = await someCarId()
    await page.goto(`${baseUrl}/`)
    await controlled(page)
    await page.goto(`${baseUrl}/cars/${id}`)
    // The page's own API calls (the similar cars, the views) and two personal ones went through the worker.
    await page.mouse.wheel(0, 1600)
    await expect.poll(() => page.locator('.similar-cars').getAttribute('aria-busy'), { timeout: 10_000 }).toBe('false')
    await page.evaluate(async () => {
      await fetch('/api/profiles/me/')
      await fetch('/api/company/cities/')
    })
    const kept = () =>
      page.evaluate(async () => {
        const urls: string[] = []
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) {
            const url = new URL(request.url)
            urls.push(url.pathname + url.search)
          }
        }
        return urls
      })
    await expect.poll(async () => (await kept()).filter((u) => u.startsWith('/api/'))).toHaveLength(1)
    const urls = await kept()
    expect(urls).toContain(`/cars/${id}`)
    expect(urls).toContain('/offline.html')
    expect(urls.filter((u) => u.startsWith('/api/'))).toEqual([
      expect.stringMatching(/^\/api\/cars\/similar\/\?model=\d+&brand=\d+(&body=\w+)?&band=\d+&lang=ru$/),
    ])
  })
})
