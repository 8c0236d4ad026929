import type { BodyType, Drive, EngineType, ListingCursor, ListingSort, Steering, Transmission } from '@tulpar/contracts'
import { and, asc, eq, gte, lte, ne, or, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { brands, cities, models } from '../reference/reference.tables.ts'
import { cardColumns } from './listings.repository.ts'
import { listingCounts, listings } from './listings.tables.ts'

/** Catalogue filters with slugs already resolved to ids; an absent field does not filter. */
export interface SearchFilter {
  brandId?: number
  modelId?: number
  cityId?: number
  yearFrom?: number
  yearTo?: number
  priceFrom?: number
  priceTo?: number
  mileageMaxKm?: number
  drive?: Drive
  bodyType?: BodyType
  transmission?: Transmission
  engineType?: EngineType
  steering?: Steering
  customsCleared?: boolean
  isNew?: boolean
  tulpar?: boolean
  warranty?: boolean
  credit?: boolean
  hot?: boolean
}

/** The fields `listing_counts` keeps totals for; any other filter needs a count over `listings`. */
const SUMMARY_FIELDS = new Set<keyof SearchFilter>(['brandId', 'modelId', 'cityId', 'isNew'])

export function isSummaryCountable(f: SearchFilter): boolean {
  return Object.entries(f).every(([k, v]) => v === undefined || SUMMARY_FIELDS.has(k as keyof SearchFilter))
}

/**
 * The WHERE clause of a catalogue search. Only published listings are visible; every condition is a plain
 * column comparison so the partial `status = 'published'` indexes apply.
 */
export function filterConditions(f: SearchFilter): SQL {
  return and(sql`${listings.status} = 'published'`, matchConditions(f)) ?? sql`true`
}

/** The filter's own conditions, without the visibility rule (for the sample, inside an index of published rows). */
function matchConditions(f: SearchFilter): SQL {
  const l = listings
  // Constant conditions are SQL literals, not parameters, so they match the partial index predicates even
  // in a generic plan.
  const parts: (SQL | undefined)[] = [
    f.brandId === undefined ? undefined : eq(l.brandId, f.brandId),
    f.modelId === undefined ? undefined : eq(l.modelId, f.modelId),
    f.cityId === undefined ? undefined : eq(l.cityId, f.cityId),
    f.yearFrom === undefined ? undefined : gte(l.year, f.yearFrom),
    f.yearTo === undefined ? undefined : lte(l.year, f.yearTo),
    f.priceFrom === undefined ? undefined : gte(l.priceKzt, f.priceFrom),
    f.priceTo === undefined ? undefined : lte(l.priceKzt, f.priceTo),
    f.mileageMaxKm === undefined ? undefined : lte(l.mileageKm, f.mileageMaxKm),
    f.drive === undefined ? undefined : eq(l.drive, f.drive),
    f.bodyType === undefined ? undefined : eq(l.bodyType, f.bodyType),
    f.transmission === undefined ? undefined : eq(l.transmission, f.transmission),
    f.engineType === undefined ? undefined : eq(l.engineType, f.engineType),
    f.steering === undefined ? undefined : eq(l.steering, f.steering),
    f.customsCleared === undefined
      ? undefined
      : f.customsCleared
        ? sql`${l.isCustomsCleared}`
        : sql`not ${l.isCustomsCleared}`,
    f.isNew === undefined ? undefined : f.isNew ? sql`${l.isNew}` : sql`not ${l.isNew}`,
    f.tulpar ? sql`${l.isTulpar}` : undefined,
    f.warranty ? sql`${l.hasWarranty}` : undefined,
    f.credit ? sql`${l.isCreditAvailable}` : undefined,
    // Hot offers: marked by the company, or priced well below the market estimate.
    f.hot ? sql`(${l.isHot} or ${l.dealRating} = 'great')` : undefined,
  ]
  return and(...parts) ?? sql`true`
}

interface SortSpec {
  column: AnyPgColumn
  direction: 'asc' | 'desc'
  /** For descending sorts: DESC NULLS LAST indexes, or a backward walk of an ascending one (NULLS FIRST). */
  nulls?: 'first' | 'last'
  /** The sort key as a JS number, for the cursor. */
  key: SQL<number>
  /** The cursor key back as an SQL value comparable with `column`. */
  value: (key: number) => SQL
}

const numberKey = (column: AnyPgColumn) => sql<number>`${column}`.mapWith(Number)
const plain = (key: number) => sql`${key}`

/** Every sort breaks ties by id in the same direction, so the order is total and keyset paging is exact. */
const SORTS: Record<ListingSort, SortSpec> = {
  newest: {
    column: listings.publishedAt,
    direction: 'desc',
    // Microseconds: PostgreSQL keeps them and a millisecond key would skip or repeat rows.
    key: sql<number>`(extract(epoch from ${listings.publishedAt}) * 1000000)::bigint`.mapWith(Number),
    value: (us) => sql`${microsToIso(us)}::timestamptz`,
  },
  price_asc: { column: listings.priceKzt, direction: 'asc', key: numberKey(listings.priceKzt), value: plain },
  price_desc: {
    column: listings.priceKzt,
    direction: 'desc',
    nulls: 'first',
    key: numberKey(listings.priceKzt),
    value: plain,
  },
  year_desc: { column: listings.year, direction: 'desc', key: numberKey(listings.year), value: plain },
  mileage_asc: { column: listings.mileageKm, direction: 'asc', key: numberKey(listings.mileageKm), value: plain },
}

/** `1795264248891123` -> `2026-11-21T12:30:48.891123Z` (Date alone would drop the last three digits). */
export function microsToIso(us: number): string {
  const ms = Math.floor(us / 1000)
  const rest = String(us - ms * 1000).padStart(3, '0')
  return new Date(ms).toISOString().replace('Z', `${rest}Z`)
}

/**
 * ORDER BY matching the index definitions exactly, NULLS placement included (drizzle writes `.desc()` index
 * columns as DESC NULLS LAST, and a plain ORDER BY ... DESC means NULLS FIRST, which no index would serve).
 * The sort columns are never null on a published listing, so the placement changes nothing else.
 */
function orderBy(spec: SortSpec): SQL[] {
  if (spec.direction === 'asc') return [sql`${spec.column} asc`, sql`${listings.id} asc`]
  const nulls = spec.nulls === 'first' ? sql`nulls first` : sql`nulls last`
  return [sql`${spec.column} desc ${nulls}`, sql`${listings.id} desc ${nulls}`]
}

/** Rows after the cursor in its sort; a row comparison the (key, id) indexes answer directly. */
function afterCursor(spec: SortSpec, cursor: ListingCursor): SQL {
  const op = spec.direction === 'asc' ? sql`>` : sql`<`
  return sql`(${spec.column}, ${listings.id}) ${op} (${spec.value(cursor.key)}, ${cursor.id})`
}

export interface SearchPageRequest {
  sort: ListingSort
  limit: number
  offset: number
  cursor?: ListingCursor
}

/**
 * One page of cards in a total order. The ids are picked first (an index walk that touches no reference
 * table), then only those rows are joined with brand, model and city.
 */
export function findSearchPage(db: Db, filter: SearchFilter, req: SearchPageRequest) {
  const spec = SORTS[req.sort]
  const where = req.cursor ? and(filterConditions(filter), afterCursor(spec, req.cursor)) : filterConditions(filter)
  const page = db.$with('page').as(
    db
      .select({ pageId: listings.id, cursorKey: spec.key.as('cursor_key') })
      .from(listings)
      .where(where)
      .orderBy(...orderBy(spec))
      .limit(req.limit)
      .offset(req.offset),
  )
  return db
    .with(page)
    .select({ ...cardColumns, cursorKey: page.cursorKey })
    .from(page)
    .innerJoin(listings, eq(listings.id, page.pageId))
    .innerJoin(brands, eq(brands.id, listings.brandId))
    .innerJoin(models, eq(models.id, listings.modelId))
    .innerJoin(cities, eq(cities.id, listings.cityId))
    .orderBy(...orderBy(spec))
}
export type SearchCardRow = Awaited<ReturnType<typeof findSearchPage>>[number]

/** The exact number of matches; call it only when the brand/model/city part bounds the work (see the service). */
export async function countMatches(db: Db, filter: SearchFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(listings)
    .where(filterConditions(filter))
  return row?.n ?? 0
}

/** The brand, model and city part of a filter: what `listing_counts` knows exactly and the indexes lead with. */
export function placePart(f: SearchFilter): SearchFilter {
  return { brandId: f.brandId, modelId: f.modelId, cityId: f.cityId }
}

/**
 * Of the `size` newest listings of the filter's brand/model/city part, how many match the whole filter: a
 * sample for estimating the count, read inside one index (the part's newest-first index, which carries
 * every filter column), so it costs `size` index entries whatever the filter.
 */
export async function sampleMatches(db: Db, filter: SearchFilter, size: number) {
  const spec = SORTS.newest
  const sample = db
    .select({ hit: sql<boolean>`${matchConditions(filter)}`.as('hit') })
    .from(listings)
    .where(filterConditions(placePart(filter)))
    .orderBy(...orderBy(spec))
    .limit(size)
    .as('sample')
  const [row] = await db
    .select({
      hits: sql<number>`count(*) filter (where ${sample.hit})`.mapWith(Number),
      seen: sql<number>`count(*)`.mapWith(Number),
    })
    .from(sample)
  return { hits: row?.hits ?? 0, seen: row?.seen ?? 0 }
}

const ALL = 0

/** The exact number of published listings from the maintained totals (brand/model/city/newness only). */
export async function readSummaryCount(db: Db, filter: SearchFilter): Promise<number> {
  const c = listingCounts
  const [row] = await db
    .select({ n: c.n })
    .from(c)
    .where(
      and(
        eq(c.newness, filter.isNew === undefined ? 'all' : filter.isNew ? 'new' : 'used'),
        eq(c.cityId, filter.cityId ?? ALL),
        eq(c.brandId, filter.brandId ?? ALL),
        eq(c.modelId, filter.modelId ?? ALL),
      ),
    )
  return row?.n ?? 0
}

export interface SlugIds {
  brandId: number | null
  modelId: number | null
  cityId: number | null
}

/** Brand, model (of that brand) and city ids in one round trip; null where a slug names nothing. */
export async function resolveSlugs(db: Db, slugs: { brand?: string; model?: string; city?: string }): Promise<SlugIds> {
  const none = sql<number | null>`null::int`
  const brandId = slugs.brand ? sql<number | null>`(select id from ${brands} where slug = ${slugs.brand})` : none
  const modelId =
    slugs.brand && slugs.model
      ? sql<number | null>`(select m.id from ${models} m join ${brands} b on b.id = m.brand_id
          where b.slug = ${slugs.brand} and m.slug = ${slugs.model})`
      : none
  const cityId = slugs.city ? sql<number | null>`(select id from ${cities} where slug = ${slugs.city})` : none
  const [row] = await db.select({ brandId, modelId, cityId }).from(sql`(values (1)) as one (x)`)
  return row ?? { brandId: null, modelId: null, cityId: null }
}

export interface FacetRow {
  brandId: number
  modelId: number
  brandSlug: string | null
  brandName: string | null
  modelSlug: string | null
  modelName: string | null
  n: number
}

/**
 * Totals for the filter lists in one read of `listing_counts`: the grand total (brand 0), each brand (model 0)
 * and, when `brandId` is given, each model of that brand. Only rows with listings.
 */
export function findFacetRows(db: Db, cityId: number, brandId: number | null): Promise<FacetRow[]> {
  const c = listingCounts
  const scope = brandId === null ? eq(c.modelId, ALL) : or(eq(c.modelId, ALL), eq(c.brandId, brandId))
  return db
    .select({
      brandId: c.brandId,
      modelId: c.modelId,
      brandSlug: brands.slug,
      brandName: brands.name,
      modelSlug: models.slug,
      modelName: models.name,
      n: c.n,
    })
    .from(c)
    .leftJoin(brands, eq(brands.id, c.brandId))
    .leftJoin(models, eq(models.id, c.modelId))
    .where(and(eq(c.newness, 'all'), eq(c.cityId, cityId), scope, ne(c.n, 0)))
    .orderBy(asc(brands.name), asc(models.name))
}
