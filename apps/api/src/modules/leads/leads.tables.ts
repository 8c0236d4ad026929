import { bigint, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { leadKindEnum, leadStatusEnum } from '../../db/enums.ts'
import { user } from '../identity/identity.tables.ts'
import { listings } from '../listings/listings.tables.ts'
import { partners } from '../partners/partners.tables.ts'

/**
 * Requests people leave: call-back (phone, last and first name), credit application (price, down payment,
 * term, phone, names), partner request (name, phone, comment) and vehicle check (VIN).
 */
export const leads = pgTable(
  'leads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: leadKindEnum('kind').notNull(),
    status: leadStatusEnum('status').notNull().default('new'),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    listingId: bigint('listing_id', { mode: 'number' }).references(() => listings.id, { onDelete: 'set null' }),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    phone: text('phone').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    name: text('name'),
    comment: text('comment'),
    carPriceKzt: bigint('car_price_kzt', { mode: 'number' }),
    downPaymentKzt: bigint('down_payment_kzt', { mode: 'number' }),
    termMonths: smallint('term_months'),
    vin: text('vin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('leads_kind_status_idx').on(t.kind, t.status, t.createdAt)],
)
