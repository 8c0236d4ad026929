import fastJson from 'fast-json-stringify'
import type { FastifySerializerCompiler } from 'fastify/types/schema.js'
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'

/*
 * A compiled serializer for the answers where zod's check costs (issue 15: a car's details and search pages, the
 * API's hottest reads; zod's encode was 7-10% of their server CPU). The response schema is turned into JSON
 * Schema (`z.toJSONSchema`, output side) and compiled by fast-json-stringify, Fastify's own serializer, which
 * writes only the schema's properties, so nothing outside the contract is ever sent, as with zod. Every other
 * answer keeps zod's serializer. Outside production both run and must agree (`checked`): every integration and
 * e2e test that reads these answers checks the compiled one against zod's.
 */

type JsonSchema = { [key: string]: unknown }

/** The schemas whose 200 answers are compiled (registered by their routes' modules). */
const compiled = new WeakSet<object>()

/** Marks a response schema as one whose answers are serialized by compiled code. */
export function compileResponse<T extends z.ZodType>(schema: T): T {
  compiled.add(schema)
  return schema
}

/**
 * fast-json-stringify takes `anyOf` through a validator on every value; zod writes `X | null` as
 * `anyOf: [X, {type: null}]`. Those become X with `nullable: true`, and `$ref`s are inlined (the contracts'
 * schemas are not recursive), so the compiled code is straight-line.
 */
export function simplify(schema: JsonSchema, definitions: Record<string, JsonSchema> = {}): JsonSchema {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk)
    if (node === null || typeof node !== 'object') return node
    const s = node as JsonSchema
    if (typeof s.$ref === 'string') {
      const name = decodeURIComponent(s.$ref.replace(/^#\/(definitions|\$defs)\//, ''))
      const target = definitions[name]
      if (!target) throw new Error(`compiled serializer: unresolved ${s.$ref}`)
      const { $ref: _ref, ...rest } = s
      return walk({ ...target, ...rest })
    }
    const anyOf = s.anyOf
    if (Array.isArray(anyOf) && anyOf.length === 2) {
      const nonNull = anyOf.filter((option) => (option as JsonSchema).type !== 'null')
      if (nonNull.length === 1) {
        const { anyOf: _anyOf, ...rest } = s
        return { ...(walk(nonNull[0]) as JsonSchema), ...(walk(rest) as JsonSchema), nullable: true }
      }
    }
    const out: JsonSchema = {}
    for (const [key, value] of Object.entries(s)) {
      // Checks that decide nothing about the bytes written (the answer is ours): kept out of the compiled code.
      if (key === 'pattern' || key === 'description' || key === 'definitions' || key === '$defs') continue
      out[key] =
        key === 'properties'
          ? Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, walk(v)]))
          : walk(value)
    }
    return out
  }
  return walk(schema) as JsonSchema
}

/** The compiled function for a zod schema (throws when the schema has no JSON Schema form). */
export function compileSerializer(schema: z.ZodType): (data: unknown) => string {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-07' }) as JsonSchema
  const definitions = (json.definitions ?? json.$defs ?? {}) as Record<string, JsonSchema>
  const { $schema: _schema, ...root } = json
  return fastJson(simplify(root, definitions) as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string
}

/**
 * The API's serializer compiler: compiled code for the marked schemas' 200 answers, zod's for everything else.
 * `checked` (every environment but production) runs zod's too and throws when the two differ.
 */
export function createSerializerCompiler(checked: boolean): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const zodSerialize = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0])
    if (String(route.httpStatus) !== '200' || !compiled.has(route.schema)) return zodSerialize
    const fast = compileSerializer(route.schema)
    if (!checked) return fast
    return (data: unknown) => {
      const expected = zodSerialize(data)
      const actual = fast(data)
      if (actual !== expected && !sameJson(actual, expected)) {
        throw new Error(
          `compiled serializer of ${route.method} ${route.url} differs from zod's:\n${actual}\n${expected}`,
        )
      }
      return actual
    }
  }
}

function sameJson(a: string, b: string): boolean {
  const sort = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sort)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
              .map(([k, v]) => [k, sort(v)]),
          )
        : value
  return JSON.stringify(sort(JSON.parse(a))) === JSON.stringify(sort(JSON.parse(b)))
}
