import { existsSync, statSync } from 'node:fs'
import { connect } from 'node:net'
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib'
import { describe, expect, inject, test } from 'vitest'
import { untilReady, useJourney, watchConsole } from './browser.ts'

const { baseUrl, onDesktop } = useJourney()

/** A signed-in session's cookie header (the e2e admin, signed in once by global-setup). */
async function adminCookie(): Promise<string> {
  return `tulpar.session_token=${inject('adminSession')}`
}

/**
 * A raw request over a socket (fetch cannot send bytes that are not UTF-8, or stream a body without a length, as
 * an attacker can). Settles on the answer's status line: a 413 may come before the body is sent. Not Node's
 * http client: it asks for `Connection: close`, so the server rightly closes after the 413 while the client is
 * still writing, and the reset (EPIPE) can beat the answer; a browser or curl keeps the connection, and the
 * server then reads and drops the rest of the body.
 */
function rawPost(path: string, body: Buffer | Buffer[], headers: Record<string, string>) {
  return new Promise<{ status: number; location?: string }>((resolve, reject) => {
    const url = new URL(path, baseUrl)
    const chunked = headers['transfer-encoding'] === 'chunked'
    const parts = Array.isArray(body) ? body : [body]
    const lines = [
      `POST ${url.pathname} HTTP/1.1`,
      `Host: ${url.host}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ]
    if (!chunked && headers['content-length'] === undefined) {
      lines.push(`Content-Length: ${parts.reduce((n, p) => n + p.length, 0)}`)
    }
    const socket = connect(Number(url.port), url.hostname)
    let received = ''
    let settled = false
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1')
      const end = received.indexOf('\r\n\r\n')
      if (settled || end < 0) return
      settled = true
      const head = received.slice(0, end).split('\r\n')
      const status = Number(head[0]?.split(' ')[1])
      const location = head.find((h) => /^location:/i.test(h))?.replace(/^location:\s*/i, '')
      resolve({ status, location })
      socket.destroy()
    })
    socket.on('error', (error) => {
      if (!settled) reject(error)
    })
    socket.on('close', () => {
      if (!settled) reject(new Error(`no answer to POST ${path}`))
    })
    const frames = chunked
      ? [
          ...parts.flatMap((p) => [Buffer.from(`${p.length.toString(16)}\r\n`), p, Buffer.from('\r\n')]),
          Buffer.from('0\r\n\r\n'),
        ]
      : parts.flatMap((p) =>
          Array.from({ length: Math.ceil(p.length / 65536) }, (_, i) => p.subarray(i * 65536, (i + 1) * 65536)),
        )
    socket.write(`${lines.join('\r\n')}\r\n\r\n`)
    // Written with back-pressure, and no more once the answer is in.
    const pump = () => {
      while (!settled && frames.length > 0) {
        if (!socket.write(frames.shift() as Buffer)) return void socket.once('drain', pump)
      }
    }
    pump()
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
    const context = await onDesktop()
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
    await untilReady(page, page.locator('.auth-card button[type="submit"]:enabled'))
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

  test("the page's scripts and styles are sent as compressed at build time, by what the browser accepts", async () => {
    const html = await (await fetch(`${baseUrl}/`)).text()
    const assets = [...html.matchAll(/(?:modulepreload|stylesheet)" href="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
      (m) => m[1] ?? '',
    )
    expect(assets.length).toBeGreaterThan(3)
    const built = new URL('../apps/web/build/client', import.meta.url).pathname
    // Files under 1 KB have no variants (precompress.ts): compressed on the way out, if at all.
    const compressed = assets.filter((path) => existsSync(`${built}${path}.br`))
    expect(compressed.length).toBeGreaterThan(3)
    for (const path of assets) {
      const variants = compressed.includes(path)
      const size = (suffix: string) => String(statSync(`${built}${path}${suffix}`).size)
      for (const [accept, encoding, suffix] of [
        ['br, gzip', 'br', '.br'],
        ['gzip', 'gzip', '.gz'],
        ['identity', null, ''],
      ] as const) {
        const res = await fetch(`${baseUrl}${path}`, { headers: { 'accept-encoding': accept } })
        expect(res.status, path).toBe(200)
        if (variants) {
          expect(res.headers.get('content-encoding'), `${path} ${accept}`).toBe(encoding)
          // The build's file as it is: its length is the variant's (fetch decodes the body).
          expect(res.headers.get('content-length'), `${path} ${accept}`).toBe(size(suffix))
        }
        expect(res.headers.get('vary'), path).toBe('accept-encoding')
        expect(res.headers.get('content-type'), path).toMatch(path.endsWith('.js') ? /javascript/ : /^text\/css/)
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
        await res.arrayBuffer()
      }
    }
  })

  test("every page's messages: one preloaded file per language, kept a year, not in the page; another name is 404", async () => {
    const files: string[] = []
    for (const lang of ['ru', 'kk', 'en']) {
      const html = await (await fetch(`${baseUrl}/auto?lang=${lang}`)).text()
      const href = /<link rel="preload" href="(\/assets\/i18n\/[a-z]{2}\.[0-9a-f]{12}\.json)" as="fetch"/.exec(
        html,
      )?.[1]
      expect(href, lang).toMatch(new RegExp(`^/assets/i18n/${lang}\\.`))
      // The messages' keys are nowhere in the page: the texts it shows are rendered, the rest is in the file.
      expect(html).not.toContain('notFound.home')
      const file = await fetch(`${baseUrl}${href}`, { headers: { 'accept-encoding': 'br' } })
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toMatch(/^application\/json/)
      expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(file.headers.get('content-encoding')).toBe('br')
      expect(file.headers.get('vary')).toBe('accept-encoding')
      const messages = (await file.json()) as Record<string, string>
      expect(messages['notFound.home']).toBe({ ru: 'На главную', kk: 'Басты бетке', en: 'Go home' }[lang])
      // Compressed once at the strongest settings: smaller than brotli 4, and so than the on-the-fly quality (3).
      expect(Number(file.headers.get('content-length'))).toBeLessThan(
        brotliCompressSync(JSON.stringify(messages), {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 },
        }).length,
      )
      for (const [accept, encoding] of [
        ['gzip', 'gzip'],
        ['identity', null],
      ] as const) {
        const other = await fetch(`${baseUrl}${href}`, { headers: { 'accept-encoding': accept } })
        expect(other.headers.get('content-encoding'), accept).toBe(encoding)
        expect(((await other.json()) as Record<string, string>)['notFound.home'], accept).toBe(
          messages['notFound.home'],
        )
      }
      files.push(href ?? '')
    }
    expect(new Set(files).size).toBe(3)
    for (const path of ['/assets/i18n/ru.000000000000.json', '/assets/i18n/xx.json']) {
      const res = await fetch(`${baseUrl}${path}`)
      expect(res.status, path).toBe(404)
      expect((await res.text()).length, path).toBeLessThan(400)
    }
  })

  test("the app links' documents come from the settings, past the page router's catch-all and missing-file 404", async () => {
    const android = await fetch(`${baseUrl}/.well-known/assetlinks.json`)
    expect(android.status).toBe(200)
    expect(android.headers.get('content-type')).toMatch(/^application\/json/)
    const [statement] = (await android.json()) as {
      target: { package_name: string; sha256_cert_fingerprints: string[] }
    }[]
    expect(statement?.target.package_name).toBe('kz.tulpar.auto')
    expect(statement?.target.sha256_cert_fingerprints[0]).toMatch(/^00:07:0E:15:/)
    const apple = await fetch(`${baseUrl}/.well-known/apple-app-site-association`, { redirect: 'manual' })
    expect(apple.status).toBe(200)
    expect(apple.headers.get('content-type')).toMatch(/^application\/json/)
    const aasa = (await apple.json()) as { applinks: { details: { appIDs: string[] }[] } }
    expect(aasa.applinks.details[0]?.appIDs).toEqual(['E2ETEAM123.kz.tulpar.auto'])
    // Another file there is still the small 404, not the not-found page.
    const missing = await fetch(`${baseUrl}/.well-known/missing.json`)
    expect(missing.status).toBe(404)
    expect((await missing.text()).length).toBeLessThan(400)
  })
})
