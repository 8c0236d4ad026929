import { createHash } from 'node:crypto'
import {
  type FeedCar,
  type FeedImportCounts,
  type FeedImportOutcome,
  type FeedMissingCars,
  type Locale,
  MATERIAL_FIELDS,
  MATERIAL_PRICE_DROP,
} from '@tulpar/contracts'
import type { StoredProblem } from './feeds.tables.ts'
import { storedProblem } from './feeds.texts.ts'

/*
 * What applying a feed does to a dealer's cars, decided from the feed's checked rows and the dealer's cars as they
 * are now: created, updated, unchanged, refused (a VIN on another seller's car, another car under a known external
 * id) and, for a full feed, removed (the dealer's cars of earlier feeds this one lacks). The dry run shows this plan;
 * the apply decides it again, inside its transaction, from the same rows and the cars as they are then.
 */

/** A car of the feed as the dry run left it: the feed's own verdict (`car` null when it refused the car). */
export interface CheckedRow {
  seq: number
  row: number
  line: number
  externalId: string | null
  problems: StoredProblem[]
  warnings: StoredProblem[]
  car: FeedCar | null
}

/** One of the dealer's cars that came from a feed. */
export interface StockCar {
  id: number
  externalId: string
  status: string
  feedHash: string | null
  brandId: number | null
  modelId: number | null
  priceKzt: number | null
  brandName: string
  modelName: string
  /** The listing's material fields (contracts' MATERIAL_FIELDS) as stored. */
  material: Record<(typeof MATERIAL_FIELDS)[number], unknown>
}

export interface PlannedRow {
  seq: number
  row: number | null
  line: number | null
  externalId: string | null
  outcome: FeedImportOutcome
  listingId: number | null
  problems: StoredProblem[]
  warnings: StoredProblem[]
  car: FeedCar | null
  carHash: string | null
  /** For an update: whether a material field changed (a published car goes back to moderation). */
  material: string[]
  /** The stock car it matched, for updates and removals. */
  stock: StockCar | null
}

/** Row codes the plan adds: a stored dry run's rows lose them before the apply plans again. */
const PLAN_CODES = new Set(['vin_taken', 'changed_car'])

/** Statuses a car of a feed is "on sale" in (an earlier feed's car the new one lacks is taken off sale from them). */
const LIVE = new Set(['published', 'moderation', 'paused', 'rejected'])

/**
 * The hash kept on the listing: the feed's car with its city decided, external id aside, keys in a fixed order (a car
 * read back from jsonb has its keys in jsonb's order, not the matcher's).
 */
function carHashOf(car: FeedCar): string {
  const { externalId: _key, ...rest } = car
  return createHash('sha256')
    .update(JSON.stringify(rest, Object.keys(rest).sort()))
    .digest('base64url')
}

/** The listing's material fields the feed's car would change (contracts' MATERIAL_FIELDS, and a big price drop). */
function materialChanges(stock: StockCar, car: FeedCar): string[] {
  const next: Record<(typeof MATERIAL_FIELDS)[number], unknown> = {
    generationId: car.generationId,
    year: car.year,
    bodyType: car.bodyType,
    engineType: car.engineType,
    engineVolumeCc: car.engineVolumeCc,
    mileage: car.mileageKm,
    mileageUnit: 'km',
    isNew: car.isNew,
    isDamaged: car.isDamaged,
    isCustomsCleared: car.isCustomsCleared,
    vin: car.vin,
    description: car.description,
  }
  const changed: string[] = MATERIAL_FIELDS.filter((f) => (stock.material[f] ?? null) !== (next[f] ?? null))
  if (stock.priceKzt !== null && car.priceKzt < stock.priceKzt * (1 - MATERIAL_PRICE_DROP)) changed.push('price')
  return changed
}

export interface PlanInput {
  rows: CheckedRow[]
  stock: StockCar[]
  /** VINs of other sellers' cars on sale or under review, with one such listing's id. */
  vinTaken: Map<string, number>
  missingCars: FeedMissingCars
  /** The dealer's city, for cars the feed names none for. */
  dealerCityId: number
  locale: Locale
}

export function planImport({ rows, stock, vinTaken, missingCars, dealerCityId, locale }: PlanInput): {
  rows: PlannedRow[]
  counts: FeedImportCounts
} {
  const byExternalId = new Map(stock.map((s) => [s.externalId, s]))
  const inFeed = new Set<string>()
  const planned: PlannedRow[] = []
  const problem = (code: 'vin_taken' | 'changed_car', field: 'vin' | 'model', value: string | null, params = {}) =>
    storedProblem({ code, field, value }, params, locale)
  for (const r of rows) {
    if (r.externalId !== null) inFeed.add(r.externalId)
    const problems = r.problems.filter((p) => !PLAN_CODES.has(p.code))
    const base = { seq: r.seq, row: r.row, line: r.line, externalId: r.externalId, warnings: r.warnings }
    if (r.car === null || r.externalId === null) {
      planned.push({
        ...base,
        outcome: 'refused',
        listingId: null,
        problems,
        car: r.car,
        carHash: null,
        material: [],
        stock: null,
      })
      continue
    }
    const car: FeedCar = { ...r.car, cityId: r.car.cityId ?? dealerCityId }
    const stockCar = byExternalId.get(r.externalId) ?? null
    const taken = car.vin === null ? undefined : vinTaken.get(car.vin)
    if (taken !== undefined) problems.push(problem('vin_taken', 'vin', car.vin, { listing: taken }))
    if (stockCar && (stockCar.brandId !== car.brandId || stockCar.modelId !== car.modelId))
      problems.push(
        problem('changed_car', 'model', `${car.brandName} ${car.modelName}`, {
          car: `${stockCar.brandName} ${stockCar.modelName}`,
        }),
      )
    const hash = carHashOf(car)
    if (problems.length > 0) {
      planned.push({
        ...base,
        outcome: 'refused',
        listingId: stockCar?.id ?? null,
        problems,
        car,
        carHash: hash,
        material: [],
        stock: stockCar,
      })
      continue
    }
    let outcome: FeedImportOutcome = 'created'
    let material: string[] = []
    if (stockCar) {
      const same = stockCar.feedHash === hash && LIVE.has(stockCar.status)
      outcome = same ? 'unchanged' : 'updated'
      if (!same) material = materialChanges(stockCar, car)
    }
    planned.push({
      ...base,
      outcome,
      listingId: stockCar?.id ?? null,
      problems,
      car,
      carHash: hash,
      material,
      stock: stockCar,
    })
  }
  if (missingCars !== 'keep') {
    let seq = rows.length
    for (const s of stock) {
      if (inFeed.has(s.externalId) || !LIVE.has(s.status)) continue
      planned.push({
        seq: ++seq,
        row: null,
        line: null,
        externalId: s.externalId,
        outcome: 'removed',
        listingId: s.id,
        problems: [],
        warnings: [],
        car: null,
        carHash: null,
        material: [],
        stock: s,
      })
    }
  }
  return { rows: planned, counts: countOutcomes(planned) }
}

export function countOutcomes(rows: Pick<PlannedRow, 'outcome' | 'row' | 'warnings'>[]): FeedImportCounts {
  const counts: FeedImportCounts = {
    rows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    removed: 0,
    refused: 0,
    withWarnings: 0,
  }
  for (const r of rows) {
    counts[r.outcome]++
    if (r.row !== null) counts.rows++
    if (r.warnings.length > 0) counts.withWarnings++
  }
  return counts
}
