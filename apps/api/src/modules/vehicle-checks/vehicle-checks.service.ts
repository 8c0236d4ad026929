import type {
  CheckOrder,
  CheckOrderBody,
  CheckOrderStatus,
  CheckPrice,
  VehicleReport,
  VehicleReportContent,
  VehicleReportList,
} from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limiter.ts'
import type { SessionUser } from '../identity/index.ts'
import type { JobSender } from '../jobs/index.ts'
import { recordLead } from '../leads/index.ts'
import type { PaymentsService } from '../payments/index.ts'
import type { ValuationService } from '../valuation/index.ts'
import { DEFAULT_REGISTERS, type RegisterAdapter } from './registers.ts'
import { buildReportContent } from './report.ts'
import { createReportSharing, toReportShare } from './report-sharing.ts'
import {
  CheckOrderNotFoundError,
  CheckOrderNotPayableError,
  VehicleReportNotFoundError,
} from './vehicle-checks.errors.ts'
import * as repo from './vehicle-checks.repository.ts'

type OrderRow = repo.CheckOrderRow
type ReportRow = repo.VehicleReportRow

const ORDER_REF = 'check'
/** An order may be paid (again) until one of its payments has paid it. */
const PAYABLE: CheckOrderStatus[] = ['awaiting_payment', 'failed', 'cancelled']

function toReport(r: ReportRow, publicUrl: string, withContent: true): VehicleReport
function toReport(r: ReportRow, publicUrl: string, withContent: false): Omit<VehicleReport, 'content'>
function toReport(r: ReportRow, publicUrl: string, withContent: boolean) {
  const base = {
    id: r.id,
    orderId: r.orderId,
    name: r.name,
    vin: r.vin,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    readyAt: r.readyAt?.toISOString() ?? null,
    share: toReportShare(r, publicUrl),
  }
  return withContent ? { ...base, content: r.status === 'ready' ? (r.content ?? null) : null } : base
}

/**
 * The paid vehicle check and valuation (issue 12): a signed-in user orders a check of a VIN or body number,
 * pays through the payments service, and a job makes the TulparAutoCheck report of the paid order, once. Every
 * order is also a lead in the desk. Orders and reports are their owner's only (404 for anyone else), unless the
 * owner shares a ready report by link (report-sharing.ts).
 */
