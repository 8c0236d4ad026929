import { INSPECTION_STATUSES } from '@tulpar/contracts/staff-constants'
import { and, asc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm'
import type { PgSelectBase, SelectedFields } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { prepared } from '../../db/prepared.ts'
import { dealers } from '../dealers/dealers.tables.ts'
import { user } from '../identity/identity.tables.ts'
import { inspectionReports } from '../inspections/inspections.tables.ts'
import { bodyTypes, brands, cities, colours, engineTypes, models } from '../reference/reference.tables.ts'
import { listingTitle } from './listing-title.ts'
import { listingPhotos, listingPriceHistory, listings } from './listings.tables.ts'
import type { ReferenceNames } from './search.places.ts'

/** A listing's brand, model and city as the API names them (BrandRef, ModelRef, ListingCityRef). */
export const listingRefColumns = {
  brand: { id: brands.id, slug: brands.slug, name: brands.name },
  model: { id: models.id, slug: models.slug, name: models.name },
  city: { id: cities.id, slug: cities.slug, nameRu: cities.nameRu, nameKk: cities.nameKk, nameEn: cities.nameEn },
}

/**
 * Who a listing belongs to (its owner and dealer), its status and its title's parts: what a check of who may act on
 * it and the message about it need. For selectListingsWithNames (the names are null for a draft).
 */
export const listingOwnershipColumns = {
  id: listings.id,
  ownerId: listings.ownerId,
  dealerId: listings.dealerId,
  status: listings.status,
  brand: brands.name,
  model: models.name,
  year: listings.year,
}

const byBrand = eq(brands.id, listings.brandId)
const byModel = eq(models.id, listings.modelId)

/** A select of listings with brands and models joined: the names are null for a draft when `N` is 'nullable'. */
type ListingsWithNames<T extends SelectedFields, N extends 'nullable' | 'not-null'> = PgSelectBase<
  'listings',
  T,
  'partial',
  { listings: 'not-null'; brands: N; models: N }
>

/**
 * Listings with their brand's and model's tables joined, selecting `columns` (which may name `brands` and `models`
 * columns). Left joins: a draft may have neither, and its names come back null; every listing is kept.
 */
export function selectListingsWithNames<T extends SelectedFields>(db: Db, columns: T): ListingsWithNames<T, 'nullable'>
export function selectListingsWithNames(db: Db, columns: SelectedFields) {
  return db.select(columns).from(listings).leftJoin(brands, byBrand).leftJoin(models, byModel)
}

/**
 * Listings that have a brand and a model (every listing past its draft), with those tables joined, selecting
 * `columns`. Inner joins: a draft without them is left out, and the names are never null.
 */
export function selectNamedListings<T extends SelectedFields>(db: Db, columns: T): ListingsWithNames<T, 'not-null'>
export function selectNamedListings(db: Db, columns: SelectedFields) {
  return db.select(columns).from(listings).innerJoin(brands, byBrand).innerJoin(models, byModel)
}

/** The dealer's name while it is verified (a suspended dealer's cars lose the badge): one key lookup a card. */
const verifiedDealerName = sql<string | null>`(
  select ${dealers.legalName} from ${dealers} where ${dealers.id} = ${listings.dealerId} and ${dealers.status} = 'verified'
)`

/** A paid promotion's column still running (decision 033): compared with now(), so an expiry is never late. */
const running = (until: SQLWrapper) => sql`coalesce(${until} > now(), false)`

export const cardColumns = {
  id: listings.id,
  status: listings.status,
  year: listings.year,
  priceKzt: listings.priceKzt,
  mileage: listings.mileage,
  mileageUnit: listings.mileageUnit,
  mileageKm: listings.mileageKm,
  bodyType: listings.bodyType,
  engineType: listings.engineType,
  engineVolumeCc: listings.engineVolumeCc,
  transmission: listings.transmission,
  drive: listings.drive,
  isNew: listings.isNew,
  isTulpar: listings.isTulpar,
  isInspected: listings.isInspected,
  // Marked hot by staff, or a paid hot offer running.
  isHot: sql<boolean>`(${listings.isHot} or ${running(listings.hotUntil)})`.mapWith(Boolean),
  hasWarranty: listings.hasWarranty,
  isCreditAvailable: listings.isCreditAvailable,
  coverPhotoKey: listings.coverPhotoKey,
  photoCount: listings.photoCount,
  // What buyers see is the first publication: a paid raise moves only the place in the newest order.
  publishedAt: sql<Date | null>`coalesce(${listings.firstPublishedAt}, ${listings.publishedAt})`.mapWith(
    listings.publishedAt,
  ),
  dealRating: listings.dealRating,
  dealerId: listings.dealerId,
  dealerName: verifiedDealerName,
  isPromoted: sql<boolean>`(${running(listings.topUntil)} or ${running(listings.hotUntil)}
    or ${running(listings.highlightUntil)})`.mapWith(Boolean),
  isHighlighted: sql<boolean>`${running(listings.highlightUntil)}`.mapWith(Boolean),
  ...listingRefColumns,
}

/** The card's columns with brand, model and city as ids, named from the process's copy (search.places.ts). */
const { brand: _brand, model: _model, city: _city, ...cardListingColumns } = cardColumns
export const cardIdColumns = {
  ...cardListingColumns,
  brandId: listings.brandId,
  modelId: listings.modelId,
  cityId: listings.cityId,
}

/**
 * Cards of the given published listings, in the order of `ids` (missing or unpublished ones are skipped), with
 * brand, model and city as ids. One prepared statement whatever the number of ids (`= any($1)`).
 */
export async function findListingCardsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return []
  const rows = await prepared(db, 'listing_card_ids_by_ids', () =>
    db
      .select(cardIdColumns)
      .from(listings)
      .where(and(sql`${listings.id} = any(${sql.placeholder('ids')}::bigint[])`, eq(listings.status, 'published'))),
  ).execute({ ids })
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}
type CardIdRow = Awaited<ReturnType<typeof findListingCardsByIds>>[number]
/** A card's row with its brand, model and city named (joined, or from the process's copy). */
export type ListingCardRow = Omit<CardIdRow, 'brandId' | 'modelId' | 'cityId'> & {
  brand: { id: number; slug: string; name: string }
  model: { id: number; slug: string; name: string }
  city: ReferenceNames['city']
}

