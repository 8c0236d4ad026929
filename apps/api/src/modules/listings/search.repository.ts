import type { BodyType, Drive, EngineType, ListingCursor, ListingSort, Steering, Transmission } from '@tulpar/contracts'
import { and, asc, eq, gte, lte, ne, or, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { prepared } from '../../db/prepared.ts'
import { brands, models } from '../reference/reference.tables.ts'
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
  /** One dealer's cars (its page); a dealer's stock is small, so its counts are exact. */
  dealerId?: number
}

/** The fields `listing_counts` keeps totals for; any other filter needs a count over `listings`. */
const SUMMARY_FIELDS = new Set<keyof SearchFilter>(['brandId', 'modelId', 'cityId', 'isNew'])

export function isSummaryCountable(f: SearchFilter): boolean {
  return Object.entries(f).every(([k, v]) => v === undefined || SUMMARY_FIELDS.has(k as keyof SearchFilter))
}

/** The brand, model and city part of a filter: what `listing_counts` knows exactly and the indexes lead with. */
export function placePart(f: SearchFilter): SearchFilter {
  return { brandId: f.brandId, modelId: f.modelId, cityId: f.cityId }
}

/*
 * Every search query is built once per shape (which filters are present, the sort, cursor or offset) with
 * placeholders for the values, and run as a prepared statement named after that shape. Building a drizzle
 * query and planning it each cost more than the index walk it does; prepared, PostgreSQL plans a shape a
 * few times per connection and keeps a generic plan when it is as good. Conditions that select a partial
 * index (published, the flags, hot) are SQL literals, so the generic plans still use those indexes. The
 * cache holds compiled queries, not data (db/prepared.ts).
 */
type Params = Record<string, unknown>
const p = (name: string) => sql.placeholder(name)

/** Which filters are present, and the values of the ones written as literals. */
function filterShape(f: SearchFilter): string {
  return Object.entries(f)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => (typeof v === 'boolean' ? `${k}=${v}` : k))
    .sort()
    .join(',')
}

function filterParams(f: SearchFilter): Params {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && typeof v !== 'boolean'))
}

/**
 * The WHERE clause of a catalogue search. Only published listings are visible; every condition is a plain
 * column comparison so the partial `status = 'published'` indexes apply.
 */
function filterConditions(f: SearchFilter): SQL {
  return and(sql`${listings.status} = 'published'`, matchConditions(f)) ?? sql`true`
}

