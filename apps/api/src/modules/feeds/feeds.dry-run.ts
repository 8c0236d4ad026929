import type { FeedDryRunReport, FeedRowResult, FeedUnmatchedName, Locale } from '@tulpar/contracts'
import { readCsvCars } from './feed-csv.ts'
import type { RawCar } from './feed-fields.ts'
import { createReferenceMatcher, type ReferenceSource, type UnmatchedField } from './feed-matching.ts'
import { foldName } from './feed-names.ts'
import { checkCar, createDuplicateCheck, type RowProblem } from './feed-rows.ts'
import { type FeedText, openFeedText } from './feed-source.ts'
import { readXmlCars } from './feed-xml.ts'
import { FeedRefusedError } from './feeds.errors.ts'
import type { StoredProblem, StoredRefusal } from './feeds.tables.ts'
import { refusalText, storedProblem } from './feeds.texts.ts'

/** Rows listed per unmatched value; `count` still says how many cars gave it. */
const UNMATCHED_ROWS = 100

export interface DryRunOptions {
  locale?: Locale
  /** Overrides of the limits (FEED_MAX_BYTES, FEED_MAX_ROWS), for tests and the benchmark. */
  maxBytes?: number
  maxRows?: number
  /** Photo hosts accepted on a non-public address (FEED_FETCH_ALLOWED_HOSTS). */
  allowedHosts?: ReadonlySet<string>
}

export interface DryRunDeps {
  reference: ReferenceSource
  now?: () => Date
}

/** A car of the report with its problems as stored (their words' parameters kept). */
type CheckedFeedRow = Omit<FeedRowResult, 'problems' | 'warnings'> & {
  problems: StoredProblem[]
  warnings: StoredProblem[]
}

/** The dry run's report (FeedDryRunReport) with its problems and refusal as stored. */
export type DryRunReport = Omit<FeedDryRunReport, 'rows' | 'refused'> & {
  rows: CheckedFeedRow[]
  refused: StoredRefusal | null
}

function problemOf(p: RowProblem, locale: Locale): StoredProblem {
  return storedProblem({ code: p.code, field: p.field, value: p.value }, p.params ?? {}, locale)
}

/**
 * Reads a feed (CSV or XML, streamed) and checks every car without writing anything: the per-row report, the counts
 * and the names our reference data does not know. A feed refused whole (too large, too many cars, an encoding or a
 * format we do not read, an XML document type) answers a report with `refused` and no rows; nothing of it counts.
 */
export async function dryRunFeed(
  deps: DryRunDeps,
  input: AsyncIterable<Uint8Array | string>,
  options: DryRunOptions = {},
): Promise<DryRunReport> {
  const locale = options.locale ?? 'ru'
  const now = deps.now ?? (() => new Date())
  let source: FeedText | null = null
  const rows: CheckedFeedRow[] = []
  const unmatched = new Map<string, FeedUnmatchedName>()
  try {
    source = await openFeedText(input, { maxBytes: options.maxBytes })
    const format = source.format
    const matcher = await createReferenceMatcher(deps.reference, now)
    const isDuplicate = createDuplicateCheck()
    const limits = { maxRows: options.maxRows }
    const cars: AsyncIterable<RawCar> =
      format === 'csv' ? readCsvCars(source.text, limits) : readXmlCars(source.text, limits)
    for await (const raw of cars) {
      const checked = checkCar(raw, now(), options.allowedHosts)
      if (checked.externalId !== null) {
        const first = isDuplicate(checked.externalId, raw.row)
        if (first !== null)
          checked.problems.push({
            code: 'duplicate_id',
            field: 'external_id',
            value: checked.externalId,
            params: { row: first },
          })
      }
      const result = await matcher.match(checked)
      for (const u of result.unmatched) noteUnmatched(unmatched, u.field, u.value, raw.row)
      rows.push({
        row: raw.row,
        line: raw.line,
        externalId: checked.externalId,
        outcome: result.car ? 'valid' : 'refused',
        problems: result.problems.map((p) => problemOf(p, locale)),
        warnings: result.warnings.map((p) => problemOf(p, locale)),
        car: result.car,
      })
    }
  } catch (error) {
    if (!(error instanceof FeedRefusedError)) throw error
    return {
      format: source?.format ?? null,
      encoding: source?.encoding ?? null,
      refused: {
        code: error.refusal,
        message: refusalText(error.refusal, error.params, locale),
        params: error.params,
      },
      counts: { rows: 0, valid: 0, refused: 0, withWarnings: 0 },
      rows: [],
      unmatched: [],
    }
  }
  const valid = rows.filter((r) => r.outcome === 'valid').length
  return {
    format: source.format,
    encoding: source.encoding,
    refused: null,
    counts: {
      rows: rows.length,
      valid,
      refused: rows.length - valid,
      withWarnings: rows.filter((r) => r.warnings.length > 0).length,
    },
    rows,
    unmatched: [...unmatched.values()].sort((a, b) => b.count - a.count),
  }
}

function noteUnmatched(list: Map<string, FeedUnmatchedName>, field: UnmatchedField, value: string, row: number) {
  const key = `${field}:${foldName(value)}`
  let entry = list.get(key)
  if (!entry) {
    entry = { field, value: value.slice(0, 200), count: 0, rows: [] }
    list.set(key, entry)
  }
  entry.count++
  if (entry.rows.length < UNMATCHED_ROWS && entry.rows.at(-1) !== row) entry.rows.push(row)
}