/** The colour, body type and engine type of a listing with their names in every language (car page, back office). */
export const referenceNameColumns = {
  colour: {
    code: colours.code,
    hex: colours.hex,
    nameRu: colours.nameRu,
    nameKk: colours.nameKk,
    nameEn: colours.nameEn,
  },
  bodyTypeNames: { nameRu: bodyTypes.nameRu, nameKk: bodyTypes.nameKk, nameEn: bodyTypes.nameEn },
  engineTypeNames: { nameRu: engineTypes.nameRu, nameKk: engineTypes.nameKk, nameEn: engineTypes.nameEn },
}

const listingId = sql.placeholder('id')

const DetailParts = z.object({
  photos: z.array(
    z.object({ storageKey: z.string(), width: z.number(), height: z.number(), isIllustration: z.boolean() }),
  ),
  prices: z.array(z.object({ priceKzt: z.number(), changedAt: z.coerce.date() })),
  reports: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      reportDate: z.string().nullable(),
      status: z.enum(INSPECTION_STATUSES),
    }),
  ),
  vinSeen: z.object({ listings: z.coerce.number(), since: z.coerce.date().nullable() }),
})

/** The columns of a car's page: the listing with its photos, prices, reports and seller (one round trip). */
const detailColumns = () =>
  ({
    ...cardIdColumns,
    generationId: listings.generationId,
    colourCode: listings.colour,
    steering: listings.steering,
    hasGasEquipment: listings.hasGasEquipment,
    powerHp: listings.powerHp,
    options: listings.options,
    isCustomsCleared: listings.isCustomsCleared,
    isDamaged: listings.isDamaged,
    condition: listings.condition,
    rangeKm: listings.rangeKm,
    vin: listings.vin,
    description: listings.description,
    isBargainAllowed: listings.isBargainAllowed,
    isExchangeAccepted: listings.isExchangeAccepted,
    viewsCount: listings.viewsCount,
    confirmedAt: listings.confirmedAt,
    phoneRevealsCount: listings.phoneRevealsCount,
    contactPhone: listings.contactPhone,
    estimateKzt: listings.estimateKzt,
    estimateLowKzt: listings.estimateLowKzt,
    estimateHighKzt: listings.estimateHighKzt,
    estimateComparables: listings.estimateComparables,
    estimatedAt: listings.estimatedAt,
    // Photos, prices and reports ride along as JSON: one round trip instead of four.
    photos: sql<unknown>`(select coalesce(json_agg(json_build_object('storageKey', p.storage_key, 'width', p.width,
        'height', p.height, 'isIllustration', p.is_illustration) order by p.position), '[]'::json)
        from ${listingPhotos} p where p.listing_id = ${listings.id})`,
    prices: sql<unknown>`(select coalesce(json_agg(json_build_object('priceKzt', h.price_kzt, 'changedAt', h.changed_at)
        order by h.changed_at), '[]'::json) from ${listingPriceHistory} h where h.listing_id = ${listings.id})`,
    reports: sql<unknown>`(select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'reportDate',
        r.report_date, 'status', r.status) order by r.created_at desc), '[]'::json)
        from ${inspectionReports} r where r.listing_id = ${listings.id})`,
    // Earlier listings of the same VIN or body number (ever published): the free "seen before" line.
    // A paid raise moves published_at, never this line: both sides read the first publication.
    vinSeen: sql<unknown>`(select json_build_object('listings', count(*), 'since',
        min(coalesce(v.first_published_at, v.published_at)))
        from ${listings} v where v.vin = ${listings.vin} and v.id <> ${listings.id} and v.published_at is not null
        and coalesce(v.first_published_at, v.published_at)
          < coalesce(${listings.firstPublishedAt}, ${listings.publishedAt}, now()))`,
    seller: { name: user.name, createdAt: user.createdAt },
  }) as const

