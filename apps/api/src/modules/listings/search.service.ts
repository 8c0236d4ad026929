import {
  decodeListingCursor,
  encodeListingCursor,
  LISTING_MAX_PAGE,
  LISTING_PAGE_SIZE,
  type ListingCard,
  type ListingFacets,
  type ListingFacetsQuery,
  type ListingPage,
  type ListingSearchQuery,
  type ListingSort,
  type Locale,
  PROMOTED_SLOTS_PER_PAGE,
} from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { toListingCard } from './listings.mapper.ts'
import { createPlaces, type Places } from './search.places.ts'
import * as repo from './search.repository.ts'

const emptyPage = (page: number): ListingPage => ({
  results: [],
  count: 0,
  countIsExact: true,
  page,
  pageSize: LISTING_PAGE_SIZE,
  pageCount: 0,
  nextCursor: null,
  promoted: [],
})

/** The query's filters without the place; brand, model and city are added once their slugs are resolved. */
function toSearchFilter(q: ListingSearchQuery): repo.SearchFilter {
  return {
    yearFrom: q.yearFrom,
    yearTo: q.yearTo,
    priceFrom: q.priceFrom,
    priceTo: q.priceTo,
    mileageMaxKm: q.mileageMax,
    drive: q.drive,
    bodyType: q.bodyType,
    transmission: q.transmission,
    engineType: q.engineType,
    steering: q.steering,
    customsCleared: q.customsCleared,
    isNew: q.newness === 'all' ? undefined : q.newness === 'new',
    // A flag set to false means "not only these", not "none of these".
    tulpar: q.tulpar || undefined,
    warranty: q.warranty || undefined,
    credit: q.credit || undefined,
    hot: q.hot || undefined,
    dealerId: q.dealer,
  }
}

interface Count {
  count: number
  exact: boolean
}

/**
 * Up to this many published listings in a brand/model/city part are counted exactly under any other
 * filter; beyond it the count is estimated from the part's newest this-many (docs/decisions/005).
 */
export const COUNT_SAMPLE_SIZE = 2000

/** Two significant digits: an estimate should not look more precise than it is. */
export function roundEstimate(n: number): number {
  if (n < 100) return Math.round(n)
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1)
  return Math.round(n / unit) * unit
}

