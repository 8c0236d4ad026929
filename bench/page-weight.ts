import { gzipSync } from 'node:zlib'

/*
 * First-load JavaScript of a server-rendered page: every script the HTML makes the browser load before it
 * is interactive (`<link rel="modulepreload">`, `<script src>`, and the `import` statements of inline module
 * scripts), each fetched and gzipped with node:zlib at its default level, as a server or CDN would send it.
 * Scripts loaded later (lazy routes, dialogs) are not counted.
 */

export interface PageWeight {
  path: string
  status: number
  scripts: { url: string; bytes: number; gzip: number }[]
  jsGzipKb: number
  jsRawKb: number
  htmlGzipKb: number
  /** Whether the server itself compressed the HTML and the scripts (fetch asks for gzip, deflate and br). */
  servedCompressed: { html: boolean; scripts: boolean }
}

const kb = (n: number) => Math.round((n / 1024) * 10) / 10

function scriptUrls(html: string): string[] {
  const urls = new Set<string>()
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0])?.[1]
    if (href) urls.add(href)
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? ''
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1]
    if (src) urls.add(src)
    else if (/type="module"/.test(attrs)) {
      for (const imp of (m[2] ?? '').matchAll(/\bimport\s*(?:[^'"]*?from\s*)?["']([^"']+\.js)["']/g)) {
        if (imp[1]) urls.add(imp[1])
      }
    }
  }
  return [...urls]
}

/** `headers`: a signed-in visitor's cookie, for pages only they can open (the scripts are fetched without it). */
export async function measurePageWeight(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<PageWeight> {
  const res = await fetch(`${baseUrl}${path}`, { headers, redirect: 'manual' })
  const html = await res.text()
  let scriptsCompressed = true
  const scripts = await Promise.all(
    scriptUrls(html).map(async (u) => {
      const url = new URL(u, `${baseUrl}${path}`).toString()
      const r = await fetch(url)
      if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`)
      if (!r.headers.get('content-encoding')) scriptsCompressed = false
      const body = Buffer.from(await r.arrayBuffer())
      return { url: new URL(url).pathname, bytes: body.length, gzip: gzipSync(body).length }
    }),
  )
  return {
    path,
    status: res.status,
    scripts,
    jsGzipKb: kb(scripts.reduce((n, s) => n + s.gzip, 0)),
    jsRawKb: kb(scripts.reduce((n, s) => n + s.bytes, 0)),
    htmlGzipKb: kb(gzipSync(html).length),
    servedCompressed: { html: Boolean(res.headers.get('content-encoding')), scripts: scriptsCompressed },
  }
}

/**
 * Requests every photo variant a page refers to (src and srcset under /media/). Demo photos are drawn on
 * their first request, which real uploads never are (they are processed when uploaded), so Lighthouse must
 * not be the first to ask. Returns how many were fetched.
 */
export async function warmPageMedia(baseUrl: string, path: string): Promise<number> {
  const html = await (await fetch(`${baseUrl}${path}`)).text()
  const urls = new Set<string>()
  for (const m of html.matchAll(/\b(?:src|srcSet|srcset)="([^"]+)"/g)) {
    for (const part of (m[1] ?? '').split(',')) {
      const url = part.trim().split(/\s+/)[0]?.replaceAll('&amp;', '&')
      if (url?.startsWith('/media/')) urls.add(url)
    }
  }
  for (const url of urls) await (await fetch(`${baseUrl}${url}`)).arrayBuffer()
  return urls.size
}
