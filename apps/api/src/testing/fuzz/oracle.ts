import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { Operation } from './requests.ts'
import { isRecord } from './values.ts'

export interface Answer {
  statusCode: number
  headers: Record<string, unknown>
  body: string
}

const DOCUMENT_ID = 'https://tulpar.kz/openapi.json'

/** A JSON pointer segment inside a URI fragment (`/api/cars/{id}/` -> `~1api~1cars~1%7Bid%7D~1`). */
const pointer = (segments: string[]) =>
  segments.map((s) => encodeURIComponent(s.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')

/**
 * Judges an answer by the OpenAPI document alone: the status must be listed for the operation, the content
 * type must be one the document gives for that status, and the body must match its schema (ajv, JSON Schema
 * 2020-12 with formats). Every error answer must be problem+json, whatever the document says, and repeat the
 * HTTP status. Returns what is wrong, if anything.
 */
export function createOracle(document: Record<string, unknown>) {
  const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: false })
  addFormats.default(ajv)
  ajv.addSchema(document, DOCUMENT_ID)
  const compiled = new Map<string, ValidateFunction>()

  const components = isRecord(document.components) ? document.components : {}
  const sharedResponses = isRecord(components.responses) ? components.responses : {}

  /** The response's location in the document: its own, or the shared one it refers to (`$ref`). */
  function responseAt(operation: Operation, status: string, response: unknown): string[] {
    if (isRecord(response) && typeof response.$ref === 'string') {
      return response.$ref.replace(/^#\//, '').split('/')
    }
    return ['paths', operation.path, operation.method.toLowerCase(), 'responses', status]
  }

  function validator(at: string[], contentType: string): ValidateFunction {
    const ref = `${DOCUMENT_ID}#/${pointer([...at, 'content', contentType, 'schema'])}`
    let validate = compiled.get(ref)
    if (!validate) {
      validate = ajv.compile({ $ref: ref })
      compiled.set(ref, validate)
    }
    return validate
  }

  return function judge(operation: Operation, answer: Answer): string[] {
    const status = String(answer.statusCode)
    const header = answer.headers['content-type']
    const contentType = (typeof header === 'string' ? header : '').split(';')[0]?.trim() ?? ''
    if (answer.statusCode >= 500) return [`server error ${status}: ${answer.body.slice(0, 300)}`]
    // Every error is problem+json, whatever the document says: one error format for every client.
    if (answer.statusCode >= 400 && contentType !== 'application/problem+json') {
      return [`${status} is not problem+json but "${contentType}" (${answer.body.slice(0, 160)})`]
    }
    const responses = isRecord(operation.spec.responses) ? operation.spec.responses : {}
    const listed = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default
    const at = responseAt(operation, status, listed)
    const documented =
      isRecord(listed) && typeof listed.$ref === 'string'
        ? sharedResponses[listed.$ref.replace('#/components/responses/', '')]
        : listed
    if (!isRecord(documented)) return [`status ${status} is not documented (${answer.body.slice(0, 160)})`]
    if (!isRecord(documented.content)) return answer.body === '' ? [] : [`status ${status} documents no body`]
    if (!(contentType in documented.content)) {
      return [`content type "${contentType}" for ${status} is not one of ${Object.keys(documented.content).join(', ')}`]
    }
    if (!contentType.endsWith('json')) return []
    let body: unknown
    try {
      body = JSON.parse(answer.body)
    } catch {
      return [`${status} body is not JSON: ${answer.body.slice(0, 160)}`]
    }
    const validate = validator(at, contentType)
    if (!validate(body)) {
      const first = validate.errors?.[0]
      return [`${status} body does not match the document: ${first?.instancePath || '/'} ${first?.message ?? ''}`]
    }
    if (answer.statusCode >= 400 && isRecord(body) && body.status !== answer.statusCode) {
      return [`problem body says status ${String(body.status)} but the answer is ${status}`]
    }
    return []
  }
}
