import type { Db } from '../../db/client.ts'
import { SitemapNotFoundError } from './seo.errors.ts'
import * as repo from './seo.repository.ts'
import {
  catalogueUrlsPerFile,
  listingIdsPerFile,
  MAX_SLUG_LENGTH,
  type SitemapUrl,
  sitemapIndex,
  urlset,
  urlsetChunks,
} from './seo.xml.ts'

/** Pages outside the catalogue that search engines should know. */
const STATIC_PATHS = ['/', '/tulpar-auto', '/about', '/contacts', '/privacy-policy', '/user-agreements']

/** Paths crawlers must not spend time on: the API, personal and sign-in pages, forms, the admin. */
const DISALLOWED = ['/api/', '/account', '/auth', '/admin', '/create-auto', '/locale']

export interface SeoServiceDeps {
  db: Db
  /** Absolute origin without a trailing slash, e.g. https://tulpar.kz */
  publicUrl: string
}

/*
 * The sitemap index costs two index probes and three small counts, never a scan of the listings: cars
 * files are fixed ranges of ids up to the highest id (a range whose cars are all gone is an empty file),
 * and the number of catalogue files follows from how many make/model/city pages could exist. Each cars
 * file is one primary-key range scan; the catalogue file reads the published rows once.
 */
export function createSeoService({ db, publicUrl }: SeoServiceDeps) {
  const idsPerFile = listingIdsPerFile(publicUrl)
  const cataloguePerFile = catalogueUrlsPerFile(publicUrl)
  const abs = (path: string) => `${publicUrl}${path}`

  async function catalogueFileCount(): Promise<number> {
    const { brands: b, models: m, cities: c } = await repo.countReference(db)
    // /auto, /auto/{city}, /auto/{brand}, /auto/{brand}/{city}, /auto/{brand}/{model}, /auto/{brand}/{model}/{city}
    const possible = 1 + c + b + b * c + m + m * c
    return Math.max(1, Math.ceil(possible / cataloguePerFile))
  }

  /** The readable catalogue URLs that have published listings, sorted, so file n is stable between requests. */
  async function cataloguePages(): Promise<SitemapUrl[]> {
    const [combos, slugs] = await Promise.all([repo.findPublishedCombinations(db), repo.findSlugs(db)])
    const pages = new Map<string, Date | null>()
    const touch = (path: string, at: Date | null) => {
      const seen = pages.get(path)
      if (seen === undefined || (at && (!seen || at > seen))) pages.set(path, at)
    }
    const slug = (map: Map<number, string>, id: number | null) => {
      const s = id === null ? undefined : map.get(id)
      // Longer slugs cannot be searched (contract rule) and would break the per-file size bound.
      return s && s.length <= MAX_SLUG_LENGTH ? s : undefined
    }
    for (const row of combos) {
      const brand = slug(slugs.brands, row.brandId)
      const model = slug(slugs.models, row.modelId)
      const city = slug(slugs.cities, row.cityId)
      if (!brand || !model || !city) continue
      const at = row.lastPublishedAt
      touch('/auto', at)
      touch(`/auto/${city}`, at)
      touch(`/auto/${brand}`, at)
      touch(`/auto/${brand}/${city}`, at)
      touch(`/auto/${brand}/${model}`, at)
      touch(`/auto/${brand}/${model}/${city}`, at)
    }
    return [...pages.keys()].sort().map((path) => ({ loc: abs(path), lastmod: pages.get(path) ?? null }))
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

    /** The sitemap index: the static pages, the catalogue files and one cars file per range of ids. */
    async sitemapIndex(): Promise<string> {
      const [catalogueFiles, maxId] = await Promise.all([catalogueFileCount(), repo.findMaxListingId(db)])
      const carsFiles = Math.ceil(maxId / idsPerFile)
      return sitemapIndex([
        { loc: abs('/sitemaps/static.xml') },
        ...Array.from({ length: catalogueFiles }, (_, i) => ({ loc: abs(`/sitemaps/catalogue-${i + 1}.xml`) })),
        ...Array.from({ length: carsFiles }, (_, i) => ({ loc: abs(`/sitemaps/cars-${i + 1}.xml`) })),
      ])
    },

    staticSitemap(): string {
      return urlset(STATIC_PATHS.map((p) => ({ loc: abs(p) })))
    },

    /** Throws SitemapNotFoundError past the last catalogue file the index lists. */
    async catalogueSitemap(n: number): Promise<AsyncIterable<string>> {
      if (n < 1 || n > (await catalogueFileCount())) throw new SitemapNotFoundError(`catalogue-${n}`)
      const pages = await cataloguePages()
      return urlsetChunks(pages.slice((n - 1) * cataloguePerFile, n * cataloguePerFile))
    },

    /**
     * Published cars with ids in range n (one primary-key range scan), each with its last change.
     * Throws SitemapNotFoundError past the highest id.
     */
    async carsSitemap(n: number): Promise<AsyncIterable<string>> {
      const maxId = await repo.findMaxListingId(db)
      if (n < 1 || n > Math.ceil(maxId / idsPerFile)) throw new SitemapNotFoundError(`cars-${n}`)
      const rows = await repo.findPublishedInIdRange(db, (n - 1) * idsPerFile + 1, n * idsPerFile)
      return urlsetChunks(rows.map((r) => ({ loc: abs(`/cars/${r.id}`), lastmod: r.updatedAt })))
    },
  }
}
export type SeoService = ReturnType<typeof createSeoService>
