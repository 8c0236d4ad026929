import {
  DEALER_STATS_DEFAULT_DAYS,
  DEALER_STATS_MAX_DAYS,
  type DealerLeads,
  type DealerPromotionBody,
  type DealerPromotionOrder,
  type DealerReceiptList,
  type DealerStats,
  type DealerStatsQuery,
  type DealerStockBulkBody,
  type DealerStockBulkResult,
  type LeadDeskItem,
  type LeadDetail,
  type LeadStatusBody,
  type Locale,
} from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { FieldValidationError } from '../../lib/errors.ts'
import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limiter.ts'
import type { SessionUser } from '../identity/index.ts'
import { listingTitle, viewDay } from '../listings/index.ts'
import * as chats from './dealer-chats.repository.ts'
import { STOCK_CSV_HEADER, statsCsv, stockCsvLine } from './dealer-export.csv.ts'
import * as stats from './dealer-stats.repository.ts'

/** What the desk needs of the dealers (passed in where the services are wired): the caller's place in the dealer. */
interface DeskDealers {
  /** Throws the dealers' 404 (`dealer.not_found`) or 403 (`dealer.not_member`) for anyone but its people. */
  getMine(u: SessionUser, dealerId: number, locale: Locale): Promise<{ myRole: 'owner' | 'manager' }>
}

/** What the desk needs of the leads desk (passed in where the services are wired): its rules, scoped to a dealer. */
interface DeskLeads {
  listDealerCallbacks(dealerId: number, limit: number): Promise<LeadDeskItem[]>
  takeLead(u: SessionUser, id: number, scope: { dealerId: number }): Promise<LeadDetail>
  setStatus(u: SessionUser, id: number, body: LeadStatusBody, scope: { dealerId: number }): Promise<LeadDetail>
}

/** What the desk needs of selling (passed in where the services are wired): its one price change path, in bulk. */
interface DeskStock {
  bulkChange(
    u: SessionUser,
    dealerId: number,
    ids: number[],
    step: { kind: 'sold' } | { kind: 'price'; priceOf: (current: number | null) => number },
  ): Promise<{ id: number; status: string; priceKzt: number | null }[]>
}

/** What the desk needs of paid promotion (passed in where the services are wired): its bulk order, its rules. */
interface DeskPromotions {
  orderForDealer(u: SessionUser, dealerId: number, body: DealerPromotionBody): Promise<DealerPromotionOrder>
  listDealerReceipts(dealerId: number): Promise<DealerReceiptList>
}

export interface DealerDeskServiceDeps {
  db: Db
  limiter: RateLimiter
  dealers: DeskDealers
  leads: DeskLeads
  stock: DeskStock
  promotions: DeskPromotions
  clock?: () => Date
}

/** Reads of the desk's statistics per person: a page load and a few exports a minute, not a scraper. */
const STATS_LIMIT = { limit: 30, windowSeconds: 60 }
/** Steps on leads per person: a busy day's work, not a script. */
const LEAD_STEPS_LIMIT = { limit: 60, windowSeconds: 60 }
/** The desk lists the latest call-backs and chats, this many of each. */
const LEADS_SHOWN = 100
/** The stock export's bound: far above any dealer's stock today, and one response's worth. */
const STOCK_EXPORT_MAX = 20_000
const DAY_MS = 86_400_000

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS
const dayOfNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10)

/** The range asked, or the last 30 days to today; 400 when it is reversed or longer than the limit. */
function rangeOf(q: DealerStatsQuery, today: string): { from: string; to: string } {
  const to = q.to ?? today
  const from = q.from ?? dayOfNumber(dayNumber(to) - (DEALER_STATS_DEFAULT_DAYS - 1))
  const days = dayNumber(to) - dayNumber(from) + 1
  if (days < 1)
    throw new FieldValidationError([{ field: 'querystring.from', code: 'after_to', message: 'from is after to' }])
  if (days > DEALER_STATS_MAX_DAYS)
    throw new FieldValidationError([
      { field: 'querystring.from', code: 'too_long', message: `At most ${DEALER_STATS_MAX_DAYS} days` },
    ])
  return { from, to }
}

