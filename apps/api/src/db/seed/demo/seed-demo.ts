import { sql } from 'drizzle-orm'
import type { MediaStorage } from '../../../modules/media/index.ts'
import { refreshAllEstimates } from '../../../modules/valuation/index.ts'
import type { Database } from '../../client.ts'
import { withBulkLoad } from './bulk-load.ts'
import { copyObjects, pgliteClient, resetIdentity } from './copy.ts'
import { seedDemoDealers } from './dealers.ts'
import { generateListings } from './generate.ts'
import {
  ILLUSTRATION_HEIGHT,
  ILLUSTRATION_WIDTH,
  IllustrationRegistry,
  renderMissingIllustrations,
} from './illustrations.ts'
import { ACCOUNT_KEYS, accountRow, generateOwners, PROFILE_KEYS, profileRow, USER_KEYS, userRow } from './owners.ts'
import { DEMO_PASSWORD, hashPassword } from './password.ts'
import { seedDemoPromotions } from './promotions.ts'
import { createRng, mixSeed } from './random.ts'
import { loadDemoReference } from './reference.ts'
import { type GeneratedBatch, type InspectionRow, LISTING_KEYS, type PriceHistoryRow } from './types.ts'

/**
 * Fills the database with demo sellers and listings (with photos, price history and inspection reports) on
 * top of the reference data. Works on PostgreSQL and PGlite; generates and COPYs in chunks so a million
 * listings never sit in memory at once. Running it again adds more: ids, seller numbers and phones continue
 * after what is already there.
 */

/** Where a seed is, for a progress bar: each stage counts up to its total. */
export interface SeedStep {
  stage: 'owners' | 'listings' | 'estimates' | 'dealers' | 'promotions' | 'indexes' | 'illustrations'
  done: number
  total: number
  /** What a finished stage has to say (the demo password, the rate, the deal ratings). */
  detail?: string
}

/** How each stage is named on a progress bar. */
export const SEED_STAGE_NAMES: Record<SeedStep['stage'], string> = {
  owners: 'sellers',
  listings: 'listings',
  estimates: 'market estimates',
  dealers: 'dealers',
  promotions: 'promotions',
  indexes: 'search indexes',
  illustrations: 'illustrations',
}

export interface SeedDemoOptions {
  listings: number
  seed?: number
  now?: Date
  /** Where illustrations are rendered to; null skips rendering (rows still point at the keys). */
  media: MediaStorage | null
  /** A line for a log, and where the seed is: called at least at the start and the end of every stage. */
  onProgress?: (message: string, step: SeedStep) => void
  /** Listings generated and loaded per chunk (default 25 000). The data depends on it (each chunk has its own seed). */
  chunkSize?: number
}

export interface SeedDemoResult {
  listings: number
  users: number
  photos: number
  illustrations: number
  /** Demo dealers made (three on a first seed whose reference has their cities; none when dealers exist). */
  dealers: number
  ms: number
}

const DEFAULT_SEED = 20260101
const DEFAULT_CHUNK = 25_000
/**
 * Listings (with their photos, prices and reports) per COPY on PGlite: the progress moves in steps this size,
 * and no piece of COPY text is larger than a few MB.
 */
const PGLITE_LOAD_PIECE = 2_500
/** Chunks loading at once on PostgreSQL while the next one is generated. */
const IN_FLIGHT_CHUNKS = 2
/** Concurrent COPYs into `listings` on PostgreSQL: its indexes and foreign keys make the server the bottleneck. */
const LISTING_COPY_PARALLEL = 2
const PHOTO_KEYS = [
  'listingId',
  'position',
  'storageKey',
  'width',
  'height',
  'sha256',
  'isIllustration',
  'createdAt',
] as const
const PRICE_KEYS = ['listingId', 'priceKzt', 'changedAt'] as const satisfies readonly (keyof PriceHistoryRow)[]
const INSPECTION_KEYS = [
  'listingId',
  'requestedBy',
  'name',
  'vin',
  'reportDate',
  'status',
  'summary',
  'fileKey',
  'createdAt',
] as const satisfies readonly (keyof InspectionRow)[]

