import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import {
  brands,
  cities,
  colours,
  listingPhotos,
  listingPriceHistory,
  listings,
  models,
  moderationEvents,
  user,
} from '../db/schema.ts'

export async function createUser(db: Db, overrides: Partial<typeof user.$inferInsert> = {}) {
  const id = randomUUID()
  const [row] = await db
    .insert(user)
    .values({ id, name: 'Тест Пользователь', email: `${id}@test.tulpar.kz`, ...overrides })
    .returning()
  if (!row) throw new Error('user not created')
  return row
}

async function refIds(db: Db, brandSlug: string, modelSlug: string, citySlug: string) {
  const [b] = await db.select().from(brands).where(eq(brands.slug, brandSlug))
  if (!b) throw new Error(`no brand ${brandSlug} in reference data`)
  const [m] = await db
    .select()
    .from(models)
    .where(and(eq(models.brandId, b.id), eq(models.slug, modelSlug)))
  if (!m) throw new Error(`no model ${brandSlug}/${modelSlug} in reference data`)
  const [c] = await db.select().from(cities).where(eq(cities.slug, citySlug))
  if (!c) throw new Error(`no city ${citySlug} in reference data`)
  const [colour] = await db.select().from(colours).limit(1)
  if (!colour) throw new Error('no colours in reference data')
  return { brandId: b.id, modelId: m.id, cityId: c.id, colour: colour.code, bodyType: m.bodyTypes[0] ?? 'sedan' }
}

export interface ListingOverrides extends Partial<typeof listings.$inferInsert> {
  brand?: string
  model?: string
  city?: string
}

/** Listings of one owner made by name: `make(name, overrides)` keeps the new listing's id as `ids[name]`. */
export function namedListings(db: Db, ownerId: string, ids: Record<string, number>) {
  return async (name: string, overrides: ListingOverrides = {}) => {
    ids[name] = (await createListing(db, { ownerId, ...overrides })).id
  }
}

/** A complete, published listing (a Toyota Camry in Almaty unless told otherwise). */
export async function createListing(db: Db, overrides: ListingOverrides = {}) {
  const [row] = await db
    .insert(listings)
    .values({
      ...(await completeListingValues(db, overrides)),
      status: 'published',
      publishedAt: new Date(),
      ...stripRefs(overrides),
    })
    .returning()
  if (!row) throw new Error('listing not created')
  if (row.priceKzt) await db.insert(listingPriceHistory).values({ listingId: row.id, priceKzt: row.priceKzt })
  return row
}

/**
 * Many complete, published listings in a few INSERTs (for counts and paging past the limits); `each(i)`
 * varies them. createListing's values without power or description, and without price history; ids grow with `i`.
 */
export async function createListings(
  db: Db,
  n: number,
  overrides: ListingOverrides = {},
  each: (i: number) => Partial<typeof listings.$inferInsert> = () => ({}),
) {
  const values = {
    ...(await completeListingValues(db, overrides)),
    powerHp: null,
    description: null,
    status: 'published' as const,
    publishedAt: new Date(),
    ...stripRefs(overrides),
  }
  const rows = Array.from({ length: n }, (_, i) => ({ ...values, ...each(i) }))
  const made: { id: number }[] = []
  // Chunks keep each statement under the protocol's 65,535 bind parameters.
  for (let i = 0; i < rows.length; i += 1000) {
    made.push(
      ...(await db
        .insert(listings)
        .values(rows.slice(i, i + 1000))
        .returning({ id: listings.id })),
    )
  }
  return made
}

/**
 * A complete listing waiting in moderation since `enteredAt` (now unless told), with the `submitted` event the
 * seller's publish step writes. Not yet published, so no publication date or price history.
 */
export async function createListingInModeration(db: Db, overrides: ListingOverrides & { enteredAt?: Date } = {}) {
  const { enteredAt = new Date(), ...fields } = overrides
  const created = new Date(enteredAt.getTime() - 60 * 60 * 1000)
  const [row] = await db
    .insert(listings)
    .values({
      ...(await completeListingValues(db, fields)),
      status: 'moderation',
      publishedAt: null,
      createdAt: created,
      updatedAt: enteredAt,
      statusChangedAt: enteredAt,
      ...stripRefs(fields),
    })
    .returning()
  if (!row) throw new Error('listing not created')
  await db
    .insert(moderationEvents)
    .values({ listingId: row.id, actorId: row.ownerId, action: 'submitted', createdAt: enteredAt })
  return row
}

async function completeListingValues(db: Db, overrides: ListingOverrides) {
  const { brand = 'toyota', model = 'camry', city = 'almaty', ownerId } = overrides
  const ref = await refIds(db, brand, model, city)
  return {
    ownerId: ownerId ?? (await createUser(db)).id,
    brandId: ref.brandId,
    modelId: ref.modelId,
    cityId: ref.cityId,
    year: 2018,
    bodyType: ref.bodyType,
    steering: 'left' as const,
    engineType: 'petrol',
    transmission: 'AT' as const,
    drive: 'FWD' as const,
    engineVolumeCc: 2500,
    powerHp: 181,
    colour: ref.colour,
    mileage: 90_000,
    mileageUnit: 'km' as const,
    mileageKm: 90_000,
    priceKzt: 12_500_000,
    contactPhone: '+77011234567',
    description: 'Один владелец, обслуживание у официального дилера.',
  }
}

function stripRefs(overrides: ListingOverrides): Partial<typeof listings.$inferInsert> {
  const { brand: _b, model: _m, city: _c, ...fields } = overrides
  return fields
}

/** A photo row (no file) with the given hash; `isIllustration` marks generated demo drawings. */
export async function addListingPhoto(
  db: Db,
  listingId: number,
  photo: { sha256: string; position?: number; isIllustration?: boolean; storageKey?: string },
) {
  const [row] = await db
    .insert(listingPhotos)
    .values({
      listingId,
      position: photo.position ?? 0,
      storageKey: photo.storageKey ?? `listings/${listingId}/${photo.sha256.slice(0, 12)}`,
      width: 1600,
      height: 1200,
      sha256: photo.sha256,
      isIllustration: photo.isIllustration ?? false,
    })
    .returning()
  if (!row) throw new Error('photo not created')
  return row
}

/** Gives an account a role directly (tests of the back office start from a moderator or an admin). */
export async function setRole(db: Db, userId: string, role: 'user' | 'manager' | 'moderator' | 'admin') {
  await db.update(user).set({ role }).where(eq(user.id, userId))
}
