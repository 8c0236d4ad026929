import { CONTROL_CHARACTERS_CODE, type FieldError, hasControlCharacters, type Locale } from '@tulpar/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { FieldValidationError } from '../lib/errors.ts'
import { pickLocale } from '../lib/locale.ts'

const MESSAGE: Record<Locale, string> = {
  ru: 'Текст содержит недопустимые управляющие символы',
  kk: 'Мәтінде рұқсат етілмеген басқару таңбалары бар',
  en: 'The text contains control characters, which are not allowed',
}

/** Fields reported at most: one bad body is enough to refuse, a thousand would only make the answer long. */
const MAX_REPORTED = 10

/** How a key appears in a field path: as is, or JSON-escaped when it holds what the path must not print raw. */
const keyOf = (key: string) => (hasControlCharacters(key) ? JSON.stringify(key).slice(1, -1) : key)

/** Bytes (an uploaded file) and streams (multipart) are not text; parsed JSON, query and params objects are. */
function isData(value: object): boolean {
  return !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer) && !('pipe' in value)
}

/**
 * The dotted paths (`body.keys.p256dh`) of strings, and of object keys, in `value` that hold control characters.
 * Walks without recursion (a body may nest 64 levels, json-body.ts), through objects and arrays but not bytes or
 * streams (an uploaded file is not text). Query objects have a prototype of their own (fast-querystring).
 */
function controlCharacterFields(part: string, value: unknown): string[] {
  const found: string[] = []
  const stack: [string, unknown][] = [[part, value]]
  // Parsed JSON has no cycles, but other parsers' objects may (multipart parts refer to their form).
  const seen = new Set<object>()
  while (stack.length > 0 && found.length < MAX_REPORTED) {
    const [path, item] = stack.pop() as [string, unknown]
    if (typeof item === 'string') {
      if (hasControlCharacters(item)) found.push(path)
    } else if (typeof item === 'object' && item !== null && isData(item) && !seen.has(item)) {
      seen.add(item)
      for (const [key, child] of Object.entries(item)) {
        const childPath = `${path}.${keyOf(key)}`
        if (hasControlCharacters(key)) found.push(childPath)
        else stack.push([childPath, child])
      }
    }
  }
  return found.sort()
}

/**
 * Refuses control characters (NUL, the other C0 controls but tab and line breaks, DEL; @tulpar/contracts text.ts)
 * in every string of an /api request, with a 400 `validation.failed` naming each field, before validation and the
 * handler: one check for every route, whether its schema is a shared contract, written beside the route, or none
 * (better-auth's endpoints). Query and path parameters are checked where the route reads them: a documented route
 * that declares none ignores them (and documents no 400).
 */
export function registerControlCharacterCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (!request.url.startsWith('/api/')) return
    const schema = request.routeOptions.schema
    const documented = schema !== undefined && schema.hide !== true
    const fields = [
      ...controlCharacterFields('body', request.body),
      ...(!documented || schema?.querystring ? controlCharacterFields('query', request.query) : []),
      ...(!documented || schema?.params ? controlCharacterFields('params', request.params) : []),
    ]
    if (fields.length === 0) return
    const query = request.query as { lang?: unknown } | undefined
    const message = MESSAGE[pickLocale(query?.lang, request.headers['accept-language'])]
    const errors: FieldError[] = fields.map((field) => ({ field, code: CONTROL_CHARACTERS_CODE, message }))
    throw new FieldValidationError(errors)
  })
}
