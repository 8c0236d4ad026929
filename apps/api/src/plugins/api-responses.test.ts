import { Problem } from '@tulpar/contracts'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { registerApiFallback } from './api-fallback.ts'
import { registerStandardResponses, standardErrorStatuses } from './api-responses.ts'
import { registerOpenApi } from './openapi.ts'
import { registerProblemHandler, sendFrameworkError } from './problem.ts'

const security = [{ bearerAuth: [] }]

/** The same plugin order as buildApi, then routes a module might add later. */
async function buildApp() {
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true }, frameworkErrors: sendFrameworkError })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerProblemHandler(app)
  registerStandardResponses(app)
  registerApiFallback(app)
  await registerOpenApi(app, 'http://localhost')
  await app.register(
    async (scope) => {
      const typed = scope.withTypeProvider<ZodTypeProvider>()
      typed.patch(
        '/things/:id/',
        {
          schema: {
            security,
            params: z.object({ id: z.coerce.number().int() }),
            body: z.object({ name: z.string() }),
            response: { 200: z.object({ ok: z.boolean() }), 409: Problem },
          },
        },
        async () => ({ ok: true }),
      )
      typed.get('/things/', { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({
        ok: true,
      }))
      typed.put(
        '/things/:id/photo/',
        {
          schema: {
            consumes: ['image/jpeg', 'image/png'],
            params: z.object({ id: z.coerce.number().int() }),
            response: { 200: z.object({ ok: z.boolean() }) },
          },
        },
        async () => ({ ok: true }),
      )
    },
    { prefix: '/api' },
  )
  await app.ready()
  return app
}

let app: FastifyInstance
interface DocOperation {
  responses: Record<string, { content?: object; $ref?: string }>
  requestBody?: { content: Record<string, { schema: object }> }
}
let doc: {
  paths: Record<string, Record<string, DocOperation>>
  components: { responses: Record<string, { description?: string; content?: object }> }
}
beforeAll(async () => {
  app = await buildApp()
  doc = (await app.inject('/api/openapi.json')).json()
})
afterAll(() => app.close())

describe('the errors every API route can give are documented', () => {
  test('a route added by any module lists what its method and schema allow, as problem+json', () => {
    const responses = doc.paths['/api/things/{id}/']?.patch?.responses ?? {}
    expect(Object.keys(responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '415',
      '431',
      '500',
      '503',
    ])
    // The standard ones are written once under components.responses and referred to.
    expect(responses['413']).toEqual({ $ref: '#/components/responses/Error413' })
    expect(doc.components.responses.Error413?.content).toHaveProperty(['application/problem+json'])
    expect(doc.components.responses.Error413?.description).toBe('Request body larger than the limit')
    expect(responses['409']).toEqual({ $ref: '#/components/responses/Error409' })
    expect(responses['200']?.content).toHaveProperty(['application/json'])
  })

  test('a plain GET without parameters can only fail with an over-long URL, a 500 or the database away (503)', () => {
    expect(Object.keys(doc.paths['/api/things/']?.get?.responses ?? {}).sort()).toEqual(['200', '431', '500', '503'])
  })

  test('statuses follow from method and schema', () => {
    expect(standardErrorStatuses('GET', { querystring: {} })).toEqual([400, 431, 500, 503])
    expect(standardErrorStatuses('DELETE', { security })).toEqual([400, 401, 403, 413, 415, 431, 500, 503])
  })

  test('an upload route that consumes files documents its body as binary', () => {
    const body = doc.paths['/api/things/{id}/photo/']?.put?.requestBody
    expect(Object.keys(body?.content ?? {})).toEqual(['image/jpeg', 'image/png'])
    expect(body?.content['image/png']?.schema).toEqual({ type: 'string', format: 'binary' })
  })

  test('the catch-all is not documented as an operation', () => {
    expect(Object.keys(doc.paths).filter((p) => p.includes('*'))).toEqual([])
  })
})

describe('answers outside the routes are problem+json', () => {
  test('a path that exists for other methods answers 405 with Allow', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/things/' })
    expect(res.statusCode).toBe(405)
    expect(res.headers.allow).toBe('GET, HEAD')
    expect(res.headers['content-type']).toContain('application/problem+json')
    expect(res.json()).toMatchObject({ status: 405, code: 'method_not_allowed' })
  })

  test('an unknown path answers 404', async () => {
    for (const url of ['/api/nothing/here', '/api', '/api/']) {
      const res = await app.inject({ method: 'POST', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.json()).toMatchObject({ status: 404, code: 'not_found' })
    }
  })

  test('a URL that is not valid percent-encoding is a 400 problem', async () => {
    const res = await app.inject('/api/things/%E0%A4%A/')
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toContain('application/problem+json')
    expect(res.json()).toMatchObject({ status: 400, code: 'fst_err_bad_url' })
  })

  test('a body of the wrong type is a documented 415 problem', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/things/1/',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({ status: 415, type: expect.stringContaining('problems/') })
  })
})
