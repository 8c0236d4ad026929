/** Seconds a client is asked to wait (Retry-After) when the database cannot be reached: restarts take a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

/** Socket errors of a connection that could not be made or was cut (node-postgres passes them on as they are). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * SQLSTATEs of a server that is going away or not there yet: admin shutdown (57P01, pg_terminate_backend and a
 * fast shutdown), crash shutdown (57P02), starting up or in recovery (57P03), too many connections (53300); of
 * rows or a table held longer than a statement may wait (55P03, LOCK_TIMEOUT_MS in db/client.ts); and of a statement
 * cancelled, by its time running out (STATEMENT_TIMEOUT_MS) or by an operator (57014). Class 08 (connection
 * exception) is matched as a class.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300', '55P03', '57014'])

/**
 * node-postgres's and pg-pool's own errors without a code: a connection the server or the network ended, a pool
 * that found no connection within connectionTimeoutMillis, a client that broke before its query.
 */
const DRIVER_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
]

function isOutage(error: object): boolean {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined
  if (code && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true
  const message = 'message' in error && typeof error.message === 'string' ? error.message : ''
  return DRIVER_MESSAGES.some((m) => message.startsWith(m))
}

/**
 * Whether an error means PostgreSQL cannot be reached now (refused, reset or ended connections, a server
 * shutting down or starting, no connection from the pool in time) rather than a fault of the query. Looks
 * through `cause` (drizzle wraps the driver's error in DrizzleQueryError; pg-pool its connect timeout) and
 * AggregateError's `errors` (Node's connect tries every address of `localhost`).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false
  if (isOutage(error)) return true
  if ('cause' in error && isDatabaseUnavailable(error.cause, depth + 1)) return true
  return error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))
}
