import { randomUUID } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMemoryRateLimiter, type RateLimiter } from '../lib/rate-limit.ts'
import { payments } from '../modules/payments/payments.tables.ts'
import { createListing, createListingInModeration } from '../testing/factories.ts'
import { parsePrometheusText, sampleValue } from '../testing/prometheus-text.ts'
import { createTestApp } from '../testing/test-app.ts'
import { metricsAddress } from './metrics.ts'

/**
 * Issue 37: the metrics page answers Prometheus with the token on its own listener and counts what it saw (by route
 * pattern, never the raw URL), refuses anyone without the token, and reads the backlogs from the database on scrape.
 */

const TOKEN = 'metrics-test-token-0123456789abcdef'
let t: Awaited<ReturnType<typeof createTestApp>>
let port: number

/** Counts like the real limiter, except that a phone reveal is always over its limit (a refusal to count). */
function refusingPhoneReveals(): RateLimiter {
  const inner = createMemoryRateLimiter()
  return {
    ...inner,
    hit: async (key, limit, windowSeconds) =>
      key.startsWith('phone-reveal:')
        ? { allowed: false, count: limit + 1, retryAfterSeconds: 60 }
        : inner.hit(key, limit, windowSeconds),
  }
}

beforeAll(async () => {
  t = await createTestApp({
    metrics: { token: TOKEN, port: 0, host: '127.0.0.1' },
    limiter: refusingPhoneReveals(),
  })
  const address = metricsAddress(t.app)
  if (!address) throw new Error('the metrics listener is not listening')
  port = address.port
})
afterAll(async () => {
  await t?.close()
})

/** A request to the metrics listener as an outsider would send it: plain HTTP, any headers. */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, timeout: 5000 }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('timeout', () => req.destroy(new Error('no answer from the metrics listener')))
    req.on('error', reject)
    req.end()
  })
}

async function scrape() {
  const answer = await get('/metrics', { authorization: `Bearer ${TOKEN}` })
  expect(answer.status).toBe(200)
  const samples = parsePrometheusText(answer.body)
  const value = (name: string, labels: Record<string, string> = {}) => sampleValue(samples, name, labels)
  return { text: answer.body, samples, value }
}

