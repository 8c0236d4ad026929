import type { Db } from './client.ts'

const statements = new WeakMap<Db, Map<string, unknown>>()

/**
 * A named prepared statement, built once per database handle. The hot lookups of a page (a listing by id
 * with its names, photos and prices) join up to nine tables; PostgreSQL spent about 2 ms planning that
 * join on every request and 0.2 ms running it. Named statements are parsed once per connection, and after
 * five executions PostgreSQL keeps a generic plan, so planning drops out (docs/performance.md). Parameters
 * are `sql.placeholder(...)` values passed to `execute`; the SQL text must not vary between calls.
 *
 * `db` may be a transaction: its statements are built for that transaction and dropped with it.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let byName = statements.get(db)
  if (!byName) {
    byName = new Map()
    statements.set(db, byName)
  }
  let statement = byName.get(name) as T | undefined
  if (statement === undefined) {
    statement = build(db)
    byName.set(name, statement)
  }
  return statement
}
