import type { PromotionEndReason, PromotionProduct } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { isPhoneAccountEmail } from '../identity/index.ts'
import { deliverOnce, type JobPayloads, type JobSender } from '../jobs/index.ts'
import { sendSystemMessage } from '../messaging/index.ts'
import type { PaymentsService } from '../payments/index.ts'
import * as expiry from './promotions.expiry.repository.ts'
import * as repo from './promotions.repository.ts'
import { refundFor } from './promotions.rules.ts'
import { endingNotice } from './promotions.texts.ts'

/*
 * A paid promotion's life after its order (decision 033): the payment's outcome starts it (or refunds it), the
 * expiry job ends it and tells its seller a day before, a sold or removed car ends it early with the refund rule,
 * and a bulk order's payment is refunded once none of its cars runs. Ordering, receipts and the price list are
 * promotions.service.ts, which gives these to its callers.
 */

export const ORDER_REF = 'promotion'
const DAY_MS = 86_400_000
/** Each batch of the expiry job is one short transaction; a run does a few. */
const BATCH = 200
const BATCHES_PER_RUN = 10
/** A seller hears that a promotion ends when a day or less of it is left. */
const NOTICE_BEFORE_MS = DAY_MS
/**
 * A bulk order's payment is refunded once its last order has ended; the longest product lasts 14 days, so a month
 * back covers every bulk order that may still owe a refund (and keeps the walk on the paid orders' index short).
 */
const SHARED_REFUND_LOOKBACK_MS = 30 * DAY_MS

type Row = repo.PromotionRow

/** The period a paid product covers: its days, and a raise counts for one day (no second raise within it). */
const periodMs = (product: PromotionProduct, days: number) => (product === 'raise' ? 1 : days) * DAY_MS

