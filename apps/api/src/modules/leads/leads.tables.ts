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
    /** The page it was sent from (a path on the site). */
    sourcePath: text('source_path'),
    /** The staff member working it. */
    assignedTo: text('assigned_to').references(() => user.id, { onDelete: 'set null' }),
    /** Told to the sender under "my requests". */
    rejectionReason: text('rejection_reason'),
    /** The first step staff took on it (taken, done or rejected): the desk's time to first contact. */
    firstContactAt: timestamp('first_contact_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leads_kind_status_idx').on(t.kind, t.status, t.createdAt),
    index('leads_status_created_idx').on(t.status, t.createdAt),
    index('leads_user_idx').on(t.userId, t.createdAt),
    index('leads_assigned_idx').on(t.assignedTo, t.status),
    // The dealer desk reads a dealer's cars' leads by listing (its call-backs and statistics).
    index('leads_listing_idx').on(t.listingId, t.createdAt),
  ],
)

/** What staff did with a lead, who and when: status changes, assignments and notes. */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    leadId: bigint('lead_id', { mode: 'number' })
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    /** 'status', 'assign' or 'note'. */
    action: text('action').notNull(),
    fromStatus: leadStatusEnum('from_status'),
    toStatus: leadStatusEnum('to_status'),
    assigneeId: text('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    text: text('text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_events_lead_idx').on(t.leadId, t.createdAt)],
)
