import {
  type AddGarageCarBody,
  classifyVin,
  type EngineType,
  type FieldError,
  GARAGE_LIMIT,
  type GarageCandidates,
  type GarageCar,
  type GarageList,
  type GarageSellResult,
  normaliseVin,
  type UpdateGarageCarBody,
} from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { FieldValidationError } from '../../lib/errors.ts'
import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limiter.ts'
import type { SessionUser } from '../identity/index.ts'
import { ListingNotFoundError } from '../listings/index.ts'
import type { ReferenceService } from '../reference/index.ts'
import type { SellingService } from '../selling/index.ts'
import type { ValuationService } from '../valuation/index.ts'
import {
  GarageCarNotFoundError,
  GarageCarSoldError,
  GarageLimitError,
  GarageListingIncompleteError,
  GarageStatusFollowsListingError,
} from './garage.errors.ts'
import { isEngineType, toGarageCar } from './garage.present.ts'
import * as repo from './garage.repository.ts'
import { dayBefore, garageStatusOf, kazakhstanDay, sellPlan, statusFollowsListing } from './garage.rules.ts'

/** Days of values a garage car shows (one a day at most). */
const HISTORY_DAYS = 90
/** Changes to garage cars per user an hour: each can value a car again; far above what a person does. */
export const GARAGE_WRITES = { limit: 60, windowSeconds: 3600 }
/** My listings offered for "add from my listings". */
const CANDIDATES_SHOWN = 50

export interface GarageServiceDeps {
  db: Db
  reference: ReferenceService
  valuation: Pick<ValuationService, 'estimateCar'>
  selling: Pick<SellingService, 'createDraftOf'>
  limiter: RateLimiter
  now?: () => Date
}

type User = Pick<SessionUser, 'id'>

const fieldError = (field: string, code: string, message: string): FieldError => ({
  field: `body.${field}`,
  code,
  message,
})

const VIN_MESSAGE = 'Enter a VIN of 17 characters (no I, O or Q) or a body number such as NZE121-3123456'

/** A VIN or body number as stored (upper case, no spaces), null when empty; `error` for one that is neither. */
function cleanVin(vin: string | null | undefined): { vin: string | null | undefined; error: FieldError | null } {
  if (vin === undefined) return { vin: undefined, error: null }
  const value = vin === null ? '' : normaliseVin(vin)
  if (value === '') return { vin: null, error: null }
  return classifyVin(value)
    ? { vin: value, error: null }
    : { vin: undefined, error: fieldError('vin', 'vin', VIN_MESSAGE) }
}

/** An electric car has no engine volume; a volume without an engine type is kept as said. */
function engineOf(type: EngineType | null | undefined, volume: number | null | undefined) {
  if (type === 'electric') return { engineType: type, engineVolumeCc: null }
  return { engineType: type, engineVolumeCc: volume }
}

/**
 * The garage (spec section 3): a signed-in user's own cars, added by hand or from their listings, each with what
 * it is worth now and how that moved, the transport tax a year, and "sell this car". Every call is the owner's:
 * another user's car answers 404 and is never changed; staff have no special access.
 */
