import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The audit trail: one row per staff action (and per refund the system makes), append-only. A trigger (migration
 * 0023) refuses UPDATE, DELETE and TRUNCATE for every database user, the owner included, so the application cannot
 * change what it recorded. No foreign keys: a deleted account or listing must not cascade into the trail (and a SET
 * NULL would be an update the trigger refuses); `actor_id` and `target_id` keep the ids as they were.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff account that acted; null for the server itself (a command, a job). */
    actorId: text('actor_id'),
    /** The actor's role at the time ('admin', 'moderator', 'manager'; 'system' for the server). */
    actorRole: text('actor_role').notNull(),
    /** The client's address as the server saw it (null for the server's own actions). */
    ip: text('ip'),
    /** What was done: one of AUDIT_ACTIONS (contracts), e.g. 'listing.taken_down'. */
    action: text('action').notNull(),
    /** What it was done to: one of AUDIT_TARGET_TYPES (contracts), e.g. 'listing', 'lead', 'inspection_report'. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** The changed fields before and after: small, never a password, token or personal data beyond ids. */
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    // Keyset paging is by id (newest first); each filter has its own index ending in id.
    index('audit_events_actor_idx').on(t.actorId, t.id),
    index('audit_events_action_idx').on(t.action, t.id),
    index('audit_events_target_idx').on(t.targetType, t.targetId, t.id),
    index('audit_events_created_at_idx').on(t.createdAt),
  ],
)
