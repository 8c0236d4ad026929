import { arrivalsTag, carScopeTags } from '../lib/page-tags.ts'
import type { Database } from './client.ts'
import { listenChannel } from './listen.ts'

/** The channel the database's triggers notify when something guests' pages show changed (migration 0017). */
export const PAGES_CHANNEL = 'tulpar_pages'

/** Everything: a bulk insert, or more cars at once than one notification names. */
export const ALL_PAGES = '*'

const SLUG = /^[a-z0-9-]+$/

/**
 * The page tags a notification purges (the web's page cache tags pages the same way): a listing's change
 * (`l:{id}:{brand}:{model}:{city}`, slugs, empty when it has none) touches its own page, every page that shows it
 * and the lists of every scope it is in (its brand, its model, its city, all cars: decision 042), and with `:a` after
 * them (a car that came on the market, migration 0041) what its model's newcomers change (`arrivalsTag`); a new price
 * (`v:{id},...`) only the pages showing those cars; partners' and company tables their pages.
 */
export function tagsOfPageChange(payload: string): string[] {
  if (payload === ALL_PAGES) return [ALL_PAGES]
  const [kind, rest = ''] = [payload.slice(0, 1), payload.slice(2)]
  if (kind === 'l') {
    const [id, ...place] = rest.split(':')
    if (!id || !/^\d+$/.test(id)) return []
    // A slug that is not one (the trigger writes only slugs) names no scope; a model without its brand neither.
    const [brand = '', model = '', city = '', arrived = ''] = place.map((slug) => (SLUG.test(slug) ? slug : ''))
    const tags = [`listing:${id}`, ...carScopeTags(brand, model, city)]
    if (arrived === 'a' && brand && model) tags.push(arrivalsTag(brand, model))
    return tags
  }
  if (kind === 'v')
    return rest
      .split(',')
      .filter((id) => /^\d+$/.test(id))
      .map((id) => `listing:${id}`)
  if (kind === 'p') return ['partners']
  if (kind === 'c') return ['company']
  return []
}

type Log = { warn: (o: object, m: string) => void; error: (o: object, m: string) => void }

/**
 * Calls `purge` with the tags of every change committed by any process, and with everything (`*`) when it listens
 * again after a lost connection (the changes of the gap are unknown): so a kept page is never older than the last
 * change it shows, and its time limit is only for what no notification names. Returns the function that stops.
 */
export function listenPageChanges(
  database: Pick<Database, 'pool' | 'pglite'>,
  purge: (tags: string[]) => void,
  log: Log,
): Promise<() => Promise<void>> {
  return listenChannel(database, PAGES_CHANNEL, (payload) => purge(tagsOfPageChange(payload)), log, {
    onReconnect: () => purge([ALL_PAGES]),
  })
}
