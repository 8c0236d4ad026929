import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Every payment we asked a provider for, whichever provider: what for (`orderRef`, e.g. `check:12`), how much,
 * and what the provider last said. The local provider keeps its whole state here (it is its own bank).
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    orderRef: text('order_ref').notNull(),
    amountKzt: bigint('amount_kzt', { mode: 'number' }).notNull(),
    /** 'pending', 'paid', 'failed', 'cancelled', 'refunding' (asked of the provider) or 'refunded'. */
    status: text('status').notNull().default('pending'),
    /** A path on our site the payer returns to. */
    returnPath: text('return_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_order_idx').on(t.orderRef)],
)
