import {
  type CreateSavedSearchBody,
  type ListingSearchQuery,
  type Locale,
  SAVED_SEARCHES_LIMIT,
  type SavedSearch,
  type SavedSearchList,
  type UpdateSavedSearchBody,
} from '@tulpar/contracts'
import { CATALOGUE_FILTER_KEYS } from '@tulpar/contracts/constants'
import { formatPrice } from '@tulpar/contracts/format'
import type { Db } from '../../db/client.ts'
import { FieldValidationError } from '../../lib/errors.ts'
import type { SessionUser } from '../identity/index.ts'
import type { JobSender } from '../jobs/index.ts'
import type { ListingsService } from '../listings/index.ts'
import { SavedSearchLimitError, SavedSearchNotFoundError } from './saved-searches.errors.ts'
import * as repo from './saved-searches.repository.ts'

/** How far the daily digest trails the clock: a match is stamped with its transaction's start, and one still
 * committing when a digest runs is taken by the next. Matching takes milliseconds; 30 s is ample. */
const DIGEST_SETTLE_MS = 30_000

/** The filters as catalogue query values; defaults and unticked boxes are left out. */
function filtersToQuery(q: ListingSearchQuery): Record<string, string> {
  const out: Record<string, string> = {}
  for (const key of CATALOGUE_FILTER_KEYS) {
    const value = q[key]
    if (value === undefined || value === false) continue
    if (key === 'newness' && value === 'all') continue
    out[key] = String(value)
  }
  return out
}

function toView(row: repo.SavedSearchRow, newCount: number): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    filters: Object.fromEntries(new URLSearchParams(row.path)),
    alerts: row.alerts === 'instant' || row.alerts === 'off' ? row.alerts : 'daily',
    newCount,
    lastSeenAt: row.lastSeenAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }
}

/** The alert job telling a search's owner of `count` new cars (`key` makes a retried job deliver nothing twice). */
function matchesAlert(
  search: { id: number; userId: string; name: string },
  key: string,
  count: number,
  listingIds: number[],
) {
  return {
    key,
    userId: search.userId,
    alert: {
      kind: 'search-matches' as const,
      savedSearchId: search.id,
      name: search.name,
      path: '',
      count,
      listingIds,
    },
  }
}

const ANY = { ru: 'Все машины', kk: 'Барлық көліктер', en: 'All cars' } as const
const UP_TO = { ru: 'до', kk: 'дейін', en: 'up to' } as const
const FROM = { ru: 'от', kk: 'бастап', en: 'from' } as const