export function createListingSearch({
  db,
  places = createPlaces(db),
  clock = () => new Date(),
}: {
  db: Db
  places?: Places
  clock?: () => Date
}) {
  /** The paid top placements for a page's marked slots: the hour and the page choose them (decision 033). */
  async function promotedSlots(filter: repo.SearchFilter, page: number, cursor: string | undefined, locale: Locale) {
    const hour = Math.floor(clock().getTime() / 3_600_000)
    const rows = await repo.findPromotedSlots(db, filter, `${hour}:${cursor ?? page}`, PROMOTED_SLOTS_PER_PAGE)
    return (await places.name(rows)).map((r) => toListingCard(r, locale))
  }

  async function cards(
    filter: repo.SearchFilter,
    sort: ListingSort,
    page: number,
    cursor: string | undefined,
    totalOf: repo.SearchFilter,
  ) {
    const decoded = cursor === undefined ? undefined : (decodeListingCursor(cursor) ?? undefined)
    // One row more than a page tells whether a next page exists.
    return repo.findSearchPage(db, filter, {
      sort,
      limit: LISTING_PAGE_SIZE + 1,
      offset: decoded ? 0 : (page - 1) * LISTING_PAGE_SIZE,
      cursor: decoded,
      totalOf,
    })
  }

  /**
   * The count of a filter that goes beyond brand/model/city/newness, given the exact total of its
   * brand/model/city part: exact from the page itself when a numbered page is not full, exact by counting when
   * the part is small, otherwise estimated from a sample of the part (never below what the pages show).
   * `offset` is null after a cursor (the position is unknown).
   */
  async function countBeyondPlace(
    filter: repo.SearchFilter,
    partTotal: number,
    offset: number | null,
    rows: number,
  ): Promise<Count> {
    // A numbered page that is not full ends the matches (an empty one past the end says nothing).
    if (offset !== null && rows <= LISTING_PAGE_SIZE && (rows > 0 || offset === 0))
      return { count: offset + rows, exact: true }
    // A dealer's stock is counted in its own index; the sample reads a catalogue index that lacks the dealer.
    if (partTotal <= COUNT_SAMPLE_SIZE || filter.dealerId !== undefined)
      return { count: await repo.countMatches(db, filter), exact: true }
    const { hits, seen } = await repo.sampleMatches(db, filter, COUNT_SAMPLE_SIZE)
    const estimate = seen === 0 ? 0 : roundEstimate((partTotal * hits) / seen)
    return { count: Math.max(estimate, (offset ?? 0) + rows), exact: false }
  }

  return {
    /** The query's filters with brand, model and city resolved to ids; null when a slug is unknown. */
    async resolveSearchFilter(q: ListingSearchQuery): Promise<repo.SearchFilter | null> {
      const place = await places.resolve(q)
      return place ? { ...toSearchFilter(q), ...place } : null
    },

    /**
     * One page (numbered, or after a keyset cursor) of published listings in a total order, with the
     * number of matches: exact, or an estimate flagged by `countIsExact: false`. Unknown slugs give an
     * empty page.
     */
    async searchListings(q: ListingSearchQuery, locale: Locale): Promise<ListingPage> {
      const place = await places.resolve(q)
      if (!place) return emptyPage(q.page)
      const filter: repo.SearchFilter = { ...toSearchFilter(q), ...place }
      const countable = repo.isSummaryCountable(filter)
      const totalOf = countable ? filter : repo.placePart(filter)
      const [rows, promoted] = await Promise.all([
        cards(filter, q.sort, q.page, q.cursor, totalOf),
        promotedSlots(filter, q.page, q.cursor, locale),
      ])
      // The page carries its total; only a page past the end has no row to carry it.
      const partTotal = rows[0]?.partTotal ?? (await repo.readSummaryCount(db, totalOf))
      const offset = q.cursor === undefined ? (q.page - 1) * LISTING_PAGE_SIZE : null
      const total: Count = countable
        ? { count: partTotal, exact: true }
        : await countBeyondPlace(filter, partTotal, offset, rows.length)
      const hasMore = rows.length > LISTING_PAGE_SIZE
      const shown = await places.name(rows.slice(0, LISTING_PAGE_SIZE))
      const last = shown.at(-1)
      return {
        results: shown.map((r) => toListingCard(r, locale)),
        count: total.count,
        countIsExact: total.exact,
        page: q.page,
        pageSize: LISTING_PAGE_SIZE,
        pageCount: Math.min(Math.ceil(total.count / LISTING_PAGE_SIZE), LISTING_MAX_PAGE),
        nextCursor: hasMore && last ? encodeListingCursor({ sort: q.sort, key: last.cursorKey, id: last.id }) : null,
        promoted,
      }
    },

    /** The newest published listings matching a filter (home page blocks), without a count. */
    async listNewestCards(limit: number, locale: Locale, filter: repo.SearchFilter = {}): Promise<ListingCard[]> {
      const rows = await repo.findSearchPage(db, filter, { sort: 'newest', limit, offset: 0, totalOf: null })
      return (await places.name(rows)).map((r) => toListingCard(r, locale))
    },

    /**
     * Published listings per brand, and per model of `brand`, optionally within a city, from the totals the
     * triggers keep (no staleness). Unknown city: all zero; unknown brand: no models.
     */
    async listFacets(q: ListingFacetsQuery): Promise<ListingFacets> {
      const city = await places.resolve({ city: q.city })
      if (!city) return { total: 0, brands: [], models: [] }
      const brand = q.brand ? await places.resolve({ brand: q.brand }) : null
      const rows = await repo.findFacetRows(db, city.cityId ?? 0, brand?.brandId ?? null)
      const facets: ListingFacets = { total: 0, brands: [], models: [] }
      for (const r of rows) {
        if (r.brandId === 0) facets.total = r.n
        else if (r.modelId === 0 && r.brandSlug && r.brandName)
          facets.brands.push({ slug: r.brandSlug, name: r.brandName, count: r.n })
        else if (r.modelSlug && r.modelName) facets.models.push({ slug: r.modelSlug, name: r.modelName, count: r.n })
      }
      return facets
    },
  }
}