export function createGarageService({
  db,
  reference,
  valuation,
  selling,
  limiter,
  now = () => new Date(),
}: GarageServiceDeps) {
  const today = () => kazakhstanDay(now())

  const limitWrites = (u: User) => enforceRateLimits(limiter, [{ key: `garage:write:${u.id}`, ...GARAGE_WRITES }])

  async function requireRow(u: User, id: number): Promise<repo.GarageRow> {
    const row = await repo.findGarageRow(db, u.id, id)
    if (!row) throw new GarageCarNotFoundError(id)
    return row
  }

  const statusOf = (row: repo.GarageRow) => garageStatusOf(row.item.status, row.listingStatus)

  /** Values the car for `day` (its estimate by the listings' method); `replace` after what it depends on changed. */
  async function valueCar(item: repo.GarageRow['item'] | repo.DueCar, day: string, replace: boolean) {
    const result = await valuation.estimateCar({
      brandId: item.brandId,
      modelId: item.modelId,
      year: item.year,
      mileageKm: item.mileageKm,
      ...(item.steering ? { steering: item.steering } : {}),
      isCustomsCleared: item.isCustomsCleared,
    })
    await repo.saveValue(
      db,
      {
        garageItemId: item.id,
        day,
        estimateKzt: result.estimate?.estimateKzt ?? null,
        lowKzt: result.estimate?.lowKzt ?? null,
        highKzt: result.estimate?.highKzt ?? null,
        comparables: result.comparables,
        mileageKm: item.mileageKm,
      },
      replace,
    )
  }

  /** Cars not sold and not yet valued today are valued now (at most once a day each). */
  async function valueDueToday(rows: repo.GarageRow[], day: string) {
    const unsold = rows.filter((r) => statusOf(r) !== 'sold')
    const valued = await repo.findValuedOn(
      db,
      unsold.map((r) => r.item.id),
      day,
    )
    for (const r of unsold) if (!valued.has(r.item.id)) await valueCar(r.item, day, false)
  }

  /** The cars as answered: valued today where due, with their history. */
  async function present(rows: repo.GarageRow[]): Promise<GarageCar[]> {
    const day = today()
    await valueDueToday(rows, day)
    // A listing that sold is remembered, so the car stays sold if the seller then deletes the listing.
    await repo.rememberSold(
      db,
      rows.filter((r) => r.listingStatus === 'sold' && r.item.status !== 'sold').map((r) => r.item.id),
    )
    const values = await repo.findValues(
      db,
      rows.map((r) => r.item.id),
      dayBefore(day, HISTORY_DAYS - 1),
    )
    const byCar = new Map<number, repo.GarageValueRow[]>()
    for (const v of values) byCar.set(v.garageItemId, [...(byCar.get(v.garageItemId) ?? []), v])
    return rows.map((r) => toGarageCar(r, byCar.get(r.item.id) ?? [], day))
  }

  async function presentOne(u: User, id: number): Promise<GarageCar> {
    const [car] = await present([await requireRow(u, id)])
    if (!car) throw new GarageCarNotFoundError(id)
    return car
  }

  /** Brand, model of that brand, a year the model was made in (and not after next year); with other field errors. */
  async function checkIdentity(
    body: Pick<AddGarageCarBody, 'brandId' | 'modelId' | 'year'>,
    errors: FieldError[],
  ): Promise<void> {
    const [brand, model] = await Promise.all([
      reference.findBrandById(body.brandId),
      reference.findModelById(body.modelId),
    ])
    if (!brand) errors.push(fieldError('brandId', 'not_in_list', 'Choose one of the offered values'))
    if (!model || model.brandId !== body.brandId)
      errors.push(fieldError('modelId', 'not_in_list', 'Choose one of the offered values'))
    const maxYear = now().getUTCFullYear() + 1
    if (body.year > maxYear) errors.push(fieldError('year', 'too_large', 'The value is too large'))
    else if (model && (body.year < model.yearFrom || body.year > (model.yearTo ?? maxYear)))
      errors.push(fieldError('year', 'year_range', 'This year does not fit the model'))
    if (errors.length > 0) throw new FieldValidationError(errors)
  }

  async function requireRoom(u: User) {
    if ((await repo.countGarage(db, u.id)) >= GARAGE_LIMIT) throw new GarageLimitError()
  }

  return {
    /** My garage, newest first; cars not sold are valued today if they were not yet. */
    async listGarage(u: User): Promise<GarageList> {
      const results = await present(await repo.findGarageRows(db, u.id))
      return { results, count: results.length, limit: GARAGE_LIMIT }
    },

    /** Throws GarageCarNotFoundError for a missing car or someone else's. */
    getGarageCar: (u: User, id: number) => presentOne(u, id),

    /**
     * Adds a car by hand and values it. Throws FieldValidationError (brand, model, year, VIN), GarageLimitError,
     * RateLimitedError.
     */
    async addCar(u: User, body: AddGarageCarBody): Promise<GarageCar> {
      await limitWrites(u)
      const { vin, error } = cleanVin(body.vin)
      await checkIdentity(body, error ? [error] : [])
      await requireRoom(u)
      const id = await repo.insertGarageItem(db, {
        userId: u.id,
        brandId: body.brandId,
        modelId: body.modelId,
        year: body.year,
        mileageKm: body.mileageKm,
        vin: vin ?? null,
        steering: body.steering ?? null,
        isCustomsCleared: body.isCustomsCleared ?? true,
        ...engineOf(body.engineType ?? null, body.engineVolumeCc ?? null),
      })
      if (id === null) throw new Error('garage car not inserted')
      return presentOne(u, id)
    },

    /**
     * Adds one of my listings with one click (brand to engine taken from it; the status then follows it).
     * Idempotent: a listing already in the garage answers that car (`created: false`). Throws
     * ListingNotFoundError (missing or someone else's), GarageListingIncompleteError, GarageLimitError.
     */
    async addCarFromListing(u: User, listingId: number): Promise<{ car: GarageCar; created: boolean }> {
      await limitWrites(u)
      const listing = await repo.findOwnListingCar(db, u.id, listingId)
      if (!listing) throw new ListingNotFoundError(listingId)
      const existing = await repo.findGarageIdByListing(db, u.id, listingId)
      if (existing !== null) return { car: await presentOne(u, existing), created: false }
      const { brandId, modelId, year, mileageKm } = listing
      if (brandId === null || modelId === null || year === null || mileageKm === null)
        throw new GarageListingIncompleteError(listingId)
      await requireRoom(u)
      const engineType = isEngineType(listing.engineType) ? listing.engineType : null
      const id = await repo.insertGarageItem(db, {
        userId: u.id,
        brandId,
        modelId,
        year,
        mileageKm,
        vin: listing.vin,
        steering: listing.steering,
        isCustomsCleared: listing.isCustomsCleared,
        ...engineOf(engineType, listing.engineVolumeCc),
        listingId,
      })
      // Lost a race with the same click sent twice: answer the car the other request added.
      const added = id ?? (await repo.findGarageIdByListing(db, u.id, listingId))
      if (added === null) throw new GarageCarNotFoundError(listingId)
      return { car: await presentOne(u, added), created: id !== null }
    },

    /**
     * Changes mileage, VIN, steering, customs, engine or (with no listing deciding it) the status; a change that
     * moves the estimate values the car again for today. Throws GarageCarNotFoundError,
     * GarageStatusFollowsListingError, FieldValidationError (VIN), RateLimitedError.
     */
    async updateCar(u: User, id: number, body: UpdateGarageCarBody): Promise<GarageCar> {
      await limitWrites(u)
      const row = await requireRow(u, id)
      const { vin, error } = cleanVin(body.vin)
      if (error) throw new FieldValidationError([error])
      if (body.status !== undefined && statusFollowsListing(row.listingStatus))
        throw new GarageStatusFollowsListingError(id)
      const engine =
        body.engineType !== undefined || body.engineVolumeCc !== undefined
          ? engineOf(
              body.engineType !== undefined
                ? body.engineType
                : isEngineType(row.item.engineType)
                  ? row.item.engineType
                  : null,
              body.engineVolumeCc !== undefined ? body.engineVolumeCc : row.item.engineVolumeCc,
            )
          : {}
      const patch: repo.GarageItemPatch = {
        ...(body.mileageKm !== undefined ? { mileageKm: body.mileageKm } : {}),
        ...(vin !== undefined ? { vin } : {}),
        ...(body.steering !== undefined ? { steering: body.steering } : {}),
        ...(body.isCustomsCleared !== undefined ? { isCustomsCleared: body.isCustomsCleared } : {}),
        ...(body.status !== undefined ? { status: body.status } : {}),
        ...engine,
      }
      await repo.updateGarageItem(db, u.id, id, patch)
      const revalue =
        (patch.mileageKm !== undefined && patch.mileageKm !== row.item.mileageKm) ||
        (patch.steering !== undefined && patch.steering !== row.item.steering) ||
        (patch.isCustomsCleared !== undefined && patch.isCustomsCleared !== row.item.isCustomsCleared)
      const updated = await requireRow(u, id)
      if (revalue && statusOf(updated) !== 'sold') await valueCar(updated.item, today(), true)
      return presentOne(u, id)
    },

    /** Removes the car and its value history (its listing stays). Throws GarageCarNotFoundError. */
    async removeCar(u: User, id: number): Promise<void> {
      await limitWrites(u)
      if (!(await repo.deleteGarageItem(db, u.id, id))) throw new GarageCarNotFoundError(id)
    },

    /**
     * "Sell this car": a listing draft filled in from the car, linked to it (so its status then follows the
     * listing); a listing already under way is answered instead of a second one. Throws GarageCarNotFoundError,
     * GarageCarSoldError, TooManyDraftsError, RateLimitedError.
     */
    async sellCar(u: SessionUser, id: number): Promise<GarageSellResult> {
      await limitWrites(u)
      const row = await requireRow(u, id)
      const { item } = row
      const plan = sellPlan(item.status, row.listingStatus)
      if (plan === 'existing' && item.listingId !== null) return { listingId: item.listingId, created: false }
      if (plan === 'sold') throw new GarageCarSoldError(id)
      const draft = await selling.createDraftOf(u, {
        brandId: item.brandId,
        modelId: item.modelId,
        year: item.year,
        mileageKm: item.mileageKm,
        vin: item.vin,
        steering: item.steering,
        isCustomsCleared: item.isCustomsCleared,
        engineType: isEngineType(item.engineType) ? item.engineType : null,
        engineVolumeCc: item.engineVolumeCc,
      })
      await repo.updateGarageItem(db, u.id, id, { listingId: draft.id, status: 'owned' })
      return { listingId: draft.id, created: true }
    },

    /** My listings that can join the garage with one click, most recently changed first. */
    async listCandidates(u: User): Promise<GarageCandidates> {
      const rows = await repo.findCandidateListings(db, u.id, CANDIDATES_SHOWN)
      return {
        results: rows.flatMap((r) =>
          r.year === null || r.mileageKm === null
            ? []
            : [
                {
                  listingId: r.listingId,
                  title: `${r.brand} ${r.model}, ${r.year}`,
                  status: r.status,
                  year: r.year,
                  mileageKm: r.mileageKm,
                },
              ],
        ),
      }
    },

    /**
     * The periodic job: values up to `limit` garage cars not sold and not valued today, so the trend has a point
     * a day even for owners who do not open their garage. Answers how many were valued.
     */
    async valueDueCars(limit: number): Promise<number> {
      const day = today()
      const due = await repo.findDueForValuation(db, day, limit)
      for (const car of due) await valueCar(car, day, false)
      return due.length
    },
  }
}
export type GarageService = ReturnType<typeof createGarageService>