type Counts = DealerStats['totals']
const zero = (): Counts => ({ views: 0, reveals: 0, favourites: 0, callbacks: 0, chats: 0 })

/** The dealer desk (issue 38): statistics of the dealer's cars for its people. */
export function createDealerDeskService({
  db,
  limiter,
  dealers,
  leads,
  stock,
  promotions,
  clock = () => new Date(),
}: DealerDeskServiceDeps) {
  /** The dealer's people only (the dealers' 404/403), within their rate of steps on leads. */
  async function memberStepping(u: SessionUser, dealerId: number, locale: Locale) {
    await dealers.getMine(u, dealerId, locale)
    await enforceRateLimits(limiter, [{ key: `dealer-lead-steps:${u.id}`, ...LEAD_STEPS_LIMIT }])
  }

  const service = {
    /**
     * The call-backs on the dealer's cars (with the leads desk's statuses) and the buyers' chats about them, the
     * latest 100 of each. The dealer's people only (the dealers' 404/403).
     */
    async listLeads(u: SessionUser, dealerId: number, locale: Locale): Promise<DealerLeads> {
      await dealers.getMine(u, dealerId, locale)
      await enforceRateLimits(limiter, [{ key: `dealer-stats:${u.id}`, ...STATS_LIMIT }])
      const [callbacks, chatRows] = await Promise.all([
        leads.listDealerCallbacks(dealerId, LEADS_SHOWN),
        chats.findDealerChats(db, dealerId, LEADS_SHOWN),
      ])
      return {
        callbacks,
        chats: chatRows.map((c) => ({
          id: c.id,
          listing: { id: c.listingId, title: listingTitle(c, locale) },
          buyerName: c.buyerName ?? '',
          seller: { id: c.sellerId, name: c.sellerName },
          createdAt: c.createdAt.toISOString(),
          lastMessageAt: c.lastMessageAt.toISOString(),
          mine: c.sellerId === u.id,
        })),
      }
    },

    /**
     * A bulk step on the dealer's own cars on sale, all or none in one transaction (selling's price change path, or
     * sold): any id that is not one of them is a 404 and nothing changes; a resulting price out of bounds is a 400.
     */
    async bulk(
      u: SessionUser,
      dealerId: number,
      body: DealerStockBulkBody,
      locale: Locale,
    ): Promise<DealerStockBulkResult> {
      await memberStepping(u, dealerId, locale)
      const step =
        body.action === 'sold'
          ? ({ kind: 'sold' } as const)
          : body.action === 'price_set'
            ? ({ kind: 'price', priceOf: () => body.priceKzt } as const)
            : ({
                kind: 'price',
                // A car without a price has none to change: 0 is refused as out of bounds.
                priceOf: (current: number | null) =>
                  current === null ? 0 : Math.round((current * (100 + body.percent)) / 100),
              } as const)
      const rows = await stock.bulkChange(u, dealerId, body.ids, step)
      return {
        action: body.action,
        changed: rows.map((r) => ({ id: r.id, status: r.status, priceKzt: r.priceKzt })),
      }
    },

    /**
     * One product of the price list for several of the dealer's cars on sale, in one payment of the total (the
     * dealer's people only: the dealers' 404/403); paid promotion's rules for each car, all or none.
     */
    async promote(
      u: SessionUser,
      dealerId: number,
      body: DealerPromotionBody,
      locale: Locale,
    ): Promise<DealerPromotionOrder> {
      await dealers.getMine(u, dealerId, locale)
      return promotions.orderForDealer(u, dealerId, body)
    },

    /** The receipts of the dealer's cars, whoever of its people paid, newest first. The dealer's people only. */
    async receipts(u: SessionUser, dealerId: number, locale: Locale): Promise<DealerReceiptList> {
      await dealers.getMine(u, dealerId, locale)
      await enforceRateLimits(limiter, [{ key: `dealer-stats:${u.id}`, ...STATS_LIMIT }])
      return promotions.listDealerReceipts(dealerId)
    },

    /** Takes a call-back on one of the dealer's cars, as the leads desk does (404 for any other lead). */
    async takeLead(u: SessionUser, dealerId: number, leadId: number, locale: Locale): Promise<LeadDetail> {
      await memberStepping(u, dealerId, locale)
      return leads.takeLead(u, leadId, { dealerId })
    },

    /** Moves a call-back on one of the dealer's cars, as the leads desk does (a rejection needs its reason). */
    async setLeadStatus(
      u: SessionUser,
      dealerId: number,
      leadId: number,
      body: LeadStatusBody,
      locale: Locale,
    ): Promise<LeadDetail> {
      await memberStepping(u, dealerId, locale)
      return leads.setStatus(u, leadId, body, { dealerId })
    },

    /** The dealer's cars in every status as CSV (header first, at most 20,000). The dealer's people only. */
    async stockCsv(u: SessionUser, dealerId: number, locale: Locale): Promise<string> {
      await dealers.getMine(u, dealerId, locale)
      await enforceRateLimits(limiter, [{ key: `dealer-stats:${u.id}`, ...STATS_LIMIT }])
      const rows = await stats.findDealerStock(db, dealerId, STOCK_EXPORT_MAX)
      return STOCK_CSV_HEADER + rows.map(stockCsvLine).join('')
    },

    /** The statistics as CSV: one line per car and day (the same rules as `stats`). */
    async statsCsv(u: SessionUser, dealerId: number, q: DealerStatsQuery, locale: Locale): Promise<string> {
      return statsCsv(await service.stats(u, dealerId, q, locale))
    },

    /**
     * Per car and per day: views, number reveals, favourites, call-backs and chats of the dealer's cars on sale. The
     * dealer's people only (the dealers' 404/403); 400 for a reversed or too long range.
     */
    async stats(u: SessionUser, dealerId: number, q: DealerStatsQuery, locale: Locale): Promise<DealerStats> {
      await dealers.getMine(u, dealerId, locale)
      await enforceRateLimits(limiter, [{ key: `dealer-stats:${u.id}`, ...STATS_LIMIT }])
      const { from, to } = rangeOf(q, viewDay(clock()))
      const cars = await stats.findDealerCarsOnSale(db, dealerId)
      const counted = await stats.countByDay(
        db,
        cars.map((c) => c.id),
        from,
        to,
      )
      const perCar = new Map(
        cars.map((c) => [
          c.id,
          {
            id: c.id,
            title: listingTitle(c, locale),
            priceKzt: c.priceKzt,
            totals: zero(),
            byDay: new Map<string, DealerStats['cars'][number]['days'][number]>(),
          },
        ]),
      )
      const kinds = ['views', 'reveals', 'favourites', 'callbacks', 'chats'] as const
      for (const kind of kinds)
        for (const row of counted[kind]) {
          const car = perCar.get(row.listingId)
          if (!car) continue
          car.totals[kind] += row.n
          const day = car.byDay.get(row.day) ?? { day: row.day, ...zero() }
          day[kind] += row.n
          car.byDay.set(row.day, day)
        }
      const totals = zero()
      const out = [...perCar.values()].map(({ byDay, ...car }) => {
        for (const key of Object.keys(totals) as (keyof Counts)[]) totals[key] += car.totals[key]
        return { ...car, days: [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day)) }
      })
      out.sort((a, b) => b.totals.views - a.totals.views || b.id - a.id)
      return { from, to, totals, cars: out }
    },
  }
  return service
}
export type DealerDeskService = ReturnType<typeof createDealerDeskService>
