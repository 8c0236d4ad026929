import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { paymentOutcomes } from '../../lib/metrics.ts'
import { recordAudit } from '../audit/index.ts'
import {
  PaymentAmountError,
  PaymentNotFoundError,
  PaymentNotificationError,
  PaymentSignatureError,
  PaymentsUnavailableError,
} from './payments.errors.ts'
import * as repo from './payments.repository.ts'
import type { ConfiguredPaymentProvider } from './providers.ts'

export type PaymentOutcome = 'paid' | 'failed' | 'cancelled' | 'refunded'

/** What a provider tells us of a payment (the body of its signed notification). */
const Notification = z.object({
  paymentId: z.string().min(1).max(100),
  status: z.enum(['paid', 'failed', 'cancelled']),
})

/** The states a payment may be paid from: still open, or ended at the provider before the money came after all. */
const SETTLES_AS_PAID = ['pending', 'failed', 'cancelled'] as const

/** Told of a payment's outcome inside the transaction that records it, so both commit or neither does. */
export type OutcomeListener = (
  tx: Db,
  p: { orderRef: string; paymentId: string; outcome: PaymentOutcome },
) => Promise<void>

/**
 * Payments through the configured provider (local or Kaspi-compatible; null: none, paid services closed).
 * Each payment is recorded before the payer leaves; an outcome counts once (a second confirmation of a paid
 * payment changes nothing), and the owner of the order (`orderRef` prefix, e.g. `check`) hears of it in the
 * same transaction.
 */
export function createPaymentsService({
  db,
  provider,
  publicUrl,
}: {
  db: Db
  provider: ConfiguredPaymentProvider | null
  publicUrl: string
}) {
  const listeners = new Map<string, OutcomeListener>()

  const findPayment = (id: string) => repo.findPaymentById(db, id)

  /**
   * Records the provider's outcome of a payment and tells the order's owner, in one transaction. A failure or a
   * cancellation counts only for a pending payment. A payment is paid whatever it was before (money taken after the
   * payment was failed or cancelled, e.g. by a timeout, is still money taken): the order's owner then fulfils the
   * order or queues the refund. Each payment becomes paid once: the conditional update takes the row's lock, so a
   * repeated or concurrent notification finds it paid and changes nothing. Answers false then.
   * Throws PaymentNotFoundError for an unknown id.
   */
  async function settle(id: string, outcome: Exclude<PaymentOutcome, 'refunded'>): Promise<boolean> {
    const from = outcome === 'paid' ? SETTLES_AS_PAID : (['pending'] as const)
    const settled = await db.transaction(async (tx) => {
      const row = await repo.markPaymentStatus(tx, id, from, outcome)
      if (!row) {
        if (!(await repo.hasPayment(tx, id))) throw new PaymentNotFoundError()
        return false
      }
      await listeners.get(row.orderRef.split(':')[0] ?? '')?.(tx, { orderRef: row.orderRef, paymentId: id, outcome })
      return true
    })
    if (settled) paymentOutcomes.inc({ outcome })
    return settled
  }

  return {
    provider,

    onOutcome(prefix: string, listener: OutcomeListener): void {
      listeners.set(prefix, listener)
    },

    /**
     * Starts a payment: the provider registers it first, then the payment is recorded, and `record` (the order's
     * own rows, e.g. the order and its lead) runs in the same transaction. So a provider that fails or does not
     * answer leaves nothing behind, and the payer may simply try again. Throws PaymentsUnavailableError (503) with
     * no provider, PaymentAmountError (422) over its limit, PaymentProviderUnavailableError (503) when the provider
     * cannot be reached or does not answer within its bound, PaymentProviderError (502) for its error answers.
     */
    async start(
      p: { orderRef: string; amountKzt: number; description: string; returnPath: string },
      record?: (tx: Db, paymentId: string) => Promise<void>,
    ) {
      if (!provider) throw new PaymentsUnavailableError()
      if (p.amountKzt <= 0 || p.amountKzt > provider.maxAmountKzt) throw new PaymentAmountError(provider.maxAmountKzt)
      const id = randomUUID()
      // Nobody can pay before the payer has the checkout URL, and they get it only after the commit below, so no
      // notification can come for a payment not recorded yet. A commit that fails leaves an unused payment at the
      // provider, which nobody can reach.
      const { checkoutUrl } = await provider.create({
        id,
        amountKzt: p.amountKzt,
        description: p.description,
        returnUrl: `${publicUrl}${p.returnPath}`,
        callbackUrl: `${publicUrl}/api/payments/${provider.name}/callback`,
      })
      await db.transaction(async (tx) => {
        await repo.insertPayment(tx, {
          id,
          provider: provider.name,
          orderRef: p.orderRef,
          amountKzt: p.amountKzt,
          returnPath: p.returnPath,
        })
        await record?.(tx, id)
      })
      return { paymentId: id, checkoutUrl }
    },

    findPayment,

    /**
     * A provider's notification of an outcome: the one way an outcome arrives, whether from a real provider's
     * webhook or the local checkout's buttons. Throws PaymentSignatureError (401) unless the provider signed
     * exactly this body, PaymentNotificationError (400) for a body that says nothing we understand, and
     * PaymentNotFoundError (404). Answers false for a payment that had already settled.
     */
    async confirm(rawBody: string, signature: string | undefined): Promise<boolean> {
      if (!provider) throw new PaymentsUnavailableError()
      if (!provider.isSigned(rawBody, signature)) throw new PaymentSignatureError()
      let parsed: unknown
      try {
        parsed = JSON.parse(rawBody)
      } catch {
        throw new PaymentNotificationError()
      }
      const n = Notification.safeParse(parsed)
      if (!n.success) throw new PaymentNotificationError()
      return settle(n.data.paymentId, n.data.status)
    },

    settle,

    /**
     * Refunds a paid payment at the provider (in full, or `amountKzt` of it: a promotion's unused days), then records
     * it and tells the order's owner. The payment is marked `refunding` first, so a job retried after a crash between
     * the provider's answer and our record asks again (the provider drops the repeat by its idempotency key) and
     * nothing else takes it for paid. A payment is refunded once. Answers false when the payment is not paid (never
     * paid, or already refunded).
     */
    async refund(id: string, amountKzt?: number): Promise<boolean> {
      if (!provider) throw new PaymentsUnavailableError()
      const row = await repo.markPaymentRefunding(db, id)
      if (!row) {
        if (!(await findPayment(id))) throw new PaymentNotFoundError()
        return false
      }
      const refundKzt = Math.min(amountKzt ?? row.amountKzt, row.amountKzt)
      await provider.refund(id, refundKzt)
      const refunded = await db.transaction(async (tx) => {
        const done = await repo.markPaymentRefunded(tx, id)
        if (!done) return false
        // The server refunds (a job): the audit trail records it with no staff actor.
        await recordAudit(tx, null, {
          action: 'payment.refunded',
          targetType: 'payment',
          targetId: id,
          before: { status: 'refunding' },
          after: { status: 'refunded', amountKzt: refundKzt },
        })
        await listeners.get(done.orderRef.split(':')[0] ?? '')?.(tx, {
          orderRef: done.orderRef,
          paymentId: id,
          outcome: 'refunded',
        })
        return true
      })
      if (refunded) paymentOutcomes.inc({ outcome: 'refunded' })
      return refunded
    },
  }
}
export type PaymentsService = ReturnType<typeof createPaymentsService>
