import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { PGlite } from '@electric-sql/pglite'
import { from as copyFrom } from 'pg-copy-streams'
import type { Database } from '../../client.ts'

/**
 * Bulk loading with COPY on both drivers. Rows are turned into PostgreSQL's COPY text format
 * (tab-separated, `\N` for null, backslash escapes); on PostgreSQL the text is streamed through
 * pg-copy-streams on a pool client, on PGlite it is handed over as a blob (`COPY ... FROM '/dev/blob'`).
 */

const NEEDS_ESCAPE = /[\\\t\n\r]/
const ESCAPES = /[\\\t\n\r]/g
const ESCAPE_MAP: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }

/** Escapes a text value for the COPY text format. */
export function escapeCopyText(value: string): string {
  return NEEDS_ESCAPE.test(value) ? value.replace(ESCAPES, (c) => ESCAPE_MAP[c] as string) : value
}

/** An array literal such as `{"a","b,c",NULL}`; elements are quoted, `"` and `\` escaped inside quotes. */
export function arrayLiteral(values: readonly unknown[]): string {
  const parts = values.map((v) => {
    if (v === null || v === undefined) return 'NULL'
    if (Array.isArray(v)) return arrayLiteral(v)
    const text = v instanceof Date ? v.toISOString() : String(v)
    return `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`
  })
  return `{${parts.join(',')}}`
}

/**
 * One value in COPY text format (already escaped). Arrays become PostgreSQL array literals and other objects
 * JSON; for a json/jsonb column holding an array, pass `JSON.stringify(value)`.
 */
export function formatCopyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N'
  switch (typeof value) {
    case 'string':
      return escapeCopyText(value)
    case 'number':
      if (!Number.isFinite(value)) throw new Error(`Cannot COPY the number ${value}`)
      return String(value)
    case 'bigint':
      return String(value)
    case 'boolean':
      return value ? 't' : 'f'
    default:
      if (value instanceof Date) return value.toISOString()
      if (Array.isArray(value)) return escapeCopyText(arrayLiteral(value))
      return escapeCopyText(JSON.stringify(value))
  }
}

/** COPY text for rows given as arrays of values in column order; every line ends with `\n`. */
export function buildCopyText(rows: readonly (readonly unknown[])[]): string {
  let text = ''
  for (const row of rows) {
    let line = ''
    for (let i = 0; i < row.length; i++) line += (i === 0 ? '' : '\t') + formatCopyValue(row[i])
    text += `${line}\n`
  }
  return text
}

/** `ownerId` → `owner_id`. */
export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

export function copyStatement(table: string, columns: readonly string[], source: 'STDIN' | "'/dev/blob'"): string {
  return `COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) FROM ${source}`
}

/**
 * The PGlite client of a `pglite` database: `database.pglite`, or drizzle's `$client` on databases opened
 * before `Database` had that field.
 */
export function pgliteClient(database: Database): PGlite {
  const client = database.pglite ?? (database.db as unknown as { $client?: PGlite }).$client
  if (!client || typeof client.query !== 'function') throw new Error('No PGlite client on this database')
  return client
}

export interface CopyOptions {
  /** Rows per COPY statement on PGlite (each is one blob in memory); default 50 000. */
  chunkRows?: number
  /** PostgreSQL: split the rows over this many concurrent COPYs on separate connections; default 1. */
  parallel?: number
}

/** Rows per piece of text written to a PostgreSQL COPY stream: small, so the server starts early. */
const STREAM_PIECE_ROWS = 2_000

function* copyPieces(rows: readonly (readonly unknown[])[], pieceRows: number): Generator<string> {
  for (let start = 0; start < rows.length; start += pieceRows) yield buildCopyText(rows.slice(start, start + pieceRows))
}

/**
 * Loads `rows` (arrays of values in `columns` order) into `table` with COPY. Returns the number of rows.
 * On PostgreSQL each COPY is a stream pipeline (back-pressure holds); `parallel` splits the rows over
 * several connections, which pays off on indexed tables with foreign keys (the server checks them per row).
 */
async function copyRows(
  database: Database,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  options: CopyOptions = {},
): Promise<number> {
  if (rows.length === 0) return 0
  if (database.kind === 'pglite') {
    const client = pgliteClient(database)
    for (const text of copyPieces(rows, options.chunkRows ?? 50_000)) {
      await client.query(copyStatement(table, columns, "'/dev/blob'"), [], { blob: new Blob([text]) })
    }
    return rows.length
  }

  const parallel = Math.max(1, Math.min(options.parallel ?? 1, Math.ceil(rows.length / STREAM_PIECE_ROWS)))
  const size = Math.ceil(rows.length / parallel)
  const slices = Array.from({ length: parallel }, (_, i) => rows.slice(i * size, (i + 1) * size))
  await Promise.all(slices.map((slice) => copyStream(database, table, columns, slice)))
  return rows.length
}

async function copyStream(
  database: Database,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  if (!database.pool) throw new Error('A PostgreSQL database without a pool')
  const client = await database.pool.connect()
  let failure: Error | undefined
  try {
    const sink = client.query(copyFrom(copyStatement(table, columns, 'STDIN')))
    await pipeline(Readable.from(copyPieces(rows, STREAM_PIECE_ROWS)), sink)
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error))
    throw error
  } finally {
    // A connection whose COPY failed half-way is not reused.
    client.release(failure)
  }
}

/** `copyRows` for objects: the columns are the keys in snake_case. */
export function copyObjects<T extends object>(
  database: Database,
  table: string,
  keys: readonly (keyof T & string)[],
  objects: readonly T[],
  options?: CopyOptions,
): Promise<number> {
  const rows = objects.map((o) => keys.map((k) => o[k]))
  return copyRows(database, table, keys.map(snakeCase), rows, options)
}

/** After rows with explicit ids went into an identity column: continue the sequence after the largest id. */
export async function resetIdentity(database: Database, table: string, column = 'id'): Promise<void> {
  const literal = (text: string) => `'${text.replace(/'/g, "''")}'`
  const sql =
    `select setval(pg_get_serial_sequence(${literal(quoteIdent(table))}, ${literal(column)}), ` +
    `(select max(${quoteIdent(column)}) from ${quoteIdent(table)}))`
  if (database.kind === 'pglite') await pgliteClient(database).query(sql)
  else if (database.pool) await database.pool.query(sql)
}