/**
 * A public listing (published or sold) with its photos, price history, inspection reports and seller, in one
 * prepared statement: a car page used to cost four round trips and 2 ms of planning for the nine-table join.
 * Reference names (brand, model, city, generation, colour, body and engine type) are not joined: the row
 * carries their ids and codes, named from the process's copy (search.places.ts).
 */
const detailStatement = (db: Db) =>
  prepared(db, 'listing_detail', () =>
    db
      .select(detailColumns())
      .from(listings)
      .innerJoin(user, eq(user.id, listings.ownerId))
      .where(and(eq(listings.id, listingId), inArray(listings.status, ['published', 'sold'])))
      .limit(1),
  )

/**
 * Any listing but a removed one, as its page would show it, with its owner, the moderator's reason and whether
 * it has every field a public listing must have (the listings_complete_unless_draft check, which drafts skip).
 */
export async function findListingPreview(db: Db, id: number) {
  const [row] = await db
    .select({
      ...detailColumns(),
      ownerId: listings.ownerId,
      rejectionReason: listings.rejectionReason,
      complete: sql<boolean>`(${listings.brandId} is not null and ${listings.modelId} is not null
        and ${listings.year} is not null and ${listings.bodyType} is not null and ${listings.steering} is not null
        and ${listings.engineType} is not null and ${listings.transmission} is not null and ${listings.drive} is not null
        and ${listings.colour} is not null and ${listings.mileage} is not null and ${listings.mileageKm} is not null
        and ${listings.priceKzt} is not null and ${listings.contactPhone} is not null and ${listings.cityId} is not null)`,
    })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.ownerId))
    .where(and(eq(listings.id, id), sql`${listings.status} <> 'archived'`))
    .limit(1)
  if (!row) return null
  const { photos, prices, reports, vinSeen, ...rest } = row
  return { ...rest, ...DetailParts.parse({ photos, prices, reports, vinSeen }) }
}

/** The listing's row with reference ids; `Places.nameDetail` adds the names (ListingDetailRow). */
export async function findListingDetail(db: Db, id: number) {
  const [row] = await detailStatement(db).execute({ id })
  if (!row) return null
  const { photos, prices, reports, vinSeen, ...rest } = row
  return { ...rest, ...DetailParts.parse({ photos, prices, reports, vinSeen }) }
}
export type ListingDetailRow = NonNullable<Awaited<ReturnType<typeof findListingDetail>>> & ReferenceNames

/** Whether a listing has the illustration stored under `key` (`illustrations/sedan-ffffff-0`) among its photos. */
export async function isIllustrationInUse(db: Db, key: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(listingPhotos)
    .where(and(eq(listingPhotos.isIllustration, true), eq(listingPhotos.storageKey, key)))
    .limit(1)
  return rows.length > 0
}

export type ListingPhotoRow = typeof listingPhotos.$inferSelect

/** A listing's photos in their order, the cover first. */
export function findListingPhotos(db: Db, listingId: number): Promise<ListingPhotoRow[]> {
  return db
    .select()
    .from(listingPhotos)
    .where(eq(listingPhotos.listingId, listingId))
    .orderBy(asc(listingPhotos.position), asc(listingPhotos.id))
}

/** Of `keys` (`listings/{id}/{name}`), those a listing photo row has; looked up by listing id (indexed). */
export async function findOwnedPhotoKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const ids = [...new Set(keys.map((k) => Number(k.split('/')[1])).filter(Number.isSafeInteger))]
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ key: listingPhotos.storageKey })
    .from(listingPhotos)
    .where(inArray(listingPhotos.listingId, ids))
  return new Set(rows.map((r) => r.key))
}

/** The listing's title (`Toyota Camry, 2018`, listingTitle); null when there is no such listing or it has no name. */
export async function findListingTitle(db: Db, listingId: number): Promise<string | null> {
  const [row] = await selectListingsWithNames(db, {
    brand: brands.name,
    model: models.name,
    year: listings.year,
  }).where(eq(listings.id, listingId))
  return row ? listingTitle(row) : null
}
