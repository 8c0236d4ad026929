import { notFound } from './service-errors.ts'

/** PostgreSQL's int4 (`serial`): the largest id of a table whose key is not a bigint. */
export const INT4_MAX = 2_147_483_647

/**
 * An id from the URL or a form: a positive whole number written plainly (no sign, no leading zero, at most 15
 * digits, at most `max`), or null. The web's one id parser.
 */
export function parseId(raw: string | null | undefined, max: number = Number.MAX_SAFE_INTEGER): number | null {
  if (!raw || !/^[1-9]\d{0,14}$/.test(raw)) return null
  const id = Number(raw)
  return id <= max ? id : null
}

/** The id of a route's `:id` (or other) param, or a thrown 404 with `body` when it is not one. */
export function requireIdParam<B = null>(raw: string | undefined, body?: B, max?: number): number {
  const id = parseId(raw, max)
  if (id === null) throw notFound(body)
  return id
}
