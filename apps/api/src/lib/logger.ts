import type { FastifyInstance } from 'fastify'
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

const requestUsers = new WeakMap<object, string>()

/** Tells the request's log line who asked (identity calls it once it knows the signed-in user). */
export function noteRequestUser(request: object, userId: string): void {
  requestUsers.set(request, userId)
}

/**
 * One info line per request, when its answer is sent (Fastify's own two lines, 'incoming request' and 'request
 * completed', are off): method, route pattern (never the URL: paths and queries carry tokens, phones and names),
 * status, time, the request id (`reqId`, bound by Fastify) and the signed-in user's id. Routes that should stay quiet
 * (health checks, static files) set `logLevel: 'warn'`, which silences this line and keeps their warnings and errors.
 * A failed request's error is logged once, with its stack, by the problem handler.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const userId = requestUsers.get(request)
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ...(userId ? { userId } : {}),
      },
      'request completed',
    )
  })
}
