import {
  LISTING_MAX_PAGE,
  LISTING_PAGE_SIZE,
  type ListingCard,
  type ListingDetail,
  type ListingFacets,
  type ListingFacetsQuery,
  type ListingPage,
  type ListingSearchQuery,
  type Locale,
} from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import type { ReferenceService } from '../reference/index.ts'
import { ListingNotFoundError } from './listings.errors.ts'
import { listingFacetsStandIn } from './listings.facets-local.ts'
import { toListingCard, toListingDetail } from './listings.mapper.ts'
import * as repo from './listings.repository.ts'

export interface ListingsServiceDeps {
  db: Db
  reference: ReferenceService
}

const EMPTY_PAGE = (page: number): ListingPage => ({
  results: [],
  count: 0,
  page,
  pageSize: LISTING_PAGE_SIZE,
  pageCount: 0,
  nextCursor: null,
})

export function createListingsService({ db, reference }: ListingsServiceDeps) {
  /** Resolves brand/model slugs to ids; null when a slug names nothing (so nothing can match). */
  async function resolveFilter(q: ListingSearchQuery): Promise<repo.ListingFilter | null> {
    const { brand, model, page: _page, lang: _lang, ...rest } = q
    const filter: repo.ListingFilter = {
      yearFrom: rest.yearFrom,
      yearTo: rest.yearTo,
      priceFrom: rest.priceFrom,
      priceTo: rest.priceTo,
      hot: rest.hot,
      tulpar: rest.tulpar,
    }
    if (brand) {
      const b = await reference.findBrandBySlug(brand)
      if (!b) return null
      filter.brandId = b.id
      if (model) {
        const m = await reference.findModelBySlug(b.id, model)
        if (!m) return null
        filter.modelId = m.id
      }
    }
    return filter
  }

  return {
    /** One page of published listings, newest first, with the total number of matches. */
    async searchListings(q: ListingSearchQuery, locale: Locale): Promise<ListingPage> {
      const filter = await resolveFilter(q)
      if (!filter) return EMPTY_PAGE(q.page)
      const [rows, total] = await Promise.all([
        repo.findListingCards(db, filter, LISTING_PAGE_SIZE, (q.page - 1) * LISTING_PAGE_SIZE),
        repo.countListings(db, filter),
      ])
      return {
        results: rows.map((r) => toListingCard(r, locale)),
        count: total,
        page: q.page,
        pageSize: LISTING_PAGE_SIZE,
        pageCount: Math.min(Math.ceil(total / LISTING_PAGE_SIZE), LISTING_MAX_PAGE),
        nextCursor: null,
      }
    },

    /** Counts per brand (and per model of `brand`) for the filter lists. Stand-in until the search branch's. */
    listingFacets: (q: ListingFacetsQuery, locale: Locale): Promise<ListingFacets> =>
      listingFacetsStandIn(db, q, locale),

    /** The newest published listings (home page). */
    async listNewest(limit: number, locale: Locale, filter: repo.ListingFilter = {}): Promise<ListingCard[]> {
      const rows = await repo.findListingCards(db, filter, limit, 0)
      return rows.map((r) => toListingCard(r, locale))
    },

    /** Throws ListingNotFoundError; only published and sold listings are public. */
    async getListing(id: number, locale: Locale): Promise<ListingDetail> {
      const row = await repo.findListingDetail(db, id)
      if (!row) throw new ListingNotFoundError(id)
      const groups = await reference.groupOptions(row.options, locale)
      return toListingDetail(row, groups, locale)
    },
  }
}
export type ListingsService = ReturnType<typeof createListingsService>
