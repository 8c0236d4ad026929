import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { PaymentAmountError, PaymentNotFoundError, PaymentsUnavailableError } from './payments.errors.ts'
import { payments } from './payments.tables.ts'
import type { PaymentProvider } from './providers.ts'

export type PaymentOutcome = 'paid' | 'failed' | 'cancelled' | 'refunded'

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
  provider: PaymentProvider | null
  publicUrl: string
}) {
  const listeners = new Map<string, OutcomeListener>()
  return {
    provider,

    onOutcome(prefix: string, listener: OutcomeListener): void {
      listeners.set(prefix, listener)
    },

    /** Throws PaymentsUnavailableError (503) with no provider and PaymentAmountError (422) over its limit. */
    async start(p: { orderRef: string; amountKzt: number; description: string; returnPath: string }) {
      if (!provider) throw new PaymentsUnavailableError()
      if (p.amountKzt <= 0 || p.amountKzt > provider.maxAmountKzt) throw new PaymentAmountError(provider.maxAmountKzt)
      const id = randomUUID()
      await db.insert(payments).values({
        id,
        provider: provider.name,
        orderRef: p.orderRef,
        amountKzt: p.amountKzt,
        returnPath: p.returnPath,
      })
      const { checkoutUrl } = await provider.create({
        id,
        amountKzt: p.amountKzt,
        description: p.description,
        returnUrl: `${publicUrl}${p.returnPath}`,
        callbackUrl: `${publicUrl}/api/payments/${provider.name}/callback`,
      })
      return { paymentId: id, checkoutUrl }
    },

    async findPayment(id: string) {
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1)
      return row ?? null
    },

    /**
     * Records the provider's outcome of a pending payment and tells the order's owner. Answers false when the
     * payment had already settled (a repeated or late notification): nothing changes then.
     * Throws PaymentNotFoundError for an unknown id.
     */
    async settle(id: string, outcome: Exclude<PaymentOutcome, 'refunded'>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(payments)
          .set({ status: outcome, updatedAt: new Date() })
          .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
          .returning({ orderRef: payments.orderRef })
        if (!row) {
          const [known] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, id)).limit(1)
          if (!known) throw new PaymentNotFoundError()
          return false
        }
        await listeners.get(row.orderRef.split(':')[0] ?? '')?.(tx, { orderRef: row.orderRef, paymentId: id, outcome })
        return true
      })
    },

    /** Refunds a paid payment in full at the provider, then records it. */
    async refund(id: string): Promise<boolean> {
      if (!provider) throw new PaymentsUnavailableError()
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1)
      if (!row) throw new PaymentNotFoundError()
      if (row.status !== 'paid') return false
      await provider.refund(id, row.amountKzt)
      return db.transaction(async (tx) => {
        const [done] = await tx
          .update(payments)
          .set({ status: 'refunded', updatedAt: new Date() })
          .where(and(eq(payments.id, id), eq(payments.status, 'paid')))
          .returning({ orderRef: payments.orderRef })
        if (!done) return false
        await listeners.get(done.orderRef.split(':')[0] ?? '')?.(tx, {
          orderRef: done.orderRef,
          paymentId: id,
          outcome: 'refunded',
        })
        return true
      })
    },
  }
}
export type PaymentsService = ReturnType<typeof createPaymentsService>
