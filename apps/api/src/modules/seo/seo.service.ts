import type { Db } from '../../db/client.ts'
import { SitemapNotFoundError } from './seo.errors.ts'
import * as repo from './seo.repository.ts'
import { listingIdsPerFile, packFiles, type SitemapRef, sitemapIndex, urlEntry, urlset, wrapUrlset } from './seo.xml.ts'

/** Pages outside the catalogue that search engines should know. */
const STATIC_PATHS = ['/', '/tulpar-auto']

/** Paths crawlers must not spend time on: the API, personal and sign-in pages, forms, the admin. */
const DISALLOWED = ['/api/', '/account', '/auth', '/admin', '/create-auto', '/locale']

export interface SeoServiceDeps {
  db: Db
  /** Absolute origin without a trailing slash, e.g. https://tulpar.kz */
  publicUrl: string
}

interface CatalogueEntry {
  path: string
  lastmod: Date | null
}

export function createSeoService({ db, publicUrl }: SeoServiceDeps) {
  const idsPerFile = listingIdsPerFile(publicUrl)
  const abs = (path: string) => `${publicUrl}${path}`

  /** The readable catalogue URLs that have published listings, sorted so file n is stable between requests. */
  async function catalogueFiles(): Promise<{ entries: string[]; lastmod: Date | null }[]> {
    const [combos, slugs] = await Promise.all([repo.findPublishedCombinations(db), repo.findSlugs(db)])
    const pages = new Map<string, CatalogueEntry>()
    const touch = (path: string, at: Date | null) => {
      const page = pages.get(path)
      if (!page) pages.set(path, { path, lastmod: at })
      else if (at && (!page.lastmod || at > page.lastmod)) page.lastmod = at
    }
    for (const c of combos) {
      const brand = c.brandId === null ? undefined : slugs.brands.get(c.brandId)
      const model = c.modelId === null ? undefined : slugs.models.get(c.modelId)
      const city = c.cityId === null ? undefined : slugs.cities.get(c.cityId)
      // A published listing always has all three (check constraint); skip rather than emit a broken URL.
      if (!brand || !model || !city) continue
      const at = c.lastPublishedAt
      touch('/auto', at)
      touch(`/auto/${city}`, at)
      touch(`/auto/${brand}`, at)
      touch(`/auto/${brand}/${city}`, at)
      touch(`/auto/${brand}/${model}`, at)
      touch(`/auto/${brand}/${model}/${city}`, at)
    }
    const sorted = [...pages.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    const rendered = sorted.map((p) => ({
      xml: urlEntry({ loc: abs(p.path), lastmod: p.lastmod }),
      lastmod: p.lastmod,
    }))
    return packFiles(rendered).map((file) => ({
      entries: file.map((e) => e.xml),
      lastmod: file.reduce<Date | null>((m, e) => (e.lastmod && (!m || e.lastmod > m) ? e.lastmod : m), null),
    }))
  }

  return {
    /** robots.txt: everything public may be crawled except the listed paths; points at the sitemap index. */
    robotsTxt(): string {
      return [
        'User-agent: *',
        'Allow: /',
        ...DISALLOWED.map((p) => `Disallow: ${p}`),
        '',
        `Sitemap: ${abs('/sitemap.xml')}`,
        '',
      ].join('\n')
    },

    /** The sitemap index: the static pages, the catalogue files and one file per id range that has published cars. */
    async sitemapIndex(): Promise<string> {
      const [catalogue, ranges] = await Promise.all([catalogueFiles(), repo.findPublishedIdRanges(db, idsPerFile)])
      const refs: SitemapRef[] = [
        { loc: abs('/sitemaps/static.xml') },
        ...catalogue.map((f, i) => ({ loc: abs(`/sitemaps/catalogue-${i + 1}.xml`), lastmod: f.lastmod })),
        ...ranges.map((r) => ({ loc: abs(`/sitemaps/cars-${r.n}.xml`), lastmod: r.lastmod })),
      ]
      return sitemapIndex(refs)
    },

    staticSitemap(): string {
      return urlset(STATIC_PATHS.map((p) => ({ loc: abs(p) })))
    },

    /** Throws SitemapNotFoundError past the last catalogue file. */
    async catalogueSitemap(n: number): Promise<string> {
      const files = await catalogueFiles()
      const file = files[n - 1]
      if (!file) throw new SitemapNotFoundError(`catalogue-${n}`)
      return wrapUrlset(file.entries)
    },

    /**
     * Published cars with ids in range n (one primary-key range scan). Throws SitemapNotFoundError past the
     * highest id; a range whose cars are all gone is an empty, valid file.
     */
    async carsSitemap(n: number): Promise<string> {
      const maxId = await repo.findMaxListingId(db)
      if (n < 1 || n > Math.ceil(maxId / idsPerFile)) throw new SitemapNotFoundError(`cars-${n}`)
      const rows = await repo.findPublishedInIdRange(db, (n - 1) * idsPerFile + 1, n * idsPerFile)
      return urlset(rows.map((r) => ({ loc: abs(`/cars/${r.id}`), lastmod: r.updatedAt })))
    },
  }
}
export type SeoService = ReturnType<typeof createSeoService>
