import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { payments } from './payments.tables.ts'

export type PaymentRow = typeof payments.$inferSelect
export type NewPayment = Pick<typeof payments.$inferInsert, 'id' | 'provider' | 'orderRef' | 'amountKzt' | 'returnPath'>
type PaymentStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'refunding' | 'refunded'

export async function findPaymentById(db: Db, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1)
  return row ?? null
}

/** Whether a payment with this id was ever recorded (reads only its key). */
export async function hasPayment(db: Db, id: string): Promise<boolean> {
  const [known] = await db.select({ id: payments.id }).from(payments).where(eq(payments.id, id)).limit(1)
  return known !== undefined
}

export async function insertPayment(db: Db, row: NewPayment): Promise<void> {
  await db.insert(payments).values(row)
}

/**
 * Sets the payment's status to `to` only while it is one of `from` (one conditional update: it takes the row's
 * lock, so of two at once the second finds the status changed). Answers the payment's order, or null when the
 * payment is unknown or not in `from`.
 */
export async function markPaymentStatus(
  db: Db,
  id: string,
  from: readonly PaymentStatus[],
  to: PaymentStatus,
): Promise<{ orderRef: string } | null> {
  const [row] = await db
    .update(payments)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(payments.id, id), inArray(payments.status, [...from])))
    .returning({ orderRef: payments.orderRef })
  return row ?? null
}

/** A paid payment (or one already being refunded) becomes `refunding`; answers its row, or null otherwise. */
export async function markPaymentRefunding(db: Db, id: string): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({ status: 'refunding', updatedAt: new Date() })
    .where(and(eq(payments.id, id), inArray(payments.status, ['paid', 'refunding'])))
    .returning()
  return row ?? null
}

/** A `refunding` payment becomes `refunded`; answers its order, or null when it was not `refunding`. */
export async function markPaymentRefunded(db: Db, id: string): Promise<{ orderRef: string } | null> {
  const [row] = await db
    .update(payments)
    .set({ status: 'refunded', updatedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'refunding')))
    .returning({ orderRef: payments.orderRef })
  return row ?? null
}

/**
 * Payments stuck between asking the provider for the money back and its yes (`refunding`), for the metrics: how many,
 * and the seconds the oldest has waited since it was asked (0: none). A provider that keeps refusing leaves them
 * here while the refund job retries.
 */
export async function findRefundBacklog(db: Db): Promise<{ refunding: number; oldestSeconds: number }> {
  const [row] = await db
    .select({
      refunding: count(),
      oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${payments.updatedAt})), 0)::float8`.mapWith(
        Number,
      ),
    })
    .from(payments)
    .where(eq(payments.status, 'refunding'))
  return { refunding: row?.refunding ?? 0, oldestSeconds: Math.max(0, row?.oldestSeconds ?? 0) }
}
