import {
  FRESH_ASK_AFTER_DAYS,
  FRESH_PAUSE_AFTER_DAYS,
  SOLD_REPORTS_TO_PAUSE,
  SOLD_REPORTS_WINDOW_DAYS,
  type StillForSale,
  type StillForSaleLinkQuery,
} from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limiter.ts'
import { isDealerMember } from '../dealers/index.ts'
import { isPhoneAccountEmail, type SessionUser } from '../identity/index.ts'
import { deliverOnce, type JobPayloads, type JobSender } from '../jobs/index.ts'
import { ListingNotFoundError, listingTitle } from '../listings/index.ts'
import { sendSystemMessage } from '../messaging/index.ts'
import type { PhonesService } from '../phones/index.ts'
import { recordMatches } from '../saved-searches/index.ts'
import {
  NotConfirmableError,
  StillForSaleLinkExpiredError,
  StillForSaleLinkInvalidError,
} from './fresh-listings.errors.ts'
import { checkStillForSaleLink, stillForSaleUrl } from './fresh-listings.link.ts'
import * as repo from './fresh-listings.repository.ts'
import { noticeText } from './fresh-listings.texts.ts'

const DAY_MS = 86_400_000
/** Listings asked, and paused, per batch; each batch is one short transaction. */
const BATCH = 500
/** Batches of each kind per run (the run is hourly): at most 5,000 questions an hour, the rest the next hour. */
const BATCHES_PER_RUN = 10

/** The signed link is opened without an account: limited per address, as the car page's public actions are. */
const STILL_FOR_SALE_LINK_LIMITS = {
  perIpShort: { limit: 30, windowSeconds: 600 },
  perIpDay: { limit: 300, windowSeconds: 86_400 },
} as const

export interface FreshListingsDeps {
  db: Db
  jobs: JobSender
  limiter: RateLimiter
  phones: Pick<PhonesService, 'isConfirmed'>
  /** Signs the links (the app's auth secret). */
  secret: string
  publicUrl: string
  clock?: () => Date
}

/**
 * Fresh listings (decision 032): a private seller confirms every 14 days that the car is still for sale (a signed
 * link from the email, SMS or inbox, or the button in the account); unconfirmed 3 days later, or reported sold by
 * enough buyers, the listing is paused (hidden, its favouriters not told) until the seller confirms again.
 */
