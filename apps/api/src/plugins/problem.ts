import type { Duplex } from 'node:stream'
import type { FieldError, Problem } from '@tulpar/contracts'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { AppError, FieldValidationError } from '../lib/errors.ts'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-outage.ts'

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  408: 'Request Timeout',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

function send(reply: FastifyReply, request: FastifyRequest, problem: Omit<Problem, 'type' | 'title' | 'requestId'>) {
  const body: Problem = {
    type: `https://tulpar.kz/problems/${problem.code}`,
    title: TITLES[problem.status] ?? 'Error',
    requestId: request.id,
    ...problem,
    error: problem.code,
  }
  return reply.status(problem.status).type('application/problem+json').send(body)
}

/** Translates a zod issue location (`querystring`, `yearFrom`) into `query.yearFrom`. */
function fieldErrors(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return []
  const part = (error.validationContext ?? 'body').replace('querystring', 'query')
  return error.validation.flatMap((v) => {
    // fastify-type-provider-zod puts the zod issue's code in `keyword` and its other fields in `params`.
    const params = v.params as { keys?: unknown }
    const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.')
    const keys = v.keyword === 'unrecognized_keys' && Array.isArray(params.keys) ? params.keys.map(String) : []
    if (keys.length > 0) {
      return keys.map((k) => ({ field: `${part}.${k}`, code: 'unrecognized_keys', message: 'Unknown parameter' }))
    }
    return [{ field: path ? `${part}.${path}` : part, code: v.keyword, message: v.message ?? '' }]
  })
}

/**
 * One error handler for the API: problem+json. Validation failures are 400 with per-field errors,
 * AppErrors keep their status and code, anything else is a logged 500 that reveals nothing.
 */
export function registerProblemHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, request, {
        status: 400,
        code: 'validation.failed',
        detail: 'Some parameters are invalid',
        errors: fieldErrors(error),
      })
    }
    if (error instanceof FieldValidationError) {
      return send(reply, request, { status: 400, code: error.code, detail: error.message, errors: error.errors })
    }
    if (error instanceof AppError) {
      return send(reply, request, { status: error.status, code: error.code, detail: error.message })
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema')
      return send(reply, request, { status: 500, code: 'internal' })
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL restarting, failing over or out of connections: the client may try again, nothing is broken.
      request.log.warn({ err: error }, 'database unavailable')
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      return send(reply, request, { status: 503, code: 'unavailable', detail: 'The database does not answer for now' })
    }
    const status = error.statusCode ?? 500
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error')
      return send(reply, request, { status: 500, code: 'internal' })
    }
    // Fastify's own 4xx (bad JSON, unsupported media type, body too large...).
    return send(reply, request, { status, code: error.code?.toLowerCase() ?? 'bad_request', detail: error.message })
  })
}

/** Writes one problem+json answer, for answers made outside the error handler (the API's 404 and 405). */
export const sendProblem = send

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route runs (a path that is not valid
 * percent-encoding, a path parameter over `maxParamLength`) is a 400 problem+json like any other bad input,
 * not Fastify's bare JSON.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_ASYNC_CONSTRAINT') {
    request.log.error({ err: error }, 'route constraint failed')
    return send(reply, request, { status: 500, code: 'internal' })
  }
  return send(reply, request, {
    status: 400,
    code: error.code.toLowerCase(),
    detail: error.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid percent-encoding' : error.message,
  })
}

/** 404 problem+json for a path the API does not serve (better-auth endpoints the product keeps switched off). */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, request, { status: 404, code: 'not_found', detail: `No route ${request.method} ${request.url}` })
}

/** The URL and headers Node's HTTP parser takes (its default maxHeaderSize); beyond, the answer is 431. */
export const MAX_HEADER_BYTES = 16 * 1024

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before a request exists (a URL and headers over
 * MAX_HEADER_BYTES, a request that took too long to arrive, bytes that are not HTTP) is answered as problem+json
 * like every other error, not as Fastify's own JSON; then the connection is closed, as Node and Fastify do.
 */
export function sendClientError(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, code, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'request.headers_too_large', `The URL and headers are over ${MAX_HEADER_BYTES / 1024} KB`]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request.timeout', 'The request did not arrive in time']
        : [400, 'request.malformed', 'The request is not valid HTTP']
  const problem: Problem = {
    type: `https://tulpar.kz/problems/${code}`,
    title: TITLES[status] ?? 'Error',
    status,
    code,
    detail,
    error: code,
  }
  const body = JSON.stringify(problem)
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${TITLES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/problem+json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}
