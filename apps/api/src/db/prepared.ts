import { createHash } from 'node:crypto'
import type { Db } from './client.ts'

const statements = new WeakMap<Db, Map<string, unknown>>()

/**
 * A named prepared statement, built once per database handle and `key`. The hot lookups (a listing by id with
 * its names, photos and prices; every search shape) are joins that PostgreSQL spent milliseconds planning on
 * each call; a named statement is parsed once per connection, and after five executions PostgreSQL keeps a
 * generic plan when it is as good (decision 008). `build` makes the drizzle query with `sql.placeholder(...)`
 * values, passed later to `execute`; one key must always build the same SQL text.
 *
 * The statement is named after the key: as is when the key is a plain name (`listing_detail`), otherwise the
 * part before the first `|` and a hash of the rest (`search|page|newest|...` -> `search_3f2a...`).
 * `db` may be a transaction: its statements are built for that transaction and dropped with it. PGlite ignores
 * statement names.
 */
export function prepared<P>(db: Db, key: string, build: () => { prepare(name: string): P }): P {
  let byKey = statements.get(db)
  if (!byKey) {
    byKey = new Map()
    statements.set(db, byKey)
  }
  let statement = byKey.get(key) as P | undefined
  if (statement === undefined) {
    statement = build().prepare(statementName(key))
    byKey.set(key, statement)
  }
  return statement
}

function statementName(key: string): string {
  if (/^[a-z_][a-z0-9_]{0,62}$/.test(key)) return key
  const prefix = key.split('|')[0]?.replace(/[^a-z0-9_]/g, '') || 'q'
  return `${prefix}_${createHash('sha1').update(key).digest('hex').slice(0, 24)}`
}
