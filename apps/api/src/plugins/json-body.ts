import type { FastifyInstance } from 'fastify'
import { AppError } from '../lib/errors.ts'

/**
 * Deeper JSON than this is refused before it is parsed. The API's bodies nest a few levels; thousands of nested
 * arrays cost nothing to send, but every recursive step after parsing (validation, logging, re-serialising for
 * better-auth) could overflow the stack and answer 500.
 */
const MAX_JSON_DEPTH = 64

class JsonTooDeepError extends AppError {
  constructor() {
    super('body.too_deep', 400, `JSON bodies may nest at most ${MAX_JSON_DEPTH} levels`)
  }
}

/** The deepest nesting of arrays and objects in a JSON text, counted without recursion (strings skipped). */
export function jsonDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: skip the escaped character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) {
      depth++
      if (depth > deepest) {
        deepest = depth
        if (deepest > stopAbove) return deepest
      }
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return deepest
}

/**
 * The API's JSON parser: Fastify's own (prototype-poisoning checks included) behind a depth limit, for every
 * route on this instance and its plugins, so too deep a body is a 400 problem+json wherever it is sent. A plugin
 * whose POSTs may come without a body calls it again with `allowEmpty` (it replaces the parser in its scope).
 */
export function registerJsonBodyParser(app: FastifyInstance, { allowEmpty = false }: { allowEmpty?: boolean } = {}) {
  const parse = app.getDefaultJsonParser('error', 'ignore')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (allowEmpty && text.trim() === '') return done(null, undefined)
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return done(new JsonTooDeepError(), undefined)
    return parse(request, text, done)
  })
}