export async function seedDemo(database: Database, options: SeedDemoOptions): Promise<SeedDemoResult> {
  const started = performance.now()
  const progress = options.onProgress ?? (() => {})
  const now = options.now ?? new Date()
  const seed = options.seed ?? DEFAULT_SEED
  const chunkSize = Math.max(1, options.chunkSize ?? DEFAULT_CHUNK)

  const ref = await loadDemoReference(database.db)
  const state = await readExistingState(database)
  const ownerCount = Math.max(10, Math.ceil(options.listings / 5))
  const ownerRng = createRng(mixSeed(seed, state.maxSellerN, 1))
  const owners = generateOwners(ownerRng, {
    count: ownerCount,
    startN: state.maxSellerN + 1,
    now,
    cities: ref.cities,
    takenPhones: state.phones,
  })
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const registry = new IllustrationRegistry()
  let photos = 0
  let loaded = 0
  await withBulkLoad(
    database,
    {
      listingsAfterId: state.maxListingId,
      onIndexes: (done, total) => progress(`indexes: ${done}/${total}`, { stage: 'indexes', done, total }),
    },
    async () => {
      progress(`owners: 0/${owners.length}`, { stage: 'owners', done: 0, total: owners.length })
      await copyObjects(database, 'user', USER_KEYS, owners.map(userRow))
      await copyObjects(
        database,
        'account',
        ACCOUNT_KEYS,
        owners.map((o) => accountRow(ownerRng, o, passwordHash)),
      )
      await copyObjects(database, 'profiles', PROFILE_KEYS, owners.map(profileRow))
      progress(`owners: ${owners.length} accounts (password ${DEMO_PASSWORD})`, {
        stage: 'owners',
        done: owners.length,
        total: owners.length,
        detail: `password ${DEMO_PASSWORD}`,
      })

      const listingsLoaded = (count: number) => {
        loaded += count
        const seconds = (performance.now() - started) / 1000
        const rate = `${Math.round(loaded / seconds)}/s`
        progress(`listings: ${loaded}/${options.listings} (${rate})`, {
          stage: 'listings',
          done: loaded,
          total: options.listings,
          detail: rate,
        })
      }
      progress(`listings: 0/${options.listings}`, { stage: 'listings', done: 0, total: options.listings })
      // Generate the next chunk while the database digests the previous ones (at most `window` in flight).
      const window = database.kind === 'postgres' ? IN_FLIGHT_CHUNKS : 1
      const inFlight: Promise<void>[] = []
      for (let offset = 0; offset < options.listings; offset += chunkSize) {
        const count = Math.min(chunkSize, options.listings - offset)
        const batch = generateListings(ref, {
          count,
          seed,
          now,
          owners,
          firstId: state.maxListingId + 1 + offset,
          withVinStories: state.maxListingId === 0 && offset === 0,
        })
        const photoRows = attachPhotos(batch, registry)
        photos += photoRows.length
        while (inFlight.length >= window) await inFlight.shift()
        const load =
          database.kind === 'pglite'
            ? loadInPieces(database, batch, photoRows, listingsLoaded)
            : loadBatch(database, batch, photoRows).then(() => listingsLoaded(batch.listings.length))
        // Awaited below; marked handled now so a failure while another chunk is awaited is not "unhandled".
        load.catch(() => {})
        inFlight.push(load)
      }
      for (const load of inFlight) await load
      await resetIdentity(database, 'listings')
      // The listings waiting in moderation got there through their owners' publish step: record it, so the back
      // office measures how long they wait (the queue is not empty on a fresh machine: about 2% of the listings).
      await database.db.execute(sql`
        insert into moderation_events (listing_id, actor_id, action, created_at)
        select id, owner_id, 'submitted', status_changed_at from listings
        where status = 'moderation' and id > ${state.maxListingId}`)
      // Deal ratings (and so hot offers) exist from the first page view, not from the first periodic refresh.
      progress('market estimates: computing', { stage: 'estimates', done: 0, total: 1 })
      // On a PostgreSQL server the refresh's plan needs the table's statistics, which a fresh bulk load does not have
      // until autovacuum comes by (and never where it is off): without them the refresh ran over 15 minutes at
      // 1,000,000 listings instead of 49-59 s (docs/performance.md, 2026-11-25 18:45). The embedded demo's 20,000
      // listings are refreshed in about a second without them, and its first start is kept as short as it can be.
      if (database.kind !== 'pglite') await database.db.execute(sql`analyze listings`)
      const estimates = await refreshAllEstimates(database.db)
      const { great, good } = estimates.byRating
      progress(`market estimates: ${JSON.stringify(estimates.byRating)}`, {
        stage: 'estimates',
        done: 1,
        total: 1,
        detail: `${great.toLocaleString('en-US')} great and ${good.toLocaleString('en-US')} good deals`,
      })
    },
  )
  // After the listings are in (their indexes back): the dealers take a share of them as their stock.
  progress('dealers: 0/1', { stage: 'dealers', done: 0, total: 1 })
  const dealers = await seedDemoDealers(database, {
    rng: createRng(mixSeed(seed, state.maxSellerN, 2)),
    now,
    passwordHash,
    takenPhones: state.phones,
  })
  progress(`dealers: ${dealers} verified, with stock`, { stage: 'dealers', done: 1, total: 1 })
  // A few running promotions on the newest cars (decision 033): slots, labels, highlights and hot offers show at once.
  const promoted = await seedDemoPromotions(database.db, now)
  progress(`promotions: ${promoted} running`, { stage: 'promotions', done: 1, total: 1 })

  let illustrations = 0
  if (options.media) {
    const refs = [...registry.used.values()]
    illustrations = await renderMissingIllustrations(options.media, refs, (done, total) =>
      progress(`illustrations: ${done}/${total}`, { stage: 'illustrations', done, total }),
    )
  }
  return {
    listings: options.listings,
    users: owners.length,
    photos,
    illustrations,
    dealers,
    ms: Math.round(performance.now() - started),
  }
}

