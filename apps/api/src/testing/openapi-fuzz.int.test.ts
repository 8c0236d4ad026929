import { randomUUID } from 'node:crypto'
import { appendFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import type { HTTPMethods } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { dealers } from '../db/schema.ts'
import { createMemoryRateLimiter } from '../lib/rate-limit.ts'
import { MAX_HEADER_BYTES } from '../plugins/problem.ts'
import { addListingPhoto, createListing, createListingInModeration, setRole } from './factories.ts'
import { createRefusingLimiter } from './fuzz/limits.ts'
import { createOracle } from './fuzz/oracle.ts'
import { createRandom } from './fuzz/random.ts'
import { createRequestBuilder, type FuzzRequest, type Identity, type Operation, type Pools } from './fuzz/requests.ts'
import { createValues, isRecord, type Schema } from './fuzz/values.ts'
import { createTestApp, TEST_PUBLIC_URL } from './test-app.ts'

/**
 * Walks /api/openapi.json and sends every operation a bounded number of random requests (valid, real, invalid
 * and junk values; wrong content types; malformed and oversized bodies) as a guest, a signed-in user (bearer
 * token and session cookie), an admin and a holder of a dead token; the last request of each finds every rate
 * limit reached (a limited route answers 429). Then each operation once over real HTTP with a URL
 * over 16 KB, which Node's parser refuses before any route. Fails on any 5xx, on any error that is not
 * problem+json and on any answer the document does not describe. FUZZ_SEED=<n> replays or varies a run (the seed is printed), FUZZ_REQUESTS=<n>
 * sets the requests per operation and caller, FUZZ_TRACE=<file> appends every request and its answer there.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122)
const PER_OPERATION_AND_IDENTITY = Number(process.env.FUZZ_REQUESTS ?? 10)
/** Operations that end the caller's account: each of their requests gets an account of its own. */
const ENDS_THE_ACCOUNT = new Set(['DELETE /api/profiles/me/'])
/**
 * Streams that stay open until the client goes (server-sent events): inject() would wait for them forever, so
 * only callers who are refused at once (guest, dead token) are sent; conversations.int.test.ts reads them.
 */
const STAYS_OPEN = new Set(['GET /api/messages/stream/'])

const METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
function toMethod(method: string): HTTPMethods {
  const known = METHODS.find((m) => m === method)
  if (!known) throw new Error(`the document names a method the fuzzer does not send: ${method}`)
  return known
}

let t: Awaited<ReturnType<typeof createTestApp>>
let signUps = 0
const limits = createRefusingLimiter(createMemoryRateLimiter())

async function signUp(): Promise<{ id: string; email: string; bearer: Identity; cookie: Identity }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { 'x-forwarded-for': `10.200.0.${++signUps}` },
    payload: { email: `fuzz-${randomUUID()}@example.kz`, password: 'secret-fuzz-12', name: 'Fuzz Тестов' },
  })
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`)
  const setCookie = res.headers['set-cookie']
  const cookie = (Array.isArray(setCookie) ? setCookie : [String(setCookie)])
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => c.includes('session_token='))
    .join('; ')
  const token = String(res.headers['set-auth-token'])
  return {
    id: String(res.json().user.id),
    email: String(res.json().user.email),
    bearer: { name: 'user (bearer)', headers: { authorization: `Bearer ${token}` } },
    cookie: {
      name: 'user (cookie)',
      headers: { cookie, origin: TEST_PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
    },
  }
}

async function json(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await t.app.inject({ url, headers })
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
  return res.json()
}

/** A verified dealer the user owns (issue 38), so its page, people, drafts and feeds answer 2xx too; its id. */
async function verifiedDealerOf(user: Awaited<ReturnType<typeof signUp>>): Promise<unknown> {
  const cities = await json('/api/company/cities/')
  const cityId = Array.isArray(cities) && isRecord(cities[0]) ? cities[0].id : undefined
  const applied = await t.app.inject({
    method: 'POST',
    url: '/api/dealers/',
    headers: user.bearer.headers,
    payload: {
      kind: 'legal_entity',
      bin: '080340001230',
      legalName: 'ТОО «Фазз Моторс»',
      cityId,
      phones: ['+77273550011'],
      workingHours: '9:00–19:00',
    },
  })
  if (applied.statusCode !== 201) throw new Error(`dealer: ${applied.statusCode} ${applied.body}`)
  const id = Number(applied.json().id)
  await t.db.update(dealers).set({ status: 'verified' }).where(eq(dealers.id, id))
  return id
}

/** Real ids the requests should sometimes hit, so that the 200s are exercised and checked too. */
async function makePools(user: Awaited<ReturnType<typeof signUp>>, admin: Awaited<ReturnType<typeof signUp>>) {
  const published = await Promise.all([1, 2, 3].map((i) => createListing(t.db, { priceKzt: 9_000_000 + i })))
  const sold = await createListing(t.db, { status: 'sold' })
  const archived = await createListing(t.db, { status: 'archived' })
  const mine = await createListing(t.db, { ownerId: user.id })
  const inModeration = await createListingInModeration(t.db)
  const photo = await addListingPhoto(t.db, mine.id, { sha256: 'a'.repeat(64) })
  const draft = await t.app.inject({ method: 'POST', url: '/api/listings/', headers: user.bearer.headers })
  const draftId: unknown = draft.statusCode === 201 ? draft.json().id : undefined
  const profiles = await json('/api/profiles/me/', user.bearer.headers)
  const profileId = Array.isArray(profiles) && isRecord(profiles[0]) ? profiles[0].id : undefined
  const brands = await json('/api/reference/brands/')
  const brandIds = Array.isArray(brands) ? brands.slice(0, 5).flatMap((b) => (isRecord(b) ? [b.id] : [])) : []
  const listingIds = [...published, sold, archived, mine, inModeration].map((l) => l.id)
  const dealerId = await verifiedDealerOf(user)
  const pools: Pools = new Map<string, unknown[]>([
    ['id', [...listingIds, draftId, dealerId, user.id, admin.id].filter((v) => v !== undefined)],
    ['photoId', [photo.id]],
    ['profileId', [profileId].filter((v) => v !== undefined)],
    ['brandId', brandIds],
    ['modelId', [1, 2, 3]],
    ['reportId', [1]],
    ['brand', ['toyota', 'lexus']],
    ['model', ['camry']],
    ['city', ['almaty', 'astana']],
    ['phone', ['+77011234567', '+77071234567', '87011234567']],
    ['email', [user.email]],
    ['code', ['123456']],
  ])
  return pools
}

function operationsOf(document: Record<string, unknown>): Operation[] {
  const paths = isRecord(document.paths) ? document.paths : {}
  return Object.entries(paths).flatMap(([path, item]) =>
    isRecord(item)
      ? Object.entries(item).flatMap(([method, spec]) =>
          isRecord(spec) ? [{ method: method.toUpperCase(), path, spec }] : [],
        )
      : [],
  )
}

function resolverFor(document: Record<string, unknown>) {
  const components = isRecord(document.components) ? document.components : {}
  const schemas = isRecord(components.schemas) ? components.schemas : {}
  return function resolve(schema: Schema): Schema {
    let s = schema
    for (let hops = 0; typeof s.$ref === 'string' && hops < 10; hops++) {
      const target = schemas[s.$ref.replace('#/components/schemas/', '')]
      if (!isRecord(target)) break
      s = target
    }
    return s
  }
}

function describe(request: FuzzRequest): string {
  const body = request.payload === undefined ? '' : ` body=${String(request.payload).slice(0, 200)}`
  return `${request.method} ${request.url.slice(0, 300)} headers=${JSON.stringify(request.headers)}${body}`
}

beforeAll(async () => {
  t = await createTestApp({ limiter: limits.limiter })
})
afterAll(() => t.close())

test(`every answer to random requests is one the OpenAPI document describes (seed ${SEED})`, async () => {
  const started = Date.now()
  const document = await json('/api/openapi.json')
  if (!isRecord(document)) throw new Error('the OpenAPI document is not an object')
  const user = await signUp()
  const admin = await signUp()
  await setRole(t.db, admin.id, 'admin')
  const pools = await makePools(user, admin)
  const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer()

  const random = createRandom(SEED)
  const { build } = createRequestBuilder(random, createValues(random, resolverFor(document), pools), pools, image)
  const judge = createOracle(document)
  const identities: Identity[] = [
    { name: 'guest', headers: {} },
    user.bearer,
    user.cookie,
    { ...admin.bearer, name: 'admin (bearer)' },
    { name: 'dead token', headers: { authorization: 'Bearer not-a-session-token' } },
  ]
  const signedIn = [user.bearer, user.cookie, identities[3]]
  const failures = new Map<string, string>()
  const succeeded = new Set<string>()
  const statuses = new Map<number, number>()
  let sent = 0
  const operations = operationsOf(document)
  for (const operation of operations) {
    const key = `${operation.method} ${operation.path}`
    for (const identity of identities) {
      if (STAYS_OPEN.has(key) && signedIn.includes(identity)) continue
      for (let i = 0; i < PER_OPERATION_AND_IDENTITY; i++) {
        const fresh = ENDS_THE_ACCOUNT.has(key) && signedIn.includes(identity) ? await signUp() : null
        const who = fresh ? (identity === user.cookie ? fresh.cookie : fresh.bearer) : identity
        const request = build(operation, who)
        const send = () => t.app.inject({ ...request, method: toMethod(request.method) })
        // The last request of each operation and caller finds every limit reached: a limited route answers 429.
        const res = i === PER_OPERATION_AND_IDENTITY - 1 ? await limits.refusing(send) : await send()
        sent++
        if (process.env.FUZZ_TRACE)
          appendFileSync(
            process.env.FUZZ_TRACE,
            `${res.statusCode} ${identity.name} ${describe(request).slice(0, 400)} => ${res.body.slice(0, 200)}\n`,
          )
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
        if (res.statusCode < 300) succeeded.add(key)
        for (const problem of judge(operation, res)) {
          // One case per operation and kind of failure; the first request that showed it reproduces it.
          const where = `${key}: ${problem.replace(/ \(.*$/s, '')}`
          if (!failures.has(where)) failures.set(where, `as ${identity.name}: ${problem}\n    ${describe(request)}`)
        }
      }
    }
  }
  const seconds = (Date.now() - started) / 1000
  console.info(
    `openapi fuzz: seed ${SEED}, ${operations.length} operations, ${sent} requests, ` +
      `${succeeded.size} operations answered 2xx, ${limits.refused()} limit hits refused, ` +
      `${failures.size} distinct failures, ${seconds.toFixed(1)} s; ` +
      `statuses ${JSON.stringify(Object.fromEntries(statuses))}; never 2xx: ` +
      operations
        .map((o) => `${o.method} ${o.path}`)
        .filter((k) => !succeeded.has(k))
        .join(', '),
  )
  const cases = [...failures].map(([where, detail]) => `${where}\n  ${detail}`)
  expect(
    failures.size,
    `${failures.size} answers the document does not describe (seed ${SEED}):\n${cases.join('\n')}`,
  ).toBe(0)
  // A fuzzer whose requests never get past validation tests nothing: most operations must have succeeded.
  expect(succeeded.size).toBeGreaterThan(operations.length * 0.6)
}, 180_000)

/** The served OpenAPI document and well-formed paths for its operations (values drawn from the seed's sequence). */
async function documentPaths() {
  const document = await json('/api/openapi.json')
  if (!isRecord(document)) throw new Error('the OpenAPI document is not an object')
  const random = createRandom(SEED)
  const { wellFormedPath } = createRequestBuilder(
    random,
    createValues(random, resolverFor(document)),
    new Map(),
    Buffer.from(''),
  )
  return { document, random, wellFormedPath }
}

test(`a URL over 16 KB is refused before any route with a documented 431 problem+json, on every operation (seed ${SEED})`, async () => {
  // inject() skips Node's HTTP parser, which is what refuses it: this test talks HTTP to a listening server.
  const { document, random, wellFormedPath } = await documentPaths()
  const judge = createOracle(document)
  const base = await t.app.listen({ host: '127.0.0.1', port: 0 })
  const failures: string[] = []
  const operations = operationsOf(document)
  for (const operation of operations) {
    const path = wellFormedPath(operation)
    const url = `${base}${path}${path.includes('?') ? '&' : '?'}q=${'x'.repeat(MAX_HEADER_BYTES + random.int(1, 4096))}`
    const res = await fetch(url, { method: operation.method, signal: AbortSignal.timeout(10_000) })
    const answer = { statusCode: res.status, headers: Object.fromEntries(res.headers), body: await res.text() }
    for (const problem of judge(operation, answer)) failures.push(`${operation.method} ${operation.path}: ${problem}`)
    if (res.status !== 431) failures.push(`${operation.method} ${operation.path}: ${res.status}, not 431`)
  }
  expect(operations.length).toBeGreaterThan(50)
  expect(failures, failures.slice(0, 10).join('\n')).toEqual([])
})

test(`a method the document does not give a path answers 405 problem+json with Allow (seed ${SEED})`, async () => {
  const { document, wellFormedPath } = await documentPaths()
  const operations = operationsOf(document)
  const wrong: string[] = []
  let sent = 0
  const template = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`)
  // better-auth's own endpoints (hidden, not described by this document) take GET and POST under /api/auth/*.
  const paths = [...new Set(operations.map((o) => o.path))].filter((p) => !p.startsWith('/api/auth/'))
  for (const path of paths) {
    const documented = operations.filter((o) => o.path === path).map((o) => o.method)
    const first = operations.find((o) => o.path === path)
    if (!first) continue
    for (const method of METHODS.filter((m) => !documented.includes(m))) {
      const url = wellFormedPath(first)
      // `/api/listings/7/photos/order/` is also `/api/listings/{id}/photos/{photoId}/`: that route answers.
      if (operations.some((o) => o.method === method && template(o.path).test(url))) continue
      const res = await t.app.inject({ method: toMethod(method), url })
      sent++
      const allow = String(res.headers.allow ?? '').split(', ')
      const ok =
        res.statusCode === 405 &&
        String(res.headers['content-type']).startsWith('application/problem+json') &&
        documented.every((m) => allow.includes(m))
      if (!ok)
        wrong.push(`${method} ${url}: ${res.statusCode} allow=${String(res.headers.allow)} ${res.body.slice(0, 120)}`)
    }
  }
  console.info(`openapi fuzz: ${sent} requests with methods the document does not give their paths`)
  expect(sent).toBeGreaterThan(50)
  expect(wrong).toEqual([])
})

test('found by the fuzzer (seed 7): a city id beyond its column is a 400 on the profile, not a 500', async () => {
  const user = await signUp()
  const profiles = await json('/api/profiles/me/', user.bearer.headers)
  const profileId = Array.isArray(profiles) && isRecord(profiles[0]) ? profiles[0].id : undefined
  for (const city of [2 ** 31, Number.MAX_SAFE_INTEGER]) {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/profiles/update/${String(profileId)}/`,
      headers: user.bearer.headers,
      payload: { city },
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ code: 'validation.failed', errors: [{ field: 'body.city' }] })
  }
})
