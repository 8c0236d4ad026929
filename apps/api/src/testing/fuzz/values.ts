import type { Random } from './random.ts'

/** A JSON Schema node as the OpenAPI document holds it. */
export type Schema = Record<string, unknown>

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined)

/** Strings that have broken parsers, loggers and SQL before. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '💥🚗',
  'Алматы Қазақстан',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00%ff',
  '\uFEFF\u202Eabc',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '0x10',
  '９',
]

/** The deepest nesting a fuzzed body gets: deep enough to hurt a recursive logger or validator. */
const MAX_NESTING = 3000

function nested(depth: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

/** `^\d{6}$` and `^[a-z0-9-]{1,60}$`: the only pattern shapes the contracts use outside formats. */
function fromPattern(pattern: string, random: Random): string | null {
  const digits = /^\^\\d\{(\d+)\}\$$/.exec(pattern)
  if (digits) return Array.from({ length: Number(digits[1]) }, () => random.int(0, 9)).join('')
  const charClass = /^\^\[([^\]]+)\]\{(\d+),(\d+)\}\$$/.exec(pattern)
  if (!charClass) return null
  const [, spec = '', min = '1', max = '1'] = charClass
  const chars: string[] = []
  for (let i = 0; i < spec.length; i++) {
    const c = spec[i] ?? ''
    const to = spec[i + 2]
    if (spec[i + 1] === '-' && to !== undefined) {
      for (let code = c.charCodeAt(0); code <= to.charCodeAt(0); code++) chars.push(String.fromCharCode(code))
      i += 2
    } else if (c !== '\\') chars.push(c)
  }
  const length = random.int(Number(min), Math.min(Number(max), Number(min) + 10))
  return Array.from({ length }, () => random.pick(chars)).join('')
}

/**
 * Values for JSON Schemas from the OpenAPI document: `valid` ones that satisfy the schema as far as a schema
 * can say (formats, patterns, ranges, enums), and `invalid` ones one mutation away from it.
 */
