/*
 * The tags of what guests' kept answers and pages show, and of what a change purges (decision 019): the API's
 * search, the web's pages (through `@tulpar/api/page-tags`: no other code comes with it) and the database's
 * notifications (db/page-changes.ts) name them alike. No imports: the web's server bundle takes this file alone.
 */

/** The tag of one listing: its page, its API answer and every list showing it (db/page-changes.ts purges it). */
export const listingTag = (id: number) => `listing:${id}`

/**
 * Where a list of cars looks, as its filters name it (slugs): a brand, a model of that brand, a city. A car outside
 * the scope can never be on the list, nor in its count: its changes leave the list alone (decision 042).
 */
export interface ListScope {
  brand?: string | undefined
  /** Only with `brand` (a model's slug is unique within its brand). */
  model?: string | undefined
  city?: string | undefined
}

/**
 * The one tag of a list's scope: `lists` (every car), `brand:{brand}`, `model:{brand}/{model}`, each alone or for one
 * city (`...@{city}`). A car published, sold or edited purges the tag of every scope it is in (`carScopeTags`).
 */
export function listScopeTag({ brand, model, city }: ListScope): string {
  const base = brand ? (model ? `model:${brand}/${model}` : `brand:${brand}`) : 'lists'
  return city ? `${base}@${city}` : base
}

/**
 * The scopes a car is in, by its brand, model and city (slugs; empty when it has none): all cars, its brand, its
 * model, each in all Kazakhstan and in its city. Their tags are what its publication, sale or edit purges.
 */
export function carScopeTags(brand: string, model: string, city: string): string[] {
  const brands: ListScope[] = [{}, ...(brand ? [{ brand }] : []), ...(brand && model ? [{ brand, model }] : [])]
  return brands.flatMap((scope) => [listScopeTag(scope), ...(city ? [listScopeTag({ ...scope, city })] : [])])
}

/**
 * The tag of a model's newcomers: a car of it coming on the market (published, or a car on sale moved to the model or
 * to another body type). What a newcomer alone can change carries it instead of the model's scope: a band's similar
 * cars (decision 045), which a car leaving the market changes only if it is shown, and then its own tag says so. The
 * hourly pauses of unconfirmed cars (decision 032) and every sale leave them alone.
 */
export const arrivalsTag = (brand: string, model: string) => `arrivals:${brand}/${model}`

/**
 * The tags of a list of cars: its scope's and each car shown's. A car published, sold or edited purges the lists of
 * every scope it is in; a new price only the lists showing it (decisions 038, 042).
 */
export const listTags = (scope: ListScope, ids: Iterable<number>): string[] => [
  listScopeTag(scope),
  ...Array.from(ids, listingTag),
]
