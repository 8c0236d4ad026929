import type { Database } from '../../client.ts'
import { pgliteClient } from './copy.ts'

/*
 * The embedded demo's first start loads 20,000 listings on one core, and PostgreSQL's per-row work was most of
 * it: every row checked its foreign keys (a query per key per row: listings have eight) and went into each of the
 * 21 secondary indexes of `listings`, and the market estimates rewrote 14,000 rows through those indexes again.
 * On PGlite the load therefore runs with foreign-key checks and triggers off (the generated rows only reference
 * rows that exist, and listing_counts is brought up to date after) and without those indexes, which are made
 * again afterwards with one sort each: 16 s of CPU became 6 s (docs/performance.md).
 *
 * PGlite has one session and one process (its lock file), so nothing else sees the table without its indexes.
 * Each dropped index's definition is kept in `seed_pending_indexes`, in the same transaction as the drop, so a
 * load that dies half-way (Ctrl-C during the first start) gets its indexes back at the next start
 * (restorePendingIndexes). PostgreSQL servers load as before: other sessions may be reading, and
 * session_replication_role needs a superuser.
 */

const PENDING = 'seed_pending_indexes'
/** Tables whose secondary indexes are dropped for the load: the one whose indexes cost the time. */
const TABLES = ['listings']

/**
 * Runs `load` as a bulk load: on PGlite without foreign-key checks, triggers and the secondary indexes of the
 * listings (made again after `load`, also when it fails), then counts the listings after `listingsAfterId` into
 * listing_counts as its trigger would have; on PostgreSQL it just runs `load`.
 */
export async function withBulkLoad<T>(
  database: Database,
  options: {
    listingsAfterId: number
    /** How many of the dropped indexes are made again, as they are. */
    onIndexes?: (done: number, total: number) => void
  },
  load: () => Promise<T>,
): Promise<T> {
  if (database.kind !== 'pglite') return load()
  const client = pgliteClient(database)
  await restorePendingIndexes(database)
  const names = TABLES.map((t) => `'${t}'`).join(', ')
  await client.transaction(async (tx) => {
    await tx.exec(`create table if not exists ${PENDING} (name text primary key, definition text not null)`)
    // Secondary indexes only: primary keys and unique constraints stay, and with them the ON CONFLICT targets.
    const { rows } = await tx.query<{ name: string; definition: string }>(
      `insert into ${PENDING} (name, definition)
       select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = 'public' and i.tablename in (${names})
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
       returning name, definition`,
    )
    for (const row of rows) await tx.exec(`drop index "${row.name.replaceAll('"', '""')}"`)
  })
  await client.exec('set session_replication_role = replica')
  try {
    const result = await load()
    // What the statement trigger of migration 0005 (listing_counts_on_insert) does for inserted rows.
    await client.query(
      `select listing_counts_add(array_agg(brand_id), array_agg(model_id), array_agg(city_id), array_agg(is_new), array_agg(n))
       from (select brand_id, model_id, city_id, is_new, count(*)::int as n
             from listings where status = 'published' and id > $1 group by 1, 2, 3, 4) as g`,
      [options.listingsAfterId],
    )
    return result
  } finally {
    await client.exec('set session_replication_role = origin')
    await restorePendingIndexes(database, options.onIndexes)
  }
}

/**
 * Makes again the indexes a bulk load dropped and did not get to make (it was stopped); on PGlite only.
 * Returns how many.
 */
export async function restorePendingIndexes(
  database: Database,
  onIndex: (done: number, total: number) => void = () => {},
): Promise<number> {
  if (database.kind !== 'pglite') return 0
  const client = pgliteClient(database)
  const exists = await client.query<{ found: boolean }>(`select to_regclass('${PENDING}') is not null as found`)
  if (!exists.rows[0]?.found) return 0
  return client.transaction(async (tx) => {
    const { rows } = await tx.query<{ definition: string }>(`select definition from ${PENDING} order by name`)
    onIndex(0, rows.length)
    for (const [i, row] of rows.entries()) {
      await tx.exec(row.definition)
      onIndex(i + 1, rows.length)
    }
    await tx.exec(`drop table ${PENDING}`)
    return rows.length
  })
}
