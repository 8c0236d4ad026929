import {
  type ListingViewResult,
  type Locale,
  type PhoneReveal,
  SIMILAR_LISTINGS_LIMIT,
  type SimilarBandListings,
  type SimilarBandQuery,
  type SimilarListings,
} from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limiter.ts'
import { bandWindow } from './car-page.bands.ts'
import { type GoneListingSummary, ListingSoldError } from './car-page.errors.ts'
import { CAR_PAGE_LIMITS } from './car-page.limits.ts'
import * as repo from './car-page.repository.ts'
import { deriveVisitorId, hashVisitor, isVisitorId, viewDay } from './car-page.visitor.ts'
import { goneError } from './listings.detail.ts'
import { ListingNotFoundError } from './listings.errors.ts'
import { toListingCard } from './listings.mapper.ts'
import { createPlaces, type Places } from './search.places.ts'

export interface CarPageServiceDeps {
  db: Db
  /** Public reads (similar cars, the removed page): the read replica when there is one. Views use `db`. */
  readDb?: Db
  limiter: RateLimiter
  /** Keys the visitor hashes (the app's auth secret). */
  secret: string
  now?: () => Date
  /** The process's copy of reference names (the similar cards' brands, models and cities). */
  places?: Places
}

/** Who is asking: the client address (rate limits) and, for views, its browser and visitor id. */
export interface CarPageClient {
  ip: string
  userAgent?: string
  visitorId?: string
}

/** Listings whose page shows (published, sold) or explains itself (archived: 410); the rest do not exist. */
const VISIBLE = new Set(['published', 'sold', 'archived'])

export function createCarPageService({
  db,
  readDb = db,
  limiter,
  secret,
  now = () => new Date(),
  places = createPlaces(readDb),
}: CarPageServiceDeps) {
  /**
   * Throws ListingNotFoundError for what is not public (drafts, moderation, rejected, unknown ids). `from`: the
   * handle to read (the primary where the answer follows a write of this request).
   */
  async function requireVisible(id: number, from: Db = db): Promise<repo.ListingState> {
    const state = await repo.findListingState(from, id)
    if (!state || !VISIBLE.has(state.status)) throw new ListingNotFoundError(id)
    return state
  }

  /**
   * The listing must be on sale to contact its seller. Throws ListingGoneError (410) when removed,
   * ListingSoldError (409) when sold, ListingNotFoundError (404) otherwise.
   */
  async function requireOnSale(id: number): Promise<repo.ListingState> {
    const state = await requireVisible(id)
    if (state.status === 'archived') throw goneError(state)
    if (state.status === 'sold') throw new ListingSoldError(id)
    return state
  }

  async function listSimilarTo(base: repo.SimilarBase, locale: Locale): Promise<SimilarListings> {
    // Each tier brings twice the page size per side: up to 7 of a later tier's rows can repeat earlier picks
    // (a tier is only needed when the ones before it came up short), and 8 fresh ones must remain.
    const rows = await repo.findSimilarCards(readDb, base, SIMILAR_LISTINGS_LIMIT * 2, SIMILAR_LISTINGS_LIMIT)
    return { results: (await places.name(rows)).map((r) => toListingCard(r, locale)) }
  }

  return {
    requireOnSale,

    /** What the "removed" page says about a listing, or null when the listing is not a removed one. */
    async findRemovedListing(id: number): Promise<GoneListingSummary | null> {
      const state = await repo.findListingState(readDb, id)
      return state?.status === 'archived' ? goneError(state).listing : null
    },

    /** What the "paused" page says about a listing (decision 032), or null when the listing is not paused. */
    async findPausedListing(id: number): Promise<GoneListingSummary | null> {
      const state = await repo.findListingState(readDb, id)
      return state?.status === 'paused' ? goneError(state).listing : null
    },

    /** The seller's number, counted; rate-limited per address so the numbers cannot be harvested. */
    async revealPhone(id: number, client: CarPageClient): Promise<PhoneReveal> {
      await enforceRateLimits(limiter, [
        { key: `phone-reveal:ip:short:${client.ip}`, ...CAR_PAGE_LIMITS.phoneRevealPerIpShort },
        { key: `phone-reveal:ip:day:${client.ip}`, ...CAR_PAGE_LIMITS.phoneRevealPerIpDay },
      ])
      const phone = await repo.revealContactPhone(db, id, viewDay(now()))
      if (phone) return { phone }
      // Not published (any more): say why, as the detail would.
      await requireOnSale(id)
      throw new ListingNotFoundError(id)
    },

    /**
     * Counts one view per visitor per day (Almaty time), however often the page is reloaded. Answers the
     * visitor id used, so the web can keep it in a cookie. Never throws for limits: an uncounted view is fine.
     * Throws ListingGoneError (410) for a removed listing and ListingNotFoundError for a hidden one.
     */
    async recordView(id: number, client: CarPageClient): Promise<ListingViewResult & { visitorId: string }> {
      const visitorId = isVisitorId(client.visitorId)
        ? client.visitorId
        : deriveVisitorId(secret, client.ip, client.userAgent ?? '')
      const day = viewDay(now())
      const visitorHash = hashVisitor(secret, visitorId)
      if (await repo.insertViewIfVisible(db, id, day, visitorHash)) {
        const { limit, windowSeconds } = CAR_PAGE_LIMITS.countedViewsPerIpListingDay
        if ((await limiter.hit(`views:ip:${client.ip}:${id}`, limit, windowSeconds)).allowed) {
          const viewsCount = await repo.incrementViews(db, id)
          if (viewsCount !== null) return { counted: true, viewsCount, visitorId }
        } else {
          // Not counted, so not remembered either: the same visitor from another address still counts.
          await repo.deleteView(db, id, day, visitorHash)
        }
      }
      // Seen today already, over the limit, or not a public page: the state says which.
      const state = await requireVisible(id)
      if (state.status === 'archived') throw goneError(state)
      return { counted: false, viewsCount: state.viewsCount, visitorId }
    },

    /**
     * The similar cars of a price band now (decision 045): one more than a page shows, nearest the window's price
     * (car-page.bands.ts), so a car of the band drops itself and still shows 8. `until`: when the window ends.
     */
    async listBand(q: SimilarBandQuery, locale: Locale): Promise<SimilarBandListings & { until: number }> {
      const { priceKzt, until } = bandWindow(q.band, now().getTime())
      const base = { id: 0, modelId: q.model, brandId: q.brand, bodyType: q.body ?? null, priceKzt }
      const rows = await repo.findSimilarCards(readDb, base, SIMILAR_LISTINGS_LIMIT * 2, SIMILAR_LISTINGS_LIMIT + 1)
      return { results: (await places.name(rows)).map((r) => toListingCard(r, locale)), until }
    },

    /**
     * Up to 8 published cars like this one: the same model at the nearest prices, then the same brand and body
     * type, then the body type. Also answers for removed and paused listings (their pages point to these).
     */
    async listSimilar(id: number, locale: Locale): Promise<SimilarListings> {
      // A paused car's page (decision 032) points to these too.
      const state = await requireVisible(id, readDb).catch(async (error: unknown) => {
        const paused = await repo.findListingState(readDb, id)
        if (paused?.status === 'paused') return paused
        throw error
      })
      const { modelId, brandId, bodyType, priceKzt } = state
      if (modelId === null || brandId === null || priceKzt === null) return { results: [] }
      return listSimilarTo({ id, modelId, brandId, bodyType, priceKzt }, locale)
    },
  }
}
export type CarPageService = ReturnType<typeof createCarPageService>
