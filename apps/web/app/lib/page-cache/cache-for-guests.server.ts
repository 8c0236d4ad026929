import { listingTag, listScopeTag, listTags } from '@tulpar/api/page-tags'
import type { RouterContextProvider } from 'react-router'
import { pagePolicyContext } from '#app-context'

/**
 * How long guests' pages may be kept. Changes purge them at once (every process, by tag), and a process that lost
 * its listener purges everything when it listens again (apps/api/src/db/page-changes.ts), so these bound only what
 * no notification names. No page outlives its day (`cacheForGuests`): pages show dates relative to today.
 *
 * A car page six hours (decision 047): everything it shows purges it when it changes (its listing, photos, prices
 * and valuation; its seller's name, its dealer, its inspection reports, the other listings of its VIN: migrations
 * 0017, 0036, 0039), its dates are days, and its views counter is the browser's. Issue 39 measured the long tail of
 * car pages, each opened rarely: kept an hour, 23% of car views were renders.
 */
export const GUEST_PAGE_SECONDS = {
  car: 6 * 3600,
  lists: 60,
  partners: 300,
  company: 3600,
} as const

/** The longest any guest's page is kept: the shared store keeps purge times as long (shared-page-store.server.ts). */
export const LONGEST_GUEST_PAGE_MS = Math.max(...Object.values(GUEST_PAGE_SECONDS)) * 1000

/**
 * Tags of what a page shows (the database's notifications name the same, apps/api/src/db/page-changes.ts). A list's
 * scope and its cars' tags are the API's (`listScopeTag`, `listTags`): the search answers and the pages are purged
 * alike.
 */
export const pageTags = {
  listing: listingTag,
  /**
   * The lists of one scope (all cars, a brand, a model, in all Kazakhstan or one city): only a change of a car in
   * that scope touches them (decision 042).
   */
  scope: listScopeTag,
  /**
   * A list of cars: its scope's lists and each car shown (a new price purges only the lists showing the car,
   * decision 038; a car published, sold or edited only the lists of its scopes, decision 042).
   */
  list: listTags,
  partners: 'partners',
  /** About, contacts: the company's contacts, branches and reviews. */
  company: 'company',
} as const

/**
 * Lets a guest's answer to this page be cached for `seconds` and purged when any of `tags` changes. Does nothing
 * for anyone else (a signed-in visitor's page is never cached) or when called by a page that is not cacheable.
 */
export function cacheForGuests(
  context: Readonly<RouterContextProvider>,
  seconds: number,
  tags: Iterable<string | null | undefined>,
): void {
  const policy = context.get(pagePolicyContext)
  if (!policy.eligible) return
  policy.seconds = Math.min(seconds, secondsLeftToday())
  for (const tag of tags) if (tag) policy.tags.add(tag)
}

/** Whole seconds until the next UTC midnight (the day pages compute their dates in), at least 1. */
export function secondsLeftToday(now = Date.now()): number {
  const DAY = 86_400_000
  return Math.max(1, Math.floor((DAY - (now % DAY)) / 1000))
}