export function createPromotionLifecycle({
  db,
  jobs,
  payments,
  publicUrl,
  clock,
}: {
  db: Db
  jobs: JobSender
  payments: PaymentsService
  publicUrl: string
  clock: () => Date
}) {
  /**
   * Ends a running promotion now: its listing stops showing it, and the money of its unused days goes back: at once
   * for an order paid alone, with the rest of its payment's refunds once none of them runs for a bulk order's (a
   * payment is refunded once: refundSharedPayments).
   */
  async function endRunning(tx: Db, r: Row, reason: PromotionEndReason, now: Date): Promise<void> {
    const refundKzt = reason === 'expired' || !r.endsAt ? 0 : refundFor(r, now)
    await repo.updatePromotion(tx, r.id, { status: 'ended', endedAt: now, endReason: reason, refundKzt })
    if (r.listingId !== null) await repo.clearFromListing(tx, r.listingId, r.product)
    if (refundKzt > 0 && r.paymentId && !(await repo.isSharedPayment(tx, r.paymentId)))
      await jobs.send('payment-refund', { paymentId: r.paymentId, amountKzt: refundKzt }, { tx })
  }

  /**
   * A paid order runs from now, if its car is still on sale and the product does not already run for it; otherwise
   * it is marked refunded in full ('duplicate' or 'removed'). Answers whether it runs.
   */
  async function fulfil(tx: Db, row: Row, now: Date): Promise<boolean> {
    const listing = row.listingId === null ? null : await repo.lockListing(tx, row.listingId)
    const onSale = listing?.status === 'published'
    const taken = onSale && (await repo.isRunning(tx, listing.id, row.product, now))
    if (!listing || !onSale || taken) {
      await repo.updatePromotion(tx, row.id, {
        status: 'refunded',
        paidAt: now,
        endedAt: now,
        endReason: taken ? 'duplicate' : 'removed',
        refundKzt: row.amountKzt,
      })
      return false
    }
    const endsAt = new Date(now.getTime() + periodMs(row.product, row.days))
    await repo.updatePromotion(tx, row.id, { status: 'active', paidAt: now, startsAt: now, endsAt })
    await repo.applyToListing(tx, listing.id, row.product, endsAt, now)
    return true
  }

  // The payment's outcome, in the transaction that records it, for each order it pays for (one, or each car of a
  // dealer's bulk order).
  payments.onOutcome(ORDER_REF, async (tx, { paymentId, outcome }) => {
    const rows = await repo.lockPromotionsOfPayment(tx, paymentId)
    const now = clock()
    if (outcome === 'paid') {
      // Paid, perhaps late (after the provider had failed or cancelled the payment): money taken is fulfilled or
      // given back, never kept for nothing.
      const payable = rows.filter((r) => r.status === 'awaiting_payment' || r.status === 'cancelled')
      let running = 0
      for (const row of payable) if (await fulfil(tx, row, now)) running++
      // Nothing runs on this money: all of it goes back now. A bulk order's refused cars get theirs back with the
      // rest of its refunds, once none of its orders runs (refundSharedPayments).
      if (payable.length > 0 && running === 0) await jobs.send('payment-refund', { paymentId }, { tx })
      return
    }
    if (outcome === 'refunded') {
      // A refund staff or the provider made in full: nothing runs on money given back. (A refund of unused days
      // comes after its orders have ended, and finds none running.)
      for (const row of rows.filter((r) => r.status === 'active')) {
        await endRunning(tx, { ...row, endsAt: null }, 'refunded', now)
        await repo.updatePromotion(tx, row.id, { status: 'refunded', refundKzt: row.amountKzt })
      }
      return
    }
    for (const row of rows.filter((r) => r.status === 'awaiting_payment'))
      await repo.updatePromotion(tx, row.id, { status: 'cancelled' })
  })

  /**
   * Refunds the bulk orders' payments none of whose orders runs any more, each once, with the sum its orders give
   * back (the unused days of cars sold or removed early, and the cars refused when the money came).
   */
  async function refundSharedPayments(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const due = await repo.findSharedRefundsDue(tx, new Date(now.getTime() - SHARED_REFUND_LOOKBACK_MS), BATCH)
      for (const { paymentId, refundKzt, amountKzt } of due)
        await jobs.send(
          'payment-refund',
          refundKzt >= amountKzt ? { paymentId } : { paymentId, amountKzt: refundKzt },
          // Until the refund job takes the payment, a later run finds it again: one job waits at a time.
          { tx, singletonKey: `shared-refund:${paymentId}` },
        )
      return due.length
    })
  }

  async function endOffSale(now: Date): Promise<number> {
    let ended = 0
    for (let i = 0; i < BATCHES_PER_RUN; i++) {
      const n = await db.transaction(async (tx) => {
        const rows = await expiry.lockOffSale(tx, BATCH)
        for (const { promotion, listingStatus } of rows)
          await endRunning(tx, promotion, listingStatus === 'sold' ? 'sold' : 'removed', now)
        return rows.length
      })
      ended += n
      if (n < BATCH) break
    }
    return ended
  }

  async function expire(now: Date): Promise<number> {
    let expired = 0
    for (let i = 0; i < BATCHES_PER_RUN; i++) {
      const n = await db.transaction(async (tx) => {
        const rows = await expiry.lockExpired(tx, now, BATCH)
        for (const r of rows) await endRunning(tx, r, 'expired', now)
        return rows.length
      })
      expired += n
      if (n < BATCH) break
    }
    return expired
  }

  return {
    /**
     * The 'promotions' job: ends the promotions whose period is over and those of cars no longer on sale (with the
     * refund rule), refunds the bulk orders none of whose cars runs any more, and tells sellers whose promotion ends
     * within a day. Bounded batches; the next run does the rest.
     */
    async runDue(): Promise<{ expired: number; ended: number; noticed: number; refunded: number }> {
      const now = clock()
      const expired = await expire(now)
      const ended = await endOffSale(now)
      const refunded = await refundSharedPayments(now)
      const noticed = await db.transaction(async (tx) => {
        const ids = await expiry.markEndingNoticed(tx, now, new Date(now.getTime() + NOTICE_BEFORE_MS), BATCH)
        await jobs.sendMany(
          'promotion-notice',
          ids.map((id) => ({ key: `promotion-ending:${id}`, promotionId: id })),
          { tx },
        )
        return ids.length
      })
      return { expired, ended, noticed, refunded }
    },

    /** A sold, removed or taken-down car's promotions end at once (the listing-event job), with the refund rule. */
    async endForListing(listingId: number, reason: 'sold' | 'removed'): Promise<void> {
      const now = clock()
      await db.transaction(async (tx) => {
        for (const r of await expiry.lockRunningOfListing(tx, listingId)) await endRunning(tx, r, reason, now)
      })
    },

    /** The 'promotion-notice' job: the inbox message and e-mail that a promotion ends within a day (once). */
    async sendEndingNotice({ key, promotionId }: JobPayloads['promotion-notice']): Promise<void> {
      const facts = await expiry.findNoticeFacts(db, promotionId)
      const promotion = facts?.promotion
      const endsAt = promotion?.endsAt
      const buyerId = promotion?.buyerId
      if (!facts || facts.isDeleted || promotion?.status !== 'active' || !endsAt || !buyerId) return
      const email = facts.email
      const text = endingNotice(facts.language ?? 'ru', {
        product: promotion.product,
        car: promotion.title,
        endsAt,
        link: `${publicUrl}/account/listings/${promotion.listingId}/promote`,
      })
      const now = clock()
      await deliverOnce(db, key, async (tx) => {
        await sendSystemMessage(tx, buyerId, text.body, now)
        if (email && !isPhoneAccountEmail(email))
          await jobs.send('email', { key: `${key}:email`, to: email, subject: text.subject, text: text.body }, { tx })
      })
    },
  }
}
