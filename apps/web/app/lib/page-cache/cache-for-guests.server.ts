import { listingTag, listScopeTag, listTags } from '@tulpar/api/page-tags'
import type { RouterContextProvider } from 'react-router'
import { pagePolicyContext } from '#app-context'

/**
 * How long guests' pages may be kept. Changes purge them at once (every process, by tag), and a process that lost
 * its listener purges everything when it listens again (apps/api/src/db/page-changes.ts), so these bound what no
 * notification names: a car page shows how long ago it was published (an hour; issue 39 measured the long tail of
 * car pages, each opened rarely, missing the cache when they were kept 5 minutes). No page outlives its day
 * (`cacheForGuests`): pages show dates relative to today.
 */
export const GUEST_PAGE_SECONDS = {
  car: 3600,
  lists: 60,
  partners: 300,
  company: 3600,
} as const

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
