import type { Random } from './random.ts'
import { isRecord, type Schema, type Values } from './values.ts'

/** One operation of the OpenAPI document. */
export interface Operation {
  method: string
  /** The document's path, `/api/cars/{id}/`. */
  path: string
  spec: Record<string, unknown>
}

/** Who sends the request: the headers that make them who they are. */
export interface Identity {
  name: string
  headers: Record<string, string>
}

export interface FuzzRequest {
  method: string
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
}

/** Real values worth trying, by parameter name (listing ids that exist, the user's own profile id...). */
export type Pools = Map<string, unknown[]>

const BODYLESS = new Set(['GET', 'HEAD', 'TRACE'])
/** Fastify's default body limit is 1 MiB: one byte more must be a documented 413. */
const OVER_BODY_LIMIT = 1024 * 1024 + 1
/**
 * Raw path segments the router itself must refuse cleanly (bad percent-encoding, over `maxParamLength`).
 * No bare `.`/`..`: clients resolve dot segments before sending, so the request would name another path.
 */
const RAW_PATH_JUNK = ['%E0%A4%A', '%', '%zz', 'x'.repeat(150), '9'.repeat(120), '%2F..%2F', '%C0%AE']
const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'image/png',
  'multipart/form-data; boundary=fuzz',
  'application/json; charset=latin1',
  'not a media type',
  'application/octet-stream',
]

function parameters(operation: Operation): { name: string; in: string; required: boolean; schema: Schema }[] {
  const list = Array.isArray(operation.spec.parameters) ? operation.spec.parameters : []
  return list.flatMap((p) =>
    isRecord(p) && typeof p.name === 'string' && typeof p.in === 'string' && isRecord(p.schema)
      ? [{ name: p.name, in: p.in, required: p.required === true, schema: p.schema }]
      : [],
  )
}

/** The body's content types the document gives (`multipart/form-data`, `image/png`, `application/json`). */
function bodyContentTypes(operation: Operation): string[] {
  const body = operation.spec.requestBody
  return isRecord(body) && isRecord(body.content) ? Object.keys(body.content) : []
}

function jsonBodySchema(operation: Operation): Schema | null {
  const body = operation.spec.requestBody
  if (!isRecord(body) || !isRecord(body.content)) return null
  const json = body.content['application/json']
  return isRecord(json) && isRecord(json.schema) ? json.schema : null
}

const toWire = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value)

function multipart(field: string, file: Buffer, type: string): { payload: Buffer; contentType: string } {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="car.jpg"\r\nContent-Type: ${type}\r\n\r\n`
  const payload = Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)])
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` }
}

/**
 * Builds random requests for operations of the document: path, query and body values that are valid, real
 * (from the pools), invalid or plain junk, with wrong content types, malformed JSON and oversized bodies.
 */