describe('the metrics page', () => {
  test('answers with the token and counts a request it saw by its route pattern, without the id', async () => {
    const labels = { route: '/api/cars/:id/', method: 'GET', status: '404' }
    const before = (await scrape()).value('tulpar_http_request_duration_seconds_count', labels) ?? 0
    const missing = await t.app.inject({ method: 'GET', url: '/api/cars/987654321/' })
    expect(missing.statusCode).toBe(404)
    const after = await scrape()
    expect(after.value('tulpar_http_request_duration_seconds_count', labels)).toBe(before + 1)
    expect(after.text).not.toContain('987654321')
    // The process's own: event-loop lag, heap, resident memory.
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'process_resident_memory_bytes'])
      expect(after.value(name), name).toBeGreaterThan(0)
  })

  test('is refused without the token, with a wrong one and with the token in another scheme', async () => {
    const refusals = [
      await get('/metrics'),
      await get('/metrics', { authorization: 'Bearer wrong-token-wrong-token-wrong' }),
      await get('/metrics', { authorization: `Bearer ${TOKEN}x` }),
      await get('/metrics', { authorization: `Bearer ${TOKEN.slice(0, -1)}` }),
      await get('/metrics', { authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}` }),
      await get('/metrics', { authorization: 'Bearer ' }),
      // Another path is refused the same way: nothing says what is there without the token.
      await get('/', {}),
    ]
    for (const answer of refusals) {
      expect(answer.status).toBe(401)
      expect(answer.body).not.toContain('tulpar_')
    }
  })

  test('the metrics are not on the public port', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(answer.body).not.toContain('tulpar_http_request_duration_seconds')
  })

  test('a rate limit refusal is counted by its rule, not by whose it was', async () => {
    const car = await createListing(t.db)
    const rule = { rule: 'phone-reveal:ip:short' }
    const before = (await scrape()).value('tulpar_rate_limit_refusals_total', rule) ?? 0
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/cars/${car.id}/phone/`,
      headers: { 'x-forwarded-for': '203.0.113.77' },
    })
    expect(refused.statusCode).toBe(429)
    const after = await scrape()
    expect(after.value('tulpar_rate_limit_refusals_total', rule)).toBe(before + 1)
    expect(after.text).not.toContain('203.0.113.77')
  })

  test('the moderation gauges read the queue: how many wait and how long the oldest has', async () => {
    const before = await scrape()
    const waiting = before.value('tulpar_moderation_queue') ?? Number.NaN
    expect(waiting).toBeGreaterThanOrEqual(0)
    await createListingInModeration(t.db, { enteredAt: new Date(Date.now() - 3 * 3600_000) })
    await createListingInModeration(t.db)
    const after = await scrape()
    expect(after.value('tulpar_moderation_queue')).toBe(waiting + 2)
    expect(after.value('tulpar_moderation_queue_oldest_seconds')).toBeGreaterThanOrEqual(3 * 3600 - 5)
  })

  test("PostgreSQL's autovacuum as the server has it (the alert's series); none on the embedded database", async () => {
    const { value } = await scrape()
    const pool = t.database.pool
    if (!pool) {
      expect(value('tulpar_database_autovacuum')).toBeUndefined()
      return
    }
    // Named `v`: SHOW's column is the setting's own name, and `v` of it read undefined, which passed only while
    // the server had it off.
    const { rows } = await pool.query<{ v: string }>(`select current_setting('autovacuum') as v`)
    expect(value('tulpar_database_autovacuum', { database: 'primary' })).toBe(rows[0]?.v === 'on' ? 1 : 0)
  })

  test('a refund the provider keeps refusing shows as a payment stuck in refunding', async () => {
    const before = (await scrape()).value('tulpar_payments_refunding') ?? Number.NaN
    expect(before).toBeGreaterThanOrEqual(0)
    const asked = new Date(Date.now() - 2 * 3600_000)
    await t.db.insert(payments).values({
      id: randomUUID(),
      provider: 'kaspi',
      orderRef: 'check:1',
      amountKzt: 4990,
      status: 'refunding',
      returnPath: '/',
      createdAt: asked,
      updatedAt: asked,
    })
    const after = await scrape()
    expect(after.value('tulpar_payments_refunding')).toBe(before + 1)
    expect(after.value('tulpar_payments_refunding_oldest_seconds')).toBeGreaterThanOrEqual(2 * 3600 - 5)
  })

  test("the job queue's depth and its oldest waiting job's age, per queue", async () => {
    const ready = { queue: 'lead-created', state: 'ready' }
    const before = (await scrape()).value('tulpar_jobs', ready)
    expect(before).toBeGreaterThanOrEqual(0)
    await t.jobs.send('lead-created', { leadId: 424242 })
    const after = await scrape()
    expect(after.value('tulpar_jobs', ready)).toBe((before ?? 0) + 1)
    expect(after.value('tulpar_jobs_oldest_ready_seconds', { queue: 'lead-created' })).toBeGreaterThanOrEqual(0)
    // Every queue is there, an empty one too.
    expect(after.value('tulpar_jobs', { queue: 'broadcast', state: 'ready' })).toBe(0)
  })

  test('what the retention purges removed, per purge and table, and when each last ran', async () => {
    const startedAt = Date.now() / 1000
    const quiet = { info() {}, warn() {}, error() {} }
    const results = await t.services.retention.runAll(quiet)
    const after = await scrape()
    const [purge, counts] = Object.entries(results)[0] ?? []
    if (!purge || !counts) throw new Error('no retention purge ran')
    expect(after.value('tulpar_retention_last_run_timestamp_seconds', { purge })).toBeGreaterThanOrEqual(startedAt - 1)
    for (const table of Object.keys(counts))
      expect(after.value('tulpar_retention_deleted_rows_total', { purge, table }), table).toBeGreaterThanOrEqual(0)
  })
})
