import { type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { ACCOUNT_DELETED_REASON } from '../identity/index.ts'

/*
 * The purges' statements. Each removes (or blanks) at most `limit` rows that its where clause still selects and
 * answers how many: a batch runs in its own transaction, and a row once removed no longer matches, so a run stopped
 * half-way removes nothing twice and the next run carries on where it stopped.
 *
 * Tables are named in SQL here (they belong to other modules: identity, leads, listings, delivery, phones,
 * notifications, saved-searches, favourites, garage, and pg-boss's own schema); nothing else of theirs is used.
 */

/** One statement of a purge: the table it reports and the batch that removes at most `limit` rows. */
export interface PurgeStep {
  table: string
  batch: (limit: number) => SQL
}

const Count = z.object({ rows: z.array(z.object({ n: z.coerce.number().int() })) })

/** Runs one batch and answers how many rows it removed. */
export async function runBatch(tx: Db, statement: SQL): Promise<number> {
  return Count.parse(await tx.execute(statement)).rows[0]?.n ?? 0
}

/** Deletes up to `limit` rows of `table` matching `where` (rows another run is deleting are skipped, not waited for). */
function deleteRows(table: string, where: SQL, key = 'ctid'): PurgeStep {
  const t = sql.raw(table)
  const k = sql.raw(key)
  return {
    table,
    batch: (limit) => sql`
      with doomed as (select ${k} from ${t} where ${where} limit ${limit} for update skip locked),
      gone as (delete from ${t} where ${k} in (select ${k} from doomed) returning 1)
      select count(*)::int as n from gone`,
  }
}

/** Sets `set` on up to `limit` rows of `table` matching `where` (which must no longer match once set). */
function blankRows(table: string, label: string, set: SQL, where: SQL): PurgeStep {
  const t = sql.raw(table)
  return {
    table: label,
    batch: (limit) => sql`
      with doomed as (select ctid from ${t} where ${where} limit ${limit} for update skip locked),
      done as (update ${t} set ${set} where ctid in (select ctid from doomed) returning 1)
      select count(*)::int as n from done`,
  }
}

/** Requests (leads) three years after the last contact: the lead's last change and the desk's last note or step. */
export const LEADS: PurgeStep[] = [
  deleteRows(
    'leads',
    sql`greatest(created_at, updated_at, coalesce(first_contact_at, created_at)) < now() - interval '3 years'
      and not exists (
        select 1 from lead_events e where e.lead_id = leads.id and e.created_at >= now() - interval '3 years'
      )`,
    'id',
  ),
]

/** Session records (IP address, browser) once they expired: they sign nobody in any more. */
export const SESSIONS: PurgeStep[] = [deleteRows('session', sql`expires_at < now()`, 'id')]

/** Sign-in codes, email links and SMS confirmation codes once they expired. */
export const CODES: PurgeStep[] = [
  deleteRows('verification', sql`expires_at < now()`, 'id'),
  deleteRows('phone_confirmation_codes', sql`expires_at < now()`),
]

/** Logs the application keeps in its database, after 90 days: car page views (visitor hashes), the dev outbox. */
export const LOGS: PurgeStep[] = [
  deleteRows('listing_views', sql`day < current_date - 90`),
  deleteRows('outbox_messages', sql`created_at < now() - interval '90 days'`, 'id'),
]

/**
 * Dealers' feed reports: the per-car rows of imports over 180 days old (the import's summary and counts stay in the
 * dealer's history). `feed_imports_created_idx` finds the old imports.
 */
export const FEED_REPORTS: PurgeStep[] = [
  deleteRows(
    'feed_import_rows',
    sql`import_id in (select id from feed_imports where created_at < now() - interval '180 days')`,
  ),
]

/** Jobs that finished (done, failed for good or cancelled) over 7 days ago: their data holds addresses and texts. */
export const FINISHED_JOBS: PurgeStep[] = [
  {
    table: 'pgboss.job',
    batch: (limit) => sql`
      with doomed as (
        select name, id from pgboss.job
        where state in ('completed', 'failed', 'cancelled') and completed_on < now() - interval '7 days'
        limit ${limit} for update skip locked
      ),
      gone as (delete from pgboss.job j using doomed d where j.name = d.name and j.id = d.id returning 1)
      select count(*)::int as n from gone`,
  },
  deleteRows('job_receipts', sql`delivered_at < now() - interval '30 days'`, 'key'),
]

/**
 * Saved-search matches: rows older than 90 days (alerts and "new since last seen" look back less), and the ids of
 * deleted searches inside the others (a row left with no search is deleted).
 */
export const SEARCH_MATCHES: PurgeStep[] = [
  deleteRows('listing_search_matches', sql`matched_at < now() - interval '90 days'`, 'id'),
  {
    table: 'listing_search_matches.search_ids',
    batch: (limit) => sql`
      with doomed as (
        select m.id, array(
          select u.id from unnest(m.search_ids) as u(id) where exists (select 1 from saved_searches s where s.id = u.id)
        ) as kept
        from listing_search_matches m
        where exists (
          select 1 from unnest(m.search_ids) as u(id) where not exists (select 1 from saved_searches s where s.id = u.id)
        )
        order by m.id limit ${limit} for update skip locked
      ),
      kept as (
        update listing_search_matches m set search_ids = d.kept from doomed d
        where m.id = d.id and cardinality(d.kept) > 0 returning 1
      ),
      gone as (
        delete from listing_search_matches m using doomed d where m.id = d.id and cardinality(d.kept) = 0 returning 1
      )
      select ((select count(*) from kept) + (select count(*) from gone))::int as n`,
  },
]

const deletedUsers = sql`(select id from "user" where ban_reason = ${ACCOUNT_DELETED_REASON})`

/**
 * What a deleted account leaves behind. Deletion erases the account at once (profiles' eraseAccount); this sweep
 * removes what that does not reach or what a deletion stopped half-way left: device tokens, saved searches,
 * favourites and garage cars, confirmed phones and codes, sign-in methods, the contact phone of listings archived
 * before the deletion, and the profile's and sessions' personal fields. The anonymised user row stays (the other
 * side of a conversation still shows its messages, without a name); sessions go once they expire.
 */
export const DELETED_ACCOUNTS: PurgeStep[] = [
  deleteRows('push_subscriptions', sql`user_id in ${deletedUsers}`, 'id'),
  deleteRows('saved_searches', sql`user_id in ${deletedUsers}`, 'id'),
  deleteRows('favourites', sql`user_id in ${deletedUsers}`),
  deleteRows('garage_items', sql`user_id in ${deletedUsers}`, 'id'),
  deleteRows('confirmed_phones', sql`user_id in ${deletedUsers}`),
  deleteRows('phone_confirmation_codes', sql`user_id in ${deletedUsers}`),
  deleteRows('account', sql`user_id in ${deletedUsers}`, 'id'),
  blankRows(
    'listings',
    'listings.contact_phone',
    sql`contact_phone = null`,
    sql`owner_id in ${deletedUsers} and contact_phone is not null`,
  ),
  blankRows(
    'profiles',
    'profiles.personal',
    sql`phone = null, full_name = null, email = null, photo_key = null, fcm_token = null`,
    sql`user_id in ${deletedUsers} and (phone is not null or full_name is not null or email is not null
      or photo_key is not null or fcm_token is not null)`,
  ),
  blankRows(
    'session',
    'session.client',
    sql`ip_address = null, user_agent = null`,
    sql`user_id in ${deletedUsers} and (ip_address is not null or user_agent is not null)`,
  ),
]