export function createSavedSearchesService({
  db,
  listings,
  jobs,
}: {
  db: Db
  listings: Pick<ListingsService, 'resolveSearchFilter'>
  jobs: JobSender
}) {
  /** `Toyota Camry, Алматы, до 15 000 000 ₸`: what the filters find, in the user's language. */
  async function defaultName(
    filter: Awaited<ReturnType<typeof listings.resolveSearchFilter>>,
    dealerName: string | null,
    locale: Locale,
  ) {
    if (!filter) return ANY[locale]
    const parts: string[] = []
    if (filter.brandId !== undefined) {
      const brand = await repo.findBrandName(db, filter.brandId)
      const model = filter.modelId === undefined ? null : await repo.findModelName(db, filter.modelId)
      parts.push([brand, model].filter(Boolean).join(' '))
    }
    if (dealerName) parts.push(dealerName)
    if (filter.cityId !== undefined) {
      const c = await repo.findCityNames(db, filter.cityId)
      if (c) parts.push(c[locale])
    }
    if (filter.yearFrom !== undefined || filter.yearTo !== undefined)
      parts.push([filter.yearFrom ?? '', filter.yearTo ?? ''].join('–'))
    if (filter.priceTo !== undefined)
      parts.push(
        locale === 'kk'
          ? `${formatPrice(filter.priceTo, locale)} ${UP_TO.kk}`
          : `${UP_TO[locale]} ${formatPrice(filter.priceTo, locale)}`,
      )
    else if (filter.priceFrom !== undefined)
      parts.push(
        locale === 'kk'
          ? `${formatPrice(filter.priceFrom, locale)} ${FROM.kk}`
          : `${FROM[locale]} ${formatPrice(filter.priceFrom, locale)}`,
      )
    const name = parts.filter(Boolean).join(', ')
    return (name || ANY[locale]).slice(0, 80)
  }

  return {
    /**
     * Saves the catalogue filters; the same filters saved again give back the search already kept (a double
     * tap makes no twin). Throws SavedSearchLimitError at SAVED_SEARCHES_LIMIT, 400 for unknown places.
     */
    async createSavedSearch(
      u: Pick<SessionUser, 'id'>,
      body: CreateSavedSearchBody,
      locale: Locale,
    ): Promise<SavedSearch> {
      const path = new URLSearchParams(filtersToQuery(body.filters)).toString()
      const existing = await repo.findOwnByPath(db, u.id, path)
      if (existing) {
        const counts = await repo.countNewMatches(db, [existing.id])
        return toView(existing, counts.get(existing.id) ?? 0)
      }
      if ((await repo.countForUser(db, u.id)) >= SAVED_SEARCHES_LIMIT) throw new SavedSearchLimitError()
      const filter = await listings.resolveSearchFilter(body.filters)
      // A dealer's search names the dealer; one for a dealer that does not exist would never match.
      const dealerName = filter?.dealerId === undefined ? null : await repo.findDealerName(db, filter.dealerId)
      if (!filter || (filter.dealerId !== undefined && dealerName === null))
        throw new FieldValidationError([
          { field: 'filters', code: 'saved_search.unknown_place', message: 'Unknown brand, model, city or dealer' },
        ])
      const row = await repo.insertSavedSearch(db, {
        userId: u.id,
        name: body.name ?? (await defaultName(filter, dealerName, locale)),
        path,
        alerts: body.alerts,
        brandId: filter.brandId ?? null,
        modelId: filter.modelId ?? null,
        cityId: filter.cityId ?? null,
        yearFrom: filter.yearFrom ?? null,
        yearTo: filter.yearTo ?? null,
        priceFrom: filter.priceFrom ?? null,
        priceTo: filter.priceTo ?? null,
        mileageMaxKm: filter.mileageMaxKm ?? null,
        drive: filter.drive ?? null,
        bodyType: filter.bodyType ?? null,
        transmission: filter.transmission ?? null,
        engineType: filter.engineType ?? null,
        steering: filter.steering ?? null,
        customsCleared: filter.customsCleared ?? null,
        isNew: filter.isNew ?? null,
        tulpar: filter.tulpar ?? false,
        warranty: filter.warranty ?? false,
        credit: filter.credit ?? false,
        hot: filter.hot ?? false,
        dealerId: filter.dealerId ?? null,
      })
      return toView(row, 0)
    },

    /** The user's saved searches, newest first, each with the cars matched since last opened. */
    async listSavedSearches(u: Pick<SessionUser, 'id'>): Promise<SavedSearchList> {
      const rows = await repo.findForUser(db, u.id)
      const counts = await repo.countNewMatches(
        db,
        rows.map((r) => r.id),
      )
      return { results: rows.map((r) => toView(r, counts.get(r.id) ?? 0)), limit: SAVED_SEARCHES_LIMIT }
    },

    /** Renames it or changes its alerts; another user's search is SavedSearchNotFoundError (nothing leaks). */
    async updateSavedSearch(u: Pick<SessionUser, 'id'>, id: number, body: UpdateSavedSearchBody): Promise<SavedSearch> {
      const row = await repo.updateOwn(db, u.id, id, {
        ...(body.name === undefined ? {} : { name: body.name }),
        // From now on: cars it was told of at once (or not at all) are not gathered into a first digest.
        ...(body.alerts === undefined ? {} : { alerts: body.alerts, alertedThrough: new Date() }),
      })
      if (!row) throw new SavedSearchNotFoundError(id)
      const counts = await repo.countNewMatches(db, [id])
      return toView(row, counts.get(id) ?? 0)
    },

    /** Opened now: its new-car count starts again from zero. Returns it (the web then opens the catalogue). */
    async markSavedSearchSeen(u: Pick<SessionUser, 'id'>, id: number): Promise<SavedSearch> {
      const row = await repo.updateOwn(db, u.id, id, { lastSeenAt: new Date() })
      if (!row) throw new SavedSearchNotFoundError(id)
      return toView(row, 0)
    },

    async deleteSavedSearch(u: Pick<SessionUser, 'id'>, id: number): Promise<void> {
      if (!(await repo.deleteOwn(db, u.id, id))) throw new SavedSearchNotFoundError(id)
    },

    /**
     * Matches a just-published listing against every saved search (indexed) and records the matches; when any of
     * them wants alerts at once, one `search-alerts` job in the same transaction sends them (daily ones wait for
     * the digest). Returns the number of searches matched.
     */
    async matchPublishedListing(listingId: number): Promise<number> {
      return db.transaction(async (tx) => {
        const { matched, instant } = await repo.recordMatches(tx, listingId, new Date())
        if (instant) await jobs.send('search-alerts', { listingId }, { tx })
        return matched
      })
    },

    /**
     * The at-once alerts for a listing: every instant search it matched gets one alert about it, all queued by one
     * insert. Keyed by search and listing, so a retried job delivers nothing twice.
     */
    async sendInstantAlerts(listingId: number): Promise<number> {
      return db.transaction(async (tx) => {
        const instant = await repo.findInstantMatches(tx, listingId)
        await jobs.sendMany(
          'alert',
          instant.map((r) => matchesAlert(r, `search:${r.id}:listing:${listingId}`, 1, [listingId])),
          { tx },
        )
        return instant.length
      })
    },

    /**
     * The daily digest: every daily search with pending matches and no alert for a day gets one alert with the
     * number of new cars. Pages of `batch` searches, one transaction each (matches marked, alert queued).
     */
    async sendDueDigests(batch = 500, now = new Date()): Promise<number> {
      let after = 0
      let sent = 0
      for (;;) {
        const at = now
        // Matches are stamped with their transaction's start: one still committing is left for the next digest.
        const upTo = new Date(at.getTime() - DIGEST_SETTLE_MS)
        const ids = await repo.findDueDigests(db, after, batch, at, upTo)
        if (ids.length === 0) return sent
        await db.transaction(async (tx) => {
          const rows = await repo.takeDigestBatch(tx, ids, at, upTo)
          const hour = at.toISOString().slice(0, 13)
          await jobs.sendMany(
            'alert',
            rows.map((r) => matchesAlert(r, `search:${r.id}:digest:${hour}`, r.count, r.listingIds)),
            { tx },
          )
          sent += rows.length
        })
        after = ids[ids.length - 1] ?? after
      }
    },
  }
}
export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>