export function createValues(
  random: Random,
  resolve: (schema: Schema) => Schema,
  /** Real values by property name (`phone`, `email`), used for most objects' properties of that name. */
  known: Map<string, unknown[]> = new Map(),
) {
  function integerIn(s: Schema): number {
    const min = num(s.minimum) ?? (num(s.exclusiveMinimum) === undefined ? -1000 : Number(s.exclusiveMinimum) + 1)
    const max = num(s.maximum) ?? (num(s.exclusiveMaximum) === undefined ? 1e6 : Number(s.exclusiveMaximum) - 1)
    const low = Math.max(min, Math.min(max, 0))
    return random.pick([min, max, random.int(low, Math.min(max, low + 20)), random.int(low, Math.min(max, low + 1e7))])
  }

  function stringFor(s: Schema): string {
    if (s.format === 'date-time') return new Date(Date.UTC(2025, random.int(0, 11), random.int(1, 28))).toISOString()
    if (s.format === 'date') return `202${random.int(0, 6)}-0${random.int(1, 9)}-1${random.int(0, 9)}`
    if (s.format === 'email') return `fuzz${random.int(1, 1e6)}@example.kz`
    if (s.format === 'uri') return `https://example.kz/${random.int(1, 1000)}`
    if (typeof s.pattern === 'string') {
      const matched = fromPattern(s.pattern, random)
      if (matched !== null) return matched
    }
    const min = num(s.minLength) ?? 0
    const length = random.int(Math.max(min, 1), Math.max(min, Math.min(num(s.maxLength) ?? 24, min + 24)))
    return Array.from({ length }, () => random.pick([...'abcxyzАлматыҚазақ019 -'])).join('')
  }

  function typeOf(s: Schema): unknown {
    if (Array.isArray(s.type)) return random.pick(s.type)
    if (s.type !== undefined) return s.type
    return isRecord(s.properties) ? 'object' : undefined
  }

  function valid(schema: Schema, depth = 0): unknown {
    const s = resolve(schema)
    if ('const' in s) return s.const
    if (Array.isArray(s.enum) && s.enum.length > 0) return random.pick(s.enum)
    const branches = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : null
    if (branches) {
      const branch = random.pick(branches)
      return isRecord(branch) ? valid(branch, depth + 1) : null
    }
    switch (typeOf(s)) {
      case 'null':
        return null
      case 'boolean':
        return random.chance(0.5)
      case 'integer':
        return integerIn(s)
      case 'number':
        return integerIn(s) + (random.chance(0.3) ? 0.5 : 0)
      case 'string':
        return stringFor(s)
      case 'array': {
        const min = num(s.minItems) ?? 0
        const count = depth > 4 ? min : random.int(min, Math.min(num(s.maxItems) ?? 3, min + 3))
        return Array.from({ length: count }, () => (isRecord(s.items) ? valid(s.items, depth + 1) : 'x'))
      }
      case 'object': {
        const out: Record<string, unknown> = {}
        const required = Array.isArray(s.required) ? s.required : []
        for (const [key, property] of Object.entries(isRecord(s.properties) ? s.properties : {})) {
          if (!isRecord(property)) continue
          if (!required.includes(key) && (depth >= 4 || random.chance(0.4))) continue
          const real = known.get(key)
          out[key] = real && real.length > 0 && random.chance(0.7) ? random.pick(real) : valid(property, depth + 1)
        }
        return out
      }
      default:
        return random.pick(['x', 1, true])
    }
  }

  function wrongType(value: unknown): unknown {
    if (typeof value === 'string') return random.pick([12345, true, {}, [value]])
    if (typeof value === 'number') return random.pick(['abc', `${value}`, true, [value]])
    if (typeof value === 'boolean') return random.pick(['yes', 1, null])
    if (Array.isArray(value)) return random.pick([{}, 'a,b', 1])
    if (isRecord(value)) return random.pick(['x', 1, [value]])
    return random.pick(['x', 1, {}])
  }

  function mutateObject(s: Schema, value: Record<string, unknown>, depth: number): unknown {
    const keys = Object.keys(value)
    const properties = isRecord(s.properties) ? s.properties : {}
    const choice = random.int(0, 3)
    const key = keys.length > 0 ? random.pick(keys) : undefined
    if (choice === 0 && key !== undefined) {
      const { [key]: _dropped, ...rest } = value
      return rest
    }
    if (choice === 1 && key !== undefined) {
      const property = properties[key]
      return { ...value, [key]: isRecord(property) ? invalid(property, depth + 1) : null }
    }
    if (choice === 2)
      return { ...value, fuzzExtra: random.pick(NASTY_STRINGS), constructor: { prototype: { polluted: true } } }
    return { ...value, ...(key === undefined ? {} : { [key]: nested(random.int(2, 60)) }) }
  }

  /** One mutation away from valid: wrong type, out of range, too long, unknown key, missing key, junk. */
  function invalid(schema: Schema, depth = 0): unknown {
    const s = resolve(schema)
    const value = valid(s, depth)
    const maxLength = num(s.maxLength)
    const maximum = num(s.maximum)
    switch (random.int(0, 7)) {
      case 0:
        return wrongType(value)
      case 1:
        return null
      case 2:
        return random.chance(0.5) ? 'Ж'.repeat(random.int(1000, 30_000)) : random.pick(NASTY_STRINGS)
      case 3:
        if (typeof value === 'number') return random.pick([(maximum ?? 1e6) + 1, -1, 0.5, 1e300, 2 ** 63])
        if (typeof value === 'string' && maxLength !== undefined) return 'a'.repeat(maxLength + 1)
        return wrongType(value)
      case 4:
        if (isRecord(value)) return mutateObject(s, value, depth)
        if (Array.isArray(value))
          return [...value, ...Array.from({ length: (num(s.maxItems) ?? 50) + 1 }, () => value[0])]
        return random.pick(NASTY_STRINGS)
      case 5:
        return nested(random.int(10, MAX_NESTING))
      case 6:
        return isRecord(value) ? mutateObject(s, value, depth) : wrongType(value)
      default:
        return Array.isArray(s.enum) ? 'not-in-the-list' : random.pick(NASTY_STRINGS)
    }
  }

  return { valid, invalid, nasty: () => random.pick(NASTY_STRINGS) }
}
export type Values = ReturnType<typeof createValues>