export function createFreshListingsService({
  db,
  jobs,
  limiter,
  phones,
  secret,
  publicUrl,
  clock = () => new Date(),
}: FreshListingsDeps) {
  type NoticeKind = JobPayloads['fresh-notice']['kind']
  const notices = (rows: { id: number }[], kind: NoticeKind, at: Date) =>
    rows.map((r) => ({ key: `fresh:${kind}:${r.id}:${at.getTime()}`, listingId: r.id, kind }))

  /** One batch: the rows changed and their sellers' messages commit together. */
  async function batch(
    change: (tx: Db, now: Date) => Promise<{ id: number }[]>,
    kind: NoticeKind,
    now: Date,
  ): Promise<number> {
    return db.transaction(async (tx) => {
      const rows = await change(tx, now)
      await jobs.sendMany('fresh-notice', notices(rows, kind, now), { tx })
      return rows.length
    })
  }

  async function confirm(id: number): Promise<StillForSale> {
    const now = clock()
    return db.transaction(async (tx) => {
      const row = await repo.lockFreshness(tx, id)
      if (!row) throw new ListingNotFoundError(id)
      if (row.status !== 'published' && row.status !== 'paused') throw new NotConfirmableError()
      const resumed = row.status === 'paused'
      await repo.markConfirmed(tx, id, now, resumed)
      // Back on sale: the saved searches made while it was hidden hear of it as of a new car; those that matched it
      // before (told at once, in a digest, or not yet) are not told again (decision 032).
      if (resumed && row.pausedAt) {
        const { instant } = await recordMatches(tx, id, now, { savedAfter: row.pausedAt })
        if (instant) await jobs.send('search-alerts', { listingId: id }, { tx })
      }
      const found = await repo.findFreshness(tx, id)
      return {
        id,
        title: (found && listingTitle(found)) ?? String(id),
        status: 'published',
        confirmedAt: now.toISOString(),
        resumed,
      }
    })
  }

  async function checkLink(id: number, link: StillForSaleLinkQuery, client: { ip: string }): Promise<void> {
    await enforceRateLimits(limiter, [
      { key: `still-for-sale:ip:short:${client.ip}`, ...STILL_FOR_SALE_LINK_LIMITS.perIpShort },
      { key: `still-for-sale:ip:day:${client.ip}`, ...STILL_FOR_SALE_LINK_LIMITS.perIpDay },
    ])
    const verdict = checkStillForSaleLink(secret, id, link, clock())
    if (verdict === 'invalid') throw new StillForSaleLinkInvalidError()
    if (verdict === 'expired') throw new StillForSaleLinkExpiredError()
  }

  return {
    /**
     * The scheduled run: asks the sellers of published private listings last confirmed 14 days ago, then pauses
     * those asked 3 days ago and not confirmed since. Bounded (BATCHES_PER_RUN batches of each); a listing is asked
     * once per 14 days and paused once, however often the run repeats or overlaps.
     */
    async runDue(): Promise<{ asked: number; paused: number }> {
      const now = clock()
      const askCutoff = new Date(now.getTime() - FRESH_ASK_AFTER_DAYS * DAY_MS)
      const pauseCutoff = new Date(now.getTime() - FRESH_PAUSE_AFTER_DAYS * DAY_MS)
      let asked = 0
      let paused = 0
      // Pauses first: a listing asked in this run is not due for a pause in it anyway.
      for (let i = 0; i < BATCHES_PER_RUN; i++) {
        const n = await batch((tx, at) => repo.pauseUnanswered(tx, at, pauseCutoff, BATCH), 'unconfirmed', now)
        paused += n
        if (n < BATCH) break
      }
      for (let i = 0; i < BATCHES_PER_RUN; i++) {
        const n = await batch((tx, at) => repo.claimDueAsks(tx, at, askCutoff, BATCH), 'ask', now)
        asked += n
        if (n < BATCH) break
      }
      return { asked, paused }
    },

    /**
     * One seller's message about one listing: the inbox message, the email and (when the listing's number is one
     * the seller confirmed) the SMS, each with the signed link; once per key. Nothing when the listing moved on
     * (confirmed, sold, removed) before the job ran, or the account is deleted.
     */
    async sendNotice({ key, listingId, kind }: JobPayloads['fresh-notice']): Promise<void> {
      const facts = await repo.findNoticeFacts(db, listingId)
      if (!facts || facts.isDeleted) return
      const current =
        kind === 'ask' ? facts.status === 'published' && facts.confirmAskedAt !== null : facts.status === 'paused'
      if (!current) return
      const now = clock()
      const locale = facts.language ?? 'ru'
      const text = noticeText(
        kind,
        locale,
        listingTitle(facts, locale),
        stillForSaleUrl(publicUrl, secret, listingId, now),
      )
      const sms = facts.contactPhone !== null && (await phones.isConfirmed(facts.ownerId, facts.contactPhone))
      await deliverOnce(db, key, async (tx) => {
        await sendSystemMessage(tx, facts.ownerId, text.body, now)
        if (facts.email && !isPhoneAccountEmail(facts.email))
          await jobs.send(
            'email',
            { key: `${key}:email`, to: facts.email, subject: text.subject, text: text.body },
            { tx },
          )
        if (sms && facts.contactPhone)
          await jobs.send('sms', { key: `${key}:sms`, to: facts.contactPhone, text: text.sms }, { tx })
      })
    },

    /**
     * What the signed link would confirm, changing nothing (mail scanners open links; the page's button POSTs).
     * Throws RateLimitedError, StillForSaleLinkInvalidError (400), StillForSaleLinkExpiredError (410),
     * ListingNotFoundError, NotConfirmableError (409: sold, removed or back in moderation).
     */
    async describeLink(id: number, link: StillForSaleLinkQuery, client: { ip: string }): Promise<StillForSale> {
      await checkLink(id, link, client)
      const row = await repo.findFreshness(db, id)
      if (!row) throw new ListingNotFoundError(id)
      if (row.status !== 'published' && row.status !== 'paused') throw new NotConfirmableError()
      const confirmedAt = row.confirmedAt ?? row.publishedAt ?? clock()
      return {
        id,
        title: listingTitle(row) ?? String(id),
        status: row.status,
        confirmedAt: confirmedAt.toISOString(),
        resumed: false,
      }
    },

    /** The signed link's confirmation (no sign-in): the same errors as describeLink. */
    async confirmByLink(id: number, link: StillForSaleLinkQuery, client: { ip: string }): Promise<StillForSale> {
      await checkLink(id, link, client)
      return confirm(id)
    },

    /**
     * The seller's button: the listing's owner, or for a dealer's car any of the dealer's people now; anyone else
     * (staff too: it is the seller's word) gets ListingNotFoundError.
     */
    async confirmAsOwner(u: Pick<SessionUser, 'id'>, id: number): Promise<StillForSale> {
      const row = await repo.findFreshness(db, id)
      const seller =
        row !== null &&
        (row.ownerId === u.id || (row.dealerId !== null && (await isDealerMember(db, row.dealerId, u.id))))
      if (!seller) throw new ListingNotFoundError(id)
      return confirm(id)
    },

    /**
     * After a buyer's "already sold" complaint: pauses the listing when SOLD_REPORTS_TO_PAUSE distinct buyers reported
     * it sold since its last confirmation, within SOLD_REPORTS_WINDOW_DAYS, and tells the seller. True when paused.
     */
    async pauseIfReportedSold(listingId: number): Promise<boolean> {
      const now = clock()
      const windowStart = new Date(now.getTime() - SOLD_REPORTS_WINDOW_DAYS * DAY_MS)
      if ((await repo.countSoldReports(db, listingId, windowStart)) < SOLD_REPORTS_TO_PAUSE) return false
      return db.transaction(async (tx) => {
        if (!(await repo.pauseReportedSold(tx, listingId, now))) return false
        await jobs.sendMany('fresh-notice', notices([{ id: listingId }], 'reported_sold', now), { tx })
        return true
      })
    },
  }
}
export type FreshListingsService = ReturnType<typeof createFreshListingsService>
