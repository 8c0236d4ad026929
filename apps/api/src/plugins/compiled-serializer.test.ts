import { ListingDetail } from '@tulpar/contracts'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { compileResponse, compileSerializer, createSerializerCompiler, simplify } from './compiled-serializer.ts'

const Money = z.object({ kzt: z.number().int(), note: z.string().nullable() }).meta({ id: 'Money' })
const Car = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(['published', 'sold']),
  soldAt: z.iso.datetime().nullable(),
  price: Money,
  tax: Money.nullable(),
  photos: z.array(z.object({ key: z.string(), width: z.number() })),
  options: z.record(z.string(), z.array(z.string())),
  cover: z.object({ key: z.string() }).nullable(),
})

const car = {
  id: 7,
  name: 'Toyota "Camry" </script> — Қазақша',
  status: 'sold',
  soldAt: '2026-11-21T10:00:00.000Z',
  price: { kzt: 12_500_000, note: null },
  tax: null,
  photos: [{ key: 'a/1', width: 1280, secret: 'not in the contract' }],
  options: { comfort: ['climate', 'heated seats'] },
  cover: null,
  contactPhone: '+77011234567',
}

describe('the compiled serializer', () => {
  test('writes what zod writes, and nothing outside the contract', () => {
    const fast = compileSerializer(Car)
    const json = fast(car)
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(Car.parse(car))))
    expect(json).not.toContain('+77011234567')
    expect(json).not.toContain('not in the contract')
    const other = { ...car, tax: { kzt: 1, note: 'x' }, cover: { key: 'c' }, soldAt: null }
    expect(JSON.parse(fast(other))).toEqual(JSON.parse(JSON.stringify(Car.parse(other))))
  })

  test('nullable unions become nullable types and references are inlined (no validator in the compiled code)', () => {
    const json = z.toJSONSchema(Car, { io: 'output', target: 'draft-07' }) as Record<string, unknown>
    const simple = JSON.stringify(simplify(json, json.definitions as Record<string, Record<string, unknown>>))
    expect(simple).not.toContain('anyOf')
    expect(simple).not.toContain('$ref')
    expect(simple).toContain('"nullable":true')
  })

  test('the car detail contract compiles; Fastify uses it for 200 answers of marked schemas only', () => {
    expect(() => compileSerializer(ListingDetail)).not.toThrow()
    const compiler = createSerializerCompiler(false)
    compileResponse(Car)
    const ok = compiler({ schema: Car, method: 'GET', url: '/x', httpStatus: '200' })
    expect(JSON.parse(ok(car))).toEqual(JSON.parse(JSON.stringify(Car.parse(car))))
    // Not marked, or not a 200: zod's serializer, which refuses an answer outside the contract.
    const unmarked = compiler({ schema: Money, method: 'GET', url: '/x', httpStatus: '200' })
    expect(() => unmarked({ kzt: 'many' })).toThrow()
    const error = compiler({ schema: Car, method: 'GET', url: '/x', httpStatus: '404' })
    expect(() => error({ ...car, id: 'seven' })).toThrow()
  })

  test('checked (outside production), an answer zod refuses is refused', () => {
    compileResponse(Car)
    const checked = createSerializerCompiler(true)({ schema: Car, method: 'GET', url: '/x', httpStatus: '200' })
    expect(JSON.parse(checked(car)).id).toBe(7)
    expect(() => checked({ ...car, status: 'draft' })).toThrow()
  })
})
