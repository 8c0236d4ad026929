import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, FastifySchema } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { STANDARD_RESPONSE_TEXT } from './api-responses.ts'

type Document = ReturnType<typeof jsonSchemaTransformObject>

const ERROR_TEXT: Record<string, string> = {
  ...Object.fromEntries(Object.entries(STANDARD_RESPONSE_TEXT)),
  405: 'Method not allowed here',
  409: 'Conflicts with the current state',
  410: 'Gone for good',
  429: 'Too many requests: try again after `Retry-After` seconds',
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const PROBLEM_REF = '#/components/schemas/Problem'

/** Whether a response is a plain problem+json one with the status's standard text, the same for every operation. */
function isStandardProblem(response: Record<string, unknown>, status: string): boolean {
  const content = response.content
  if (!isRecord(content) || Object.keys(content).length !== 1) return false
  const problem = content['application/problem+json']
  return (
    response.description === ERROR_TEXT[status] &&
    isRecord(problem) &&
    isRecord(problem.schema) &&
    problem.schema.$ref === PROBLEM_REF &&
    Object.keys(problem.schema).length === 1
  )
}

/**
 * Error answers are written as `application/problem+json` (plugins/problem.ts), so the document says so, and
 * says what each status means instead of "Default Response". The standard ones (every operation has several) are
 * written once under `components.responses` (`Error404`...) and referred to: the document stays half the size.
 */
function describeProblemResponses(document: Document): Document {
  const shared: Record<string, unknown> = {}
  for (const operations of Object.values(document.paths ?? {})) {
    if (!isRecord(operations)) continue
    for (const operation of Object.values(operations)) {
      const responses = isRecord(operation) ? operation.responses : undefined
      if (!isRecord(responses)) continue
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400 || !isRecord(response) || !isRecord(response.content)) continue
        const { 'application/json': json, ...others } = response.content
        if (json !== undefined) response.content = { 'application/problem+json': json, ...others }
        const text = ERROR_TEXT[status]
        if (text && response.description === 'Default Response') response.description = text
        if (!isStandardProblem(response, status)) continue
        shared[`Error${status}`] ??= response
        responses[status] = { $ref: `#/components/responses/Error${status}` }
      }
    }
  }
  const components = 'components' in document && isRecord(document.components) ? document.components : {}
  const responses = isRecord(components.responses) ? components.responses : {}
  // In place: the document's type (OpenAPI 2 or 3) would not take responses known only as JSON here.
  Object.assign(document, { components: { ...components, responses: { ...responses, ...shared } } })
  return document
}

/**
 * A route that takes files declares what it `consumes` and has no body schema (the bytes are not JSON to
 * validate); the document still says it takes a body: multipart parts, or the file itself.
 */
function withUploadBody<T extends { schema: FastifySchema }>(transformed: T): T {
  const { consumes, body } = transformed.schema as FastifySchema & { consumes?: unknown }
  if (!Array.isArray(consumes) || consumes.length === 0 || body !== undefined) return transformed
  const multipart = consumes.some((c) => String(c).startsWith('multipart/'))
  const upload = multipart
    ? { type: 'object', additionalProperties: { type: 'string', format: 'binary' } }
    : { type: 'string', format: 'binary' }
  return { ...transformed, schema: { ...transformed.schema, body: upload } }
}

/**
 * OpenAPI 3.1 generated from the zod contracts of every `/api` route; served as JSON at
 * `/api/openapi.json` and as a browsable page at `/api/docs`. Non-API routes (the web app) are hidden.
 */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tulpar Auto API',
        version: '0.1.0',
        description:
          'REST API of the Tulpar Auto car marketplace (Kazakhstan). Prices are whole tenge (KZT). ' +
          'Errors are RFC 9457 problem details (`application/problem+json`). Localised names follow `?lang=` ' +
          '(ru, kk, en) or Accept-Language; Russian is the default.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'Session token from sign-in (header set-auth-token) or verify-phone',
          },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'tulpar.session_token' },
        },
      },
      tags: [
        { name: 'company', description: 'Cities, contacts and branches' },
        { name: 'cars', description: 'Catalogue and car pages' },
        { name: 'profiles', description: 'Profile, phone sign-in and account (spec section 7)' },
        { name: 'messages', description: 'My messages (moderation outcomes)' },
        { name: 'admin', description: 'Back office: moderation, roles, Tulpar cars (moderators and admins)' },
        { name: 'health', description: 'Liveness and readiness' },
      ],
    },
    transform: (input) => {
      if (!input.url.startsWith('/api/') || input.url === '/api/openapi.json') {
        return { schema: { ...input.schema, hide: true }, url: input.url }
      }
      return withUploadBody(jsonSchemaTransform(input))
    },
    transformObject: (input) => describeProblemResponses(jsonSchemaTransformObject(input)),
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}