/** Photo rows of the batch; sets each listing's cover key (scene 0, position 0). */
function attachPhotos(
  batch: GeneratedBatch,
  registry: IllustrationRegistry,
): Record<(typeof PHOTO_KEYS)[number], unknown>[] {
  const covers = new Map<number, string>()
  const rows = batch.photos.map((photo) => {
    const illustration = registry.get(photo)
    if (photo.position === 0) covers.set(photo.listingId, illustration.key)
    return {
      listingId: photo.listingId,
      position: photo.position,
      storageKey: illustration.key,
      width: ILLUSTRATION_WIDTH,
      height: ILLUSTRATION_HEIGHT,
      sha256: illustration.sha256,
      isIllustration: true,
      createdAt: photo.createdAt,
    }
  })
  for (const listing of batch.listings) listing.coverPhotoKey = covers.get(listing.id) ?? null
  return rows
}

/** loadBatch in pieces of PGLITE_LOAD_PIECE listings, reporting each (the batch's ids are consecutive). */
async function loadInPieces(
  database: Database,
  batch: GeneratedBatch,
  photoRows: Record<(typeof PHOTO_KEYS)[number], unknown>[],
  onLoaded: (listings: number) => void,
): Promise<void> {
  const firstId = batch.listings[0]?.id ?? 0
  const pieceOf = (listingId: unknown) => Math.floor((Number(listingId) - firstId) / PGLITE_LOAD_PIECE)
  const pieces = Math.ceil(batch.listings.length / PGLITE_LOAD_PIECE)
  const split = <T>(rows: readonly T[], id: (row: T) => unknown): T[][] => {
    const out = Array.from({ length: pieces }, (): T[] => [])
    for (const row of rows) out[pieceOf(id(row))]?.push(row)
    return out
  }
  const listingPieces = split(batch.listings, (l) => l.id)
  const photoPieces = split(photoRows, (p) => p.listingId)
  const pricePieces = split(batch.priceHistory, (p) => p.listingId)
  const inspectionPieces = split(batch.inspections, (r) => r.listingId)
  for (let i = 0; i < pieces; i++) {
    const listings = listingPieces[i] ?? []
    const piece = {
      listings,
      priceHistory: pricePieces[i] ?? [],
      inspections: inspectionPieces[i] ?? [],
    }
    await loadBatch(database, piece, photoPieces[i] ?? [])
    onLoaded(listings.length)
  }
}

async function loadBatch(
  database: Database,
  batch: Omit<GeneratedBatch, 'photos'>,
  photoRows: Record<(typeof PHOTO_KEYS)[number], unknown>[],
): Promise<void> {
  await copyObjects(database, 'listings', LISTING_KEYS, batch.listings, { parallel: LISTING_COPY_PARALLEL })
  // The dependent tables only reference listings: on PostgreSQL they load in parallel on separate connections.
  await Promise.all([
    copyObjects(database, 'listing_photos', PHOTO_KEYS, photoRows),
    copyObjects(database, 'listing_price_history', PRICE_KEYS, batch.priceHistory),
    // jsonb: pass JSON text (a JS array would be written as a PostgreSQL array literal).
    copyObjects(
      database,
      'inspection_reports',
      INSPECTION_KEYS,
      batch.inspections.map((r) => ({ ...r, summary: JSON.stringify(r.summary) })),
    ),
  ])
}

interface ExistingState {
  maxListingId: number
  maxSellerN: number
  phones: Set<string>
}

async function readExistingState(database: Database): Promise<ExistingState> {
  const [ids, sellers, phones] = await Promise.all([
    queryRows<{ max: string | number | null }>(database, 'select max(id) as max from listings'),
    queryRows<{ max: number | null }>(
      database,
      `select max(substring(email from '^seller([0-9]+)@demo\\.tulpar\\.kz$')::int) as max from "user"`,
    ),
    queryRows<{ phone: string }>(
      database,
      'select phone_number as phone from "user" where phone_number is not null ' +
        'union select phone from profiles where phone is not null',
    ),
  ])
  return {
    maxListingId: Number(ids[0]?.max ?? 0),
    maxSellerN: Number(sellers[0]?.max ?? 0),
    phones: new Set(phones.map((p) => p.phone)),
  }
}

async function queryRows<T>(database: Database, text: string): Promise<T[]> {
  if (database.kind === 'pglite') return (await pgliteClient(database).query<T>(text)).rows
  if (!database.pool) throw new Error('A PostgreSQL database without a pool')
  return (await database.pool.query(text)).rows as T[]
}
