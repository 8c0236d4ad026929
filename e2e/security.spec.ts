import { request as httpRequest } from 'node:http'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { DESKTOP, launchChromium, newContextWithCity, watchConsole } from './browser.ts'

const baseUrl = inject('baseUrl')
const admin = inject('admin')
let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

/** A signed-in session's cookie header (the e2e admin). */
async function adminCookie(): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  })
  expect(res.status).toBe(200)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/**
 * A raw request (fetch cannot send bytes that are not UTF-8, or stream a body without a length, as an attacker
 * can). Settles on the answer's status line: a 413 may come, and the socket close, before the body is sent.
 */
function rawPost(path: string, body: Buffer | Buffer[], headers: Record<string, string>) {
  return new Promise<{ status: number; location?: string }>((resolve, reject) => {
    const url = new URL(path, baseUrl)
    let answered = false
    const options = { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers, agent: false }
    const req = httpRequest(options, (res) => {
      answered = true
      resolve({ status: res.statusCode ?? 0, location: res.headers.location })
      res.resume()
    })
    // Writing may fail once the server has answered and stopped reading; without an answer, it is a failure.
    req.on('error', (error) => {
      if (!answered) reject(error)
    })
    for (const part of Array.isArray(body) ? body : [body]) req.write(part)
    req.end()
  })
}

const form = { 'content-type': 'application/x-www-form-urlencoded' }

describe('security headers', () => {
  test('/, /account and /admin carry a nonce CSP, no framing, nosniff and a referrer policy; each page its own nonce', async () => {
    const cookie = await adminCookie()
    const nonces = new Set<string>()
    for (const path of ['/', '/account', '/admin']) {
      const res = await fetch(`${baseUrl}${path}`, { headers: { cookie } })
      expect(res.status, path).toBe(200)
      const csp = res.headers.get('content-security-policy') ?? ''
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? ''
      expect(nonce, path).not.toBe('')
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      // A signed-in page is personal: no shared cache keeps it.
      expect(res.headers.get('cache-control'), path).toContain('no-store')
      // Every inline script React Router wrote carries this response's nonce.
      const html = await res.text()
      const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].filter((m) => !m[1]?.includes('ld+json'))
      expect(scripts.length, path).toBeGreaterThan(0)
      for (const m of scripts) expect(m[1], path).toContain(`nonce="${nonce}"`)
      nonces.add(nonce)
    }
    expect(nonces.size).toBe(3)
  })

  test('personal API answers say no-store', async () => {
    const res = await fetch(`${baseUrl}/api/profiles/me/`, { headers: { cookie: await adminCookie() } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
  })

  test('pages hydrate under the policy with no violation in the console', async () => {
    const context = await newContextWithCity(browser, baseUrl, { viewport: DESKTOP })
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(`${baseUrl}/`)
    await page.evaluate(() => {
      ;(window as unknown as { stayed: boolean }).stayed = true
    })
    // A client-side navigation (no full load) proves React Router runs.
    await page.locator('header a[href^="/auto"]').first().click()
    await page.waitForURL(/\/auto/)
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
    await page.goto(`${baseUrl}/auth`)
    await page.locator('.auth-card button[type="submit"]:enabled').first().waitFor()
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('request limits and redirects', () => {
  test('a form post over the limit is refused with 413, declared or streamed, and the server stays up', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024, 'a')
    const declared = await rawPost('/locale', big, { ...form, 'content-length': String(big.length) })
    expect(declared.status).toBe(413)
    const chunks = Array.from({ length: 40 }, () => Buffer.alloc(64 * 1024, 'b'))
    const streamed = await rawPost('/cars/1/callback', chunks, { ...form, 'transfer-encoding': 'chunked' })
    expect(streamed.status).toBe(413)
    const small = await rawPost('/locale', Buffer.from('locale=kk&redirectTo=%2Fauto'), form)
    expect([small.status, small.location]).toEqual([302, '/auto'])
  })

  test('redirect targets never leave the site', async () => {
    const back = await rawPost('/locale', Buffer.from('locale=en&redirectTo=%2F%5Cevil.example%2F'), form)
    expect(back.status).toBe(302)
    expect(back.location).toBe('/')
    const tab = await fetch(`${baseUrl}/auth?redirectTo=%2F%09%2Fevil.example%2F`, {
      headers: { cookie: await adminCookie() },
      redirect: 'manual',
    })
    expect(tab.status).toBe(302)
    expect(tab.headers.get('location')).toBe('/account')
  })

  test('bytes that are not UTF-8 in redirectTo are a 400, not a 500', async () => {
    const body = Buffer.concat([Buffer.from('locale=kk&redirectTo=/'), Buffer.from([0xff, 0xfe])])
    expect((await rawPost('/locale', body, form)).status).toBe(400)
  })
})

describe('static files', () => {
  test('/favicon.ico is an icon; a missing file is a small 404, not the not-found page', async () => {
    const icon = await fetch(`${baseUrl}/favicon.ico`)
    expect(icon.status).toBe(200)
    expect(Buffer.from(await icon.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]))
    for (const path of ['/assets/missing.js', '/favicon.png', '/media/listings/1/missing/card.jpg']) {
      const res = await fetch(`${baseUrl}${path}`)
      expect(res.status, path).toBe(404)
      expect((await res.text()).length, path).toBeLessThan(400)
    }
  })
})
