import type {
  DealerStock,
  DealerStockQuery,
  FeedImport,
  FeedImportList,
  FeedImportQuery,
  FeedImportSummary,
  FeedMissingCars,
  Locale,
} from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import * as cars from './feed-listings.repository.ts'
import { FeedImportNotFoundError } from './feeds.errors.ts'
import * as repo from './feeds.repository.ts'
import { localiseProblem, localiseRefusal } from './feeds.texts.ts'

/*
 * What the dealer desk reads of the feeds (issue 38): the import history, one import with a page of its report, and
 * the table of the dealer's cars. Who may read is checked by the caller (feeds.service.ts).
 */

/** Imports in the history: the last 50. */
const HISTORY = 50
/** Cars in the desk's table: the first 200 matching. */
const STOCK_PAGE = 200

/** An import's summary, its refusal in `locale` (stored as a code and parameters). */
function summaryOf(found: NonNullable<Awaited<ReturnType<typeof repo.findImport>>>, locale: Locale): FeedImportSummary {
  const r = found.row
  return {
    id: r.id,
    dealerId: r.dealerId,
    status: r.status as FeedImportSummary['status'],
    source: r.source === 'url' ? 'url' : 'upload',
    format: r.format === 'csv' || r.format === 'xml' ? r.format : null,
    encoding: r.encoding === 'utf-8' || r.encoding === 'windows-1251' ? r.encoding : null,
    missingCars: r.missingCars as FeedMissingCars,
    refused: r.refusal ? localiseRefusal(r.refusal, locale) : null,
    counts: r.counts,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy ? { id: r.createdBy, name: found.createdByName ?? '' } : null,
    appliedAt: r.appliedAt?.toISOString() ?? null,
  }
}

export function createFeedHistory({ db }: { db: Db }) {
  return {
    /**
     * One import of the dealer with a page of its report, its reasons in `locale` whatever language it was uploaded
     * in. Throws FeedImportNotFoundError (another dealer's import too).
     */
    async readImport(dealerId: number, importId: number, q: FeedImportQuery, locale: Locale): Promise<FeedImport> {
      const found = await repo.findImport(db, dealerId, importId)
      if (!found) throw new FeedImportNotFoundError(importId)
      const rows = await repo.findImportRows(db, importId, q)
      const more = rows.length > q.limit
      const page = more ? rows.slice(0, q.limit) : rows
      return {
        ...summaryOf(found, locale),
        unmatched: found.row.unmatched,
        rows: page.map((r) => ({
          ...r,
          problems: r.problems.map((p) => localiseProblem(p, locale)),
          warnings: r.warnings.map((p) => localiseProblem(p, locale)),
        })),
        nextAfter: more ? (page.at(-1)?.seq ?? null) : null,
      }
    },

    /** The dealer's imports, newest first (the last 50). */
    async listImports(dealerId: number, locale: Locale): Promise<FeedImportList> {
      const rows = await repo.listImports(db, dealerId, HISTORY)
      return { results: rows.map((r) => summaryOf(r, locale)) }
    },

    /** The dealer desk's table of the dealer's cars (the first 200 matching, the latest changed first). */
    async readStock(dealerId: number, q: DealerStockQuery): Promise<DealerStock> {
      const { rows, total } = await cars.findStockPage(db, dealerId, {
        search: q.q,
        status: q.status,
        limit: STOCK_PAGE,
      })
      return {
        total,
        results: rows.map((r) => ({
          id: r.id,
          externalId: r.externalId,
          status: r.status,
          title: [r.brand, r.model, r.year].filter((p) => p !== null && p !== '').join(' '),
          priceKzt: r.priceKzt,
          mileageKm: r.mileageKm,
          vin: r.vin,
          updatedAt: r.updatedAt.toISOString(),
        })),
      }
    },
  }
}
