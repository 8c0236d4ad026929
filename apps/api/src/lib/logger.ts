import { type DestinationStream, pino } from 'pino'
import pretty from 'pino-pretty'

const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]']

export interface LoggerOptions {
  level: string
  /** Readable lines (time, level, message, a few fields) instead of JSON: for a person at a terminal. */
  readable: boolean
  /** Where lines go (stdout by default; tests pass their own). */
  destination?: DestinationStream
}

/**
 * The process's logger: JSON lines for log collectors, or, when a person watches the terminal
 * (`process.stdout.isTTY`), readable lines. Authorization, cookies and set-cookie are redacted either way.
 */
export function createLogger({ level, readable, destination = pino.destination(1) }: LoggerOptions) {
  const stream = readable
    ? pretty({ destination, colorize: false, translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true })
    : destination
  return pino({ level, redact: REDACT }, stream)
}