export function createRequestBuilder(random: Random, values: Values, pools: Pools, image: Buffer) {
  function matchesType(schema: Schema, value: unknown): boolean {
    const type = schema.type
    if (type === 'integer') return Number.isInteger(value)
    if (type === 'string') return typeof value === 'string'
    return true
  }

  /** Half the requests are meant to succeed (real or valid values only), half to be refused. */
  let wellFormed = true

  function parameterValue(name: string, schema: Schema, place: 'path' | 'query'): string {
    const pool = (pools.get(name) ?? []).filter((v) => matchesType(schema, v))
    const roll = random.next()
    if (roll < 0.55 && pool.length > 0) return toWire(random.pick(pool))
    if (roll < 0.8 || wellFormed) return toWire(values.valid(schema))
    if (place === 'query' && roll < 0.85) return values.nasty()
    return toWire(values.invalid(schema)).slice(0, 4000)
  }

  function pathFor(operation: Operation): string {
    const params = parameters(operation).filter((p) => p.in === 'path')
    return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const p = params.find((x) => x.name === name)
      if (!p || (!wellFormed && random.chance(0.1))) return random.pick(RAW_PATH_JUNK)
      return encodeURIComponent(parameterValue(name, p.schema, 'path'))
    })
  }

  function queryFor(operation: Operation): string {
    const pairs: string[] = []
    for (const p of parameters(operation).filter((x) => x.in === 'query')) {
      if (!p.required && random.chance(0.55)) continue
      const value = parameterValue(p.name, p.schema, 'query')
      pairs.push(`${p.name}=${encodeURIComponent(value)}`)
      if (random.chance(0.05)) pairs.push(`${p.name}=${encodeURIComponent(value)}`)
    }
    if (wellFormed) return pairs.length > 0 ? `?${pairs.join('&')}` : ''
    if (random.chance(0.15)) pairs.push(`fuzzUnknown=${encodeURIComponent(values.nasty())}`)
    if (random.chance(0.05)) pairs.push('%E0%A4%A=%zz')
    return pairs.length > 0 ? `?${pairs.join('&')}` : ''
  }

  /** A body the document does not describe: junk JSON, an image, a multipart upload, bytes. */
  function undocumentedBody(): { payload: string | Buffer; contentType?: string } {
    switch (random.int(0, 5)) {
      case 0:
        return { payload: toWire(values.nasty()), contentType: 'application/json' }
      case 1:
        return { payload: image, contentType: random.pick(['image/jpeg', 'image/png', 'image/svg+xml']) }
      case 2:
        return multipart(random.pick(['photos', 'photo', 'file']), image, 'image/jpeg')
      case 3:
        return multipart('photos', Buffer.from('not an image at all'), 'image/png')
      case 4:
        return { payload: Buffer.from([0xff, 0xfe, 0x00, 0x01]), contentType: random.pick(WRONG_CONTENT_TYPES) }
      default:
        return { payload: '{"a":', contentType: 'application/json' }
    }
  }

  function bodyFor(operation: Operation): { payload?: string | Buffer; contentType?: string } {
    const schema = jsonBodySchema(operation)
    const uploads = bodyContentTypes(operation).filter((c) => c !== 'application/json')
    if (!schema && uploads.length > 0 && (wellFormed || random.chance(0.3))) {
      const type = random.pick(uploads)
      if (type.startsWith('multipart/')) return multipart(random.pick(['photos', 'photo']), image, 'image/jpeg')
      return { payload: image, contentType: type }
    }
    if (!schema) {
      if (BODYLESS.has(operation.method) || random.chance(wellFormed ? 0.7 : 0.4)) return {}
      return undocumentedBody()
    }
    const roll = wellFormed ? 0 : random.next()
    const json = 'application/json'
    if (roll < 0.1) return { payload: JSON.stringify(values.valid(schema)), contentType: json }
    if (roll < 0.72) return { payload: JSON.stringify(values.invalid(schema)), contentType: json }
    if (roll < 0.76)
      return { payload: random.pick(['{"a":', '[1,2', '{"x":1}}', "{'a':1}", 'undefined']), contentType: json }
    if (roll < 0.8) return { payload: '', contentType: json }
    if (roll < 0.87)
      return { payload: JSON.stringify(values.valid(schema)), contentType: random.pick(WRONG_CONTENT_TYPES) }
    if (roll < 0.9) return { payload: '{"__proto__":{"isAdmin":true}}', contentType: json }
    if (roll < 0.92) return { payload: `{"a":"${'x'.repeat(OVER_BODY_LIMIT)}"}`, contentType: json }
    if (roll < 0.95) return { payload: JSON.stringify(values.valid(schema)) }
    return undocumentedBody()
  }

  function build(operation: Operation, identity: Identity): FuzzRequest {
    wellFormed = random.chance(0.5)
    const url = pathFor(operation) + queryFor(operation)
    const headers: Record<string, string> = {
      ...identity.headers,
      // Mostly one client address, so that per-address limits are reached and their 429s checked too.
      'x-forwarded-for': random.chance(0.7)
        ? '10.9.9.9'
        : `10.${random.int(0, 3)}.${random.int(0, 255)}.${random.int(1, 254)}`,
    }
    if (random.chance(0.3)) headers['accept-language'] = random.pick(['kk', 'en-US,en;q=0.9', 'ru', '*', 'zz-ZZ'])
    if (headers.cookie !== undefined && !wellFormed && random.chance(0.2)) {
      // The session cookie riding on another site's form or fetch.
      headers.origin = 'https://evil.example'
      headers['sec-fetch-site'] = 'cross-site'
    }
    const { payload, contentType } = bodyFor(operation)
    if (contentType !== undefined) headers['content-type'] = contentType
    return { method: operation.method, url, headers, ...(payload === undefined ? {} : { payload }) }
  }

  /** The operation's path with well-formed parameters, for trying methods the document does not give it. */
  function wellFormedPath(operation: Operation): string {
    wellFormed = true
    return pathFor(operation)
  }

  return { build, wellFormedPath }
}