/** The filter's own conditions, without the visibility rule (for the sample, inside an index of published rows). */
function matchConditions(f: SearchFilter): SQL {
  const l = listings
  const parts: (SQL | undefined)[] = [
    f.brandId === undefined ? undefined : eq(l.brandId, p('brandId')),
    f.modelId === undefined ? undefined : eq(l.modelId, p('modelId')),
    f.cityId === undefined ? undefined : eq(l.cityId, p('cityId')),
    f.yearFrom === undefined ? undefined : gte(l.year, p('yearFrom')),
    f.yearTo === undefined ? undefined : lte(l.year, p('yearTo')),
    f.priceFrom === undefined ? undefined : gte(l.priceKzt, p('priceFrom')),
    f.priceTo === undefined ? undefined : lte(l.priceKzt, p('priceTo')),
    f.mileageMaxKm === undefined ? undefined : lte(l.mileageKm, p('mileageMaxKm')),
    f.drive === undefined ? undefined : eq(l.drive, p('drive')),
    f.bodyType === undefined ? undefined : eq(l.bodyType, p('bodyType')),
    f.transmission === undefined ? undefined : eq(l.transmission, p('transmission')),
    f.engineType === undefined ? undefined : eq(l.engineType, p('engineType')),
    f.steering === undefined ? undefined : eq(l.steering, p('steering')),
    f.customsCleared === undefined
      ? undefined
      : f.customsCleared
        ? sql`${l.isCustomsCleared}`
        : sql`not ${l.isCustomsCleared}`,
    f.isNew === undefined ? undefined : f.isNew ? sql`${l.isNew}` : sql`not ${l.isNew}`,
    f.tulpar ? sql`${l.isTulpar}` : undefined,
    f.warranty ? sql`${l.hasWarranty}` : undefined,
    f.credit ? sql`${l.isCreditAvailable}` : undefined,
    // Hot offers: marked by the company, priced well below the market estimate, or a paid hot offer running
    // (decision 033; its end is read against now(), and implies the partial index's `hot_until is not null`).
    f.hot ? sql`(${l.isHot} or ${l.dealRating} = 'great' or ${l.hotUntil} > now())` : undefined,
    f.dealerId === undefined ? undefined : eq(l.dealerId, p('dealerId')),
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
  /** The cursor key placeholder as an SQL value comparable with `column`. */
  value: SQL
  /** The cursor key as the placeholder's value. */
  param: (key: number) => unknown
}

const numberKey = (column: AnyPgColumn) => sql<number>`${column}`.mapWith(Number)
const asNumber = (key: number) => key

/** Every sort breaks ties by id in the same direction, so the order is total and keyset paging is exact. */
const SORTS: Record<ListingSort, SortSpec> = {
  newest: {
    column: listings.publishedAt,
    direction: 'desc',
    // Microseconds: PostgreSQL keeps them and a millisecond key would skip or repeat rows.
    key: sql<number>`(extract(epoch from ${listings.publishedAt}) * 1000000)::bigint`.mapWith(Number),
    value: sql`${p('cursorKey')}::timestamptz`,
    param: (us) => microsToIso(us),
  },
  price_asc: {
    column: listings.priceKzt,
    direction: 'asc',
    key: numberKey(listings.priceKzt),
    value: sql`${p('cursorKey')}::bigint`,
    param: asNumber,
  },
  price_desc: {
    column: listings.priceKzt,
    direction: 'desc',
    nulls: 'first',
    key: numberKey(listings.priceKzt),
    value: sql`${p('cursorKey')}::bigint`,
    param: asNumber,
  },
  year_desc: {
    column: listings.year,
    direction: 'desc',
    key: numberKey(listings.year),
    value: sql`${p('cursorKey')}::smallint`,
    param: asNumber,
  },
  mileage_asc: {
    column: listings.mileageKm,
    direction: 'asc',
    key: numberKey(listings.mileageKm),
    value: sql`${p('cursorKey')}::integer`,
    param: asNumber,
  },
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
function afterCursor(spec: SortSpec): SQL {
  const op = spec.direction === 'asc' ? sql`>` : sql`<`
  return sql`(${spec.column}, ${listings.id}) ${op} (${spec.value}, ${p('cursorId')}::bigint)`
}

const ALL = 0

/** The brand/model/city/newness total from `listing_counts`, as a scalar subquery (0 when no row). */
function summaryCount(db: Db) {
  const c = listingCounts
  return db
    .select({ n: sql`coalesce(sum(${c.n}), 0)` })
    .from(c)
    .where(
      and(
        eq(c.newness, p('totalNewness')),
        eq(c.cityId, p('totalCity')),
        eq(c.brandId, p('totalBrand')),
        eq(c.modelId, p('totalModel')),
      ),
    )
}

function summaryParams(f: SearchFilter): Params {
  return {
    totalNewness: f.isNew === undefined ? 'all' : f.isNew ? 'new' : 'used',
    totalCity: f.cityId ?? ALL,
    totalBrand: f.brandId ?? ALL,
    totalModel: f.modelId ?? ALL,
  }
}

export interface SearchPageRequest {
  sort: ListingSort
  limit: number
  offset: number
  cursor?: ListingCursor
  /** Also read this brand/model/city/newness total from `listing_counts` into every row (no extra round trip). */
  totalOf: SearchFilter | null
}

/**
 * ORDER BY ... LIMIT n OFFSET m with both numbers written into the SQL: as parameters, a generic plan
 * assumes they take a tenth of the rows, costs far more than the custom plans and is never chosen.
 */
function orderedSlice(spec: SortSpec, limit: number, offset: number): SQL[] {
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(offset) || limit < 0 || offset < 0)
    throw new Error(`Bad page slice ${limit}/${offset}`)
  const [key, id] = orderBy(spec)
  return [sql`${key}`, sql`${id} limit ${sql.raw(String(limit))} offset ${sql.raw(String(offset))}`]
}

function buildSearchPage(db: Db, filter: SearchFilter, req: SearchPageRequest) {
  const spec = SORTS[req.sort]
  const where = req.cursor ? and(filterConditions(filter), afterCursor(spec)) : filterConditions(filter)
  const page = db.$with('page').as(
    db
      .select({ pageId: listings.id, cursorKey: spec.key.as('cursor_key') })
      .from(listings)
      .where(where)
      .orderBy(...orderedSlice(spec, req.limit, req.offset)),
  )
  const { brand: _brand, model: _model, city: _city, ...listingColumns } = cardColumns
  return db
    .with(page)
    .select({
      ...listingColumns,
      brandId: listings.brandId,
      modelId: listings.modelId,
      cityId: listings.cityId,
      cursorKey: page.cursorKey,
      // Uncorrelated, so PostgreSQL reads it once for the whole page.
      partTotal: req.totalOf ? sql<number>`(${summaryCount(db)})`.mapWith(Number) : sql<null>`null`,
    })
    .from(page)
    .innerJoin(listings, eq(listings.id, page.pageId))
    .orderBy(...orderBy(spec))
}
export type SearchCardRow = Awaited<ReturnType<ReturnType<typeof buildSearchPage>['execute']>>[number]

/**
 * One page of listings in a total order: the ids are picked in the index first, then only those rows are
 * read. Brand, model and city come as ids; their names are the service's (see PlaceReference).
 */
export function findSearchPage(db: Db, filter: SearchFilter, req: SearchPageRequest): Promise<SearchCardRow[]> {
  const totalShape = req.totalOf ? filterShape(req.totalOf) : '-'
  const slice = `${req.limit}+${req.offset}`
  const shape = `page|${req.sort}|${req.cursor !== undefined}|${slice}|${filterShape(filter)}|${totalShape}`
  const query = prepared(db, `search|${shape}`, () => buildSearchPage(db, filter, req))
  return query.execute({
    ...filterParams(filter),
    ...(req.totalOf ? summaryParams(req.totalOf) : {}),
    ...(req.cursor ? { cursorKey: SORTS[req.sort].param(req.cursor.key), cursorId: req.cursor.id } : {}),
  })
}

/**
 * Up to `limit` running top placements (decision 033) matching the filter, for the marked slots above a catalogue
 * page: chosen in turn among all that match, by a hash of the id and `seed` (the hour and the page), so each has the
 * same chance, a page keeps its choice for the hour, and the next page shows others. The set is small (its own
 * partial index); the page's own order is not touched.
 */
export function findPromotedSlots(db: Db, filter: SearchFilter, seed: string, limit: number) {
  const query = prepared(db, `search|slots|${filterShape(filter)}`, () => {
    const { brand: _brand, model: _model, city: _city, ...listingColumns } = cardColumns
    return db
      .select({ ...listingColumns, brandId: listings.brandId, modelId: listings.modelId, cityId: listings.cityId })
      .from(listings)
      .where(and(filterConditions(filter), sql`${listings.topUntil} > now()`))
      .orderBy(sql`md5(${listings.id}::text || ${p('seed')}::text)`, asc(listings.id))
      .limit(p('limit'))
  })
  return query.execute({ ...filterParams(filter), seed, limit })
}

/** The exact number of matches; call it only when the brand/model/city part bounds the work (see the service). */
export async function countMatches(db: Db, filter: SearchFilter): Promise<number> {
  const query = prepared(db, `search|count|${filterShape(filter)}`, () =>
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(listings)
      .where(filterConditions(filter)),
  )
  const [row] = await query.execute(filterParams(filter))
  return row?.n ?? 0
}

/**
 * Of the `size` newest listings of the filter's brand/model/city part, how many match the whole filter: a
 * sample for estimating the count, read inside one index (the part's newest-first index, which carries
 * every filter column), so it costs `size` index entries whatever the filter.
 */
export async function sampleMatches(db: Db, filter: SearchFilter, size: number) {
  const query = prepared(db, `search|sample|${filterShape(filter)}`, () => {
    const sample = db
      .select({ hit: sql<boolean>`${matchConditions(filter)}`.as('hit') })
      .from(listings)
      .where(filterConditions(placePart(filter)))
      .orderBy(...orderBy(SORTS.newest))
      .limit(p('size'))
      .as('sample')
    return db
      .select({
        hits: sql<number>`count(*) filter (where ${sample.hit})`.mapWith(Number),
        seen: sql<number>`count(*)`.mapWith(Number),
      })
      .from(sample)
  })
  const [row] = await query.execute({ ...filterParams(filter), size })
  return { hits: row?.hits ?? 0, seen: row?.seen ?? 0 }
}

/** The exact number of published listings from the maintained totals (brand/model/city/newness only). */
export async function readSummaryCount(db: Db, filter: SearchFilter): Promise<number> {
  const query = prepared(db, 'search|summary', () =>
    db.select({ n: sql<number>`(${summaryCount(db)})`.mapWith(Number) }).from(sql`(values (1)) as one (x)`),
  )
  const [row] = await query.execute(summaryParams(filter))
  return row?.n ?? 0
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
  const query = prepared(db, `search|facets|${brandId === null}`, () =>
    db
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
      .where(
        and(
          eq(c.newness, 'all'),
          eq(c.cityId, p('cityId')),
          brandId === null ? eq(c.modelId, ALL) : or(eq(c.modelId, ALL), eq(c.brandId, p('brandId'))),
          ne(c.n, 0),
        ),
      )
      .orderBy(asc(brands.name), asc(models.name)),
  )
  return query.execute(brandId === null ? { cityId } : { cityId, brandId })
}
