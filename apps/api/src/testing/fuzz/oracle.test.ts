import { describe, expect, test } from 'vitest'
import { createOracle } from './oracle.ts'
import type { Operation } from './requests.ts'

const problem = { $ref: '#/components/schemas/Problem' }
const document = {
  openapi: '3.1.0',
  components: {
    schemas: {
      Problem: {
        type: 'object',
        properties: { type: { type: 'string' }, status: { type: 'integer' }, code: { type: 'string' } },
        required: ['type', 'status', 'code'],
      },
    },
  },
  paths: {
    '/api/cars/{id}/': {
      get: {
        responses: {
          200: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { id: { type: 'integer' }, at: { type: 'string', format: 'date-time' } },
                  required: ['id'],
                  additionalProperties: false,
                },
              },
            },
          },
          404: { content: { 'application/problem+json': { schema: problem } } },
        },
      },
    },
  },
}
const operation: Operation = {
  method: 'GET',
  path: '/api/cars/{id}/',
  spec: document.paths['/api/cars/{id}/'].get,
}
const judge = createOracle(document)
const json = { 'content-type': 'application/json; charset=utf-8' }
const problemJson = { 'content-type': 'application/problem+json; charset=utf-8' }
const notFound = JSON.stringify({ type: 'https://tulpar.kz/problems/not_found', status: 404, code: 'not_found' })

describe('the fuzz oracle judges answers by the document alone', () => {
  test('a documented answer with a matching body passes', () => {
    expect(judge(operation, { statusCode: 200, headers: json, body: '{"id":1,"at":"2026-11-22T10:00:00Z"}' })).toEqual(
      [],
    )
    expect(judge(operation, { statusCode: 404, headers: problemJson, body: notFound })).toEqual([])
  })

  test('a server error always fails', () => {
    expect(judge(operation, { statusCode: 500, headers: problemJson, body: '{}' })[0]).toMatch(/server error 500/)
  })

  test('a status the document does not list fails', () => {
    expect(judge(operation, { statusCode: 413, headers: problemJson, body: '{}' })[0]).toMatch(/not documented/)
  })

  test("an error that is not problem+json fails even where the document says so (Fastify's own 431 body)", () => {
    const fastify431 = '{"error":"Request Header Fields Too Large","statusCode":431}'
    const documented431 = {
      ...operation,
      spec: { responses: { 431: { content: { 'application/json': { schema: { type: 'object' } } } } } },
    }
    expect(judge(documented431, { statusCode: 431, headers: json, body: fastify431 })[0]).toMatch(
      /431 is not problem\+json but "application\/json"/,
    )
  })

  test('a response shared under components.responses is judged like one written in place', () => {
    const shared = {
      ...document,
      components: {
        ...document.components,
        responses: { Error404: { description: 'x', content: { 'application/problem+json': { schema: problem } } } },
      },
      paths: { '/api/cars/{id}/': { get: { responses: { 404: { $ref: '#/components/responses/Error404' } } } } },
    }
    const judgeShared = createOracle(shared)
    const op = { ...operation, spec: shared.paths['/api/cars/{id}/'].get }
    expect(judgeShared(op, { statusCode: 404, headers: problemJson, body: notFound })).toEqual([])
    const broken = JSON.stringify({ status: 404 })
    expect(judgeShared(op, { statusCode: 404, headers: problemJson, body: broken })[0]).toMatch(/does not match/)
    expect(judgeShared(op, { statusCode: 410, headers: problemJson, body: notFound })[0]).toMatch(/not documented/)
  })

  test('a content type other than the documented one fails', () => {
    const html = { 'content-type': 'text/html; charset=utf-8' }
    expect(judge(operation, { statusCode: 200, headers: html, body: '<p>1</p>' })[0]).toMatch(
      /content type "text\/html"/,
    )
    expect(judge(operation, { statusCode: 404, headers: json, body: notFound })[0]).toMatch(/not problem\+json/)
  })

  test('a body that breaks the schema (missing, extra or badly formatted fields) fails', () => {
    for (const body of ['{}', '{"id":1,"secret":"x"}', '{"id":1,"at":"yesterday"}', 'not json']) {
      expect(judge(operation, { statusCode: 200, headers: json, body }), body).toHaveLength(1)
    }
  })

  test('a problem body must repeat the HTTP status', () => {
    const body = JSON.stringify({ type: 'x', status: 400, code: 'not_found' })
    expect(judge(operation, { statusCode: 404, headers: problemJson, body })[0]).toMatch(/says status 400/)
  })
})
