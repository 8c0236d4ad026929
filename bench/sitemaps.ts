import { gzipSync } from 'node:zlib'

/*
 * The sitemaps at full size: the index, the middle cars file (50,000 ids, one primary-key range scan) and
 * the catalogue file (reads the published rows once). Each is fetched three times, one at a time; the
 * first answer is cold-ish (whatever the earlier parts left in the caches), the best is warm.
 */
export interface SitemapTiming {
  path: string
  urls: number
  xmlBytes: number
  gzipBytes: number
  firstMs: number
  bestMs: number
}

async function timed(url: string): Promise<{ ms: number; body: string }> {
  const t0 = performance.now()
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } })
  const body = await res.text()
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`)
  return { ms: performance.now() - t0, body }
}

export async function measureSitemaps(baseUrl: string): Promise<SitemapTiming[]> {
  const index = await (await fetch(`${baseUrl}/sitemap.xml`)).text()
  const cars = [...index.matchAll(/\/sitemaps\/cars-\d+\.xml/g)].map((m) => m[0])
  const middle = cars[Math.floor(cars.length / 2)] ?? '/sitemaps/cars-1.xml'
  const out: SitemapTiming[] = []
  for (const path of ['/sitemap.xml', middle, '/sitemaps/catalogue-1.xml']) {
    const runs = [await timed(`${baseUrl}${path}`), await timed(`${baseUrl}${path}`), await timed(`${baseUrl}${path}`)]
    const body = runs[0]?.body ?? ''
    out.push({
      path,
      urls: (body.match(/<loc>/g) ?? []).length,
      xmlBytes: Buffer.byteLength(body),
      gzipBytes: gzipSync(body).length,
      firstMs: Math.round(runs[0]?.ms ?? 0),
      bestMs: Math.round(Math.min(...runs.map((r) => r.ms))),
    })
  }
  return out
}