export function createVehicleChecksService({
  db,
  jobs,
  payments,
  valuation,
  limiter,
  publicUrl,
  priceKzt,
  registers = DEFAULT_REGISTERS,
  reportDelaySeconds = 0,
  now = () => new Date(),
}: {
  db: Db
  jobs: JobSender
  payments: PaymentsService
  valuation: Pick<ValuationService, 'estimateCar'>
  /** Shared counters: orders and payment attempts per user, whether the API or a page calls. */
  limiter: RateLimiter
  /** The site's origin: a shared report's link is on it. */
  publicUrl: string
  priceKzt: number
  registers?: readonly RegisterAdapter[]
  /** A pause before the report job starts (the end-to-end test shows the 'being generated' page with it). */
  reportDelaySeconds?: number
  now?: () => Date
}) {
  /** Orders and payment attempts per user: a person checks a few cars an hour, not hundreds (429). */
  const limitPayments = (u: Pick<SessionUser, 'id'>) =>
    enforceRateLimits(limiter, [{ key: `check-order:user:${u.id}`, limit: 20, windowSeconds: 3600 }])

  async function findOwnOrder(u: Pick<SessionUser, 'id'>, id: number): Promise<OrderRow> {
    const row = await repo.findOwnCheckOrder(db, u.id, id)
    if (!row) throw new CheckOrderNotFoundError(id)
    return row
  }

  async function toOrder(row: OrderRow, checkoutUrl: string | null): Promise<CheckOrder> {
    const report = await repo.findReportOfOrder(db, row.id)
    return {
      id: row.id,
      vin: row.vin,
      status: row.status,
      amountKzt: row.amountKzt,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      checkoutUrl: row.status === 'paid' || row.status === 'refunded' ? null : checkoutUrl,
      report,
    }
  }

  /** A payment of the order at the provider, described and sent back to the order's page. */
  const paymentOf = (order: Pick<OrderRow, 'id' | 'amountKzt' | 'vin'>) => ({
    orderRef: `${ORDER_REF}:${order.id}`,
    amountKzt: order.amountKzt,
    description: `TulparAutoCheck ${order.vin}`,
    returnPath: `/check/orders/${order.id}`,
  })

  // The payment's outcome, in the transaction that records it: a paid order gets its one report and job.
  payments.onOutcome(ORDER_REF, async (tx, { orderRef, paymentId, outcome }) => {
    const id = Number(orderRef.split(':')[1])
    const at = now()
    if (outcome === 'paid') {
      // Any of the order's payments may pay it (a payer with two checkout tabs, or money that came after the
      // provider had failed or cancelled the payment, e.g. by its timeout); the one that did is kept.
      const paid = await repo.markCheckOrderPaid(tx, id, PAYABLE, { paymentId, at })
      if (!paid) {
        // Paid already by another payment, refunded, or gone: this money goes back (the queue retries the refund at
        // the provider), and no second report is made. Once per payment: the payment became paid once.
        await jobs.send('payment-refund', { paymentId }, { tx })
        return
      }
      const report = await repo.insertVehicleReport(tx, {
        orderId: id,
        userId: paid.userId,
        vin: paid.vin,
        name: `TulparAutoCheck ${paid.vin}`,
        createdAt: at,
      })
      if (report)
        await jobs.send(
          'vehicle-report',
          { reportId: report.id },
          { tx, ...(reportDelaySeconds > 0 ? { startAfter: new Date(at.getTime() + reportDelaySeconds * 1000) } : {}) },
        )
      return
    }
    // Only the payment an order stands on speaks for it: an older attempt that ends late, or the refund of a
    // duplicate, leaves the order as it is.
    await repo.markCheckOrderStatus(tx, id, {
      paymentId,
      from: outcome === 'refunded' ? 'paid' : 'awaiting_payment',
      to: outcome,
      at,
    })
  })

  const sharing = createReportSharing({ db, limiter, publicUrl, now })

  return {
    ...sharing,

    price(): CheckPrice {
      return { amountKzt: priceKzt, includes: ['history', 'mileage', 'valuation', 'tax', 'registers'] }
    },

    /**
     * Orders a check and starts its payment: answers the order with the checkout URL. Throws
     * PaymentsUnavailableError (503) when no provider is configured, PaymentProviderError (502) and
     * PaymentProviderUnavailableError (503) when the provider fails or does not answer: nothing is stored then.
     */
    async createOrder(u: Pick<SessionUser, 'id'>, body: CheckOrderBody): Promise<CheckOrder> {
      await limitPayments(u)
      const at = now()
      const order: OrderRow = {
        // An id for an order not stored yet: its payment's return path names it before the order is stored.
        id: await repo.reserveCheckOrderId(db),
        userId: u.id,
        vin: body.vin,
        brandId: body.brandId ?? null,
        modelId: body.modelId ?? null,
        year: body.year ?? null,
        mileageKm: body.mileageKm ?? null,
        amountKzt: priceKzt,
        status: 'awaiting_payment',
        paymentId: null,
        createdAt: at,
        paidAt: null,
        updatedAt: at,
      }
      // The provider first, then the order, its payment and its lead in one transaction: a provider that is down
      // leaves nothing half made (no order nobody can see, no pending payment, no lead for the desk to call about).
      const { paymentId, checkoutUrl } = await payments.start(paymentOf(order), async (tx, paymentId) => {
        await repo.insertCheckOrder(tx, { ...order, paymentId })
        const profile = await repo.findProfilePhone(tx, u.id)
        // The desk sees every order (a check that was never paid may want a call).
        await recordLead(tx, jobs, {
          kind: 'vehicle_check',
          userId: u.id,
          phone: profile?.phone ?? '',
          vin: body.vin,
          sourcePath: '/check',
        })
      })
      return toOrder({ ...order, paymentId }, checkoutUrl)
    },

    /**
     * Pays again after a failed or cancelled payment (or in a second tab). Throws CheckOrderNotPayableError once
     * paid; a provider that is down (502, 503) leaves the order as it was.
     */
    async payOrder(u: Pick<SessionUser, 'id'>, id: number): Promise<CheckOrder> {
      await limitPayments(u)
      const row = await findOwnOrder(u, id)
      if (!PAYABLE.includes(row.status)) throw new CheckOrderNotPayableError(row.status)
      const { paymentId, checkoutUrl } = await payments.start(paymentOf(row), async (tx, paymentId) => {
        const updated = await repo.markCheckOrderAwaitingPayment(tx, row.id, PAYABLE, { paymentId, at: now() })
        // Paid meanwhile (in another tab): this payment is not recorded and its checkout never shown.
        if (!updated) throw new CheckOrderNotPayableError('paid')
      })
      return toOrder({ ...row, status: 'awaiting_payment', paymentId }, checkoutUrl)
    },

    /** Throws CheckOrderNotFoundError for anyone but the owner. */
    async getOrder(u: Pick<SessionUser, 'id'>, id: number): Promise<CheckOrder> {
      return toOrder(await findOwnOrder(u, id), null)
    },

    /** TulparAutoCheck reports in the profile, newest first. */
    async listReports(u: Pick<SessionUser, 'id'>): Promise<VehicleReportList> {
      const rows = await repo.findReportsOfUser(db, u.id, 200)
      return { results: rows.map((r) => toReport(r, publicUrl, false)) }
    },

    /** Throws VehicleReportNotFoundError for anyone but the owner. */
    async getReport(u: Pick<SessionUser, 'id'>, id: number): Promise<VehicleReport> {
      const row = await repo.findOwnReport(db, u.id, id)
      if (!row) throw new VehicleReportNotFoundError(id)
      return toReport(row, publicUrl, true)
    },

    /**
     * The 'vehicle-report' job: makes the report of a paid order (once; a retried job finds it ready). A failure
     * is thrown for the queue to retry; on the `lastTry` the report is marked failed and the payment refunded in
     * the same transaction, so the payer is never left with 'being generated' and no report.
     */
    async generateReport(reportId: number, { lastTry = false }: { lastTry?: boolean } = {}): Promise<void> {
      const report = await repo.findReportById(db, reportId)
      if (report?.status !== 'generating') return
      const order = await repo.findCheckOrderById(db, report.orderId)
      if (!order) return
      const at = now()
      let content: VehicleReportContent
      try {
        content = await buildReportContent(db, { valuation, registers }, order, at)
      } catch (error) {
        if (lastTry)
          await db.transaction(async (tx) => {
            const failed = await repo.markReportFailed(tx, reportId, at)
            if (failed && order.status === 'paid' && order.paymentId)
              await jobs.send('payment-refund', { paymentId: order.paymentId }, { tx })
          })
        throw error
      }
      const car = content.car
        ? `${content.car.brand} ${content.car.model}${content.car.year ? `, ${content.car.year}` : ''}`
        : order.vin
      await repo.markReportReady(db, reportId, { content, name: `TulparAutoCheck: ${car}`, at })
    },
  }
}
export type VehicleChecksService = ReturnType<typeof createVehicleChecksService>
