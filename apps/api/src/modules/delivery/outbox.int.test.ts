import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { registerProblemHandler } from '../../plugins/problem.ts'
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts'
import { registerOutboxRoutes } from './outbox.routes.ts'
import { createOutboxMailer, createOutboxSms, latestOutboxMessage, listOutbox } from './outbox.ts'

let database: TestDatabase
let app: FastifyInstance

const phone = '+77011234567'
const email = 'buyer@example.kz'

beforeAll(async () => {
  database = await createTestDatabase()
  app = Fastify({ logger: false })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerProblemHandler(app)
  registerOutboxRoutes(app, { db: database.db })
  await app.ready()

  const sms = createOutboxSms(database.db)
  const mailer = createOutboxMailer(database.db)
  await sms.send({ to: phone, text: 'Tulpar Auto: код 1111' })
  await mailer.send({
    to: email,
    subject: 'Подтвердите адрес',
    text: 'Откройте https://tulpar.kz/verify?token=abc&x=1 <script>alert(1)</script>',
    html: '<p>ignored by the outbox</p>',
  })
  await sms.send({ to: phone, text: 'Tulpar Auto: код 2222' })
  await sms.send({ to: '+77770000000', text: 'Tulpar Auto: код 3333' })
})

afterAll(async () => {
  await app?.close()
  await database?.dispose()
})

describe('outbox adapters', () => {
  test('write one row per message, listed newest first', async () => {
    const rows = await listOutbox(database.db)
    expect(rows.map((r) => r.body)).toEqual([
      'Tulpar Auto: код 3333',
      'Tulpar Auto: код 2222',
      'Откройте https://tulpar.kz/verify?token=abc&x=1 <script>alert(1)</script>',
      'Tulpar Auto: код 1111',
    ])
    expect(rows[2]).toMatchObject({ channel: 'email', recipient: email, subject: 'Подтвердите адрес' })
    expect(rows[0]).toMatchObject({ channel: 'sms', recipient: '+77770000000', subject: null })
    expect(rows[0]?.createdAt).toBeInstanceOf(Date)
  })

  test('list filters by recipient and honours the limit', async () => {
    expect((await listOutbox(database.db, { recipient: phone })).map((r) => r.body)).toEqual([
      'Tulpar Auto: код 2222',
      'Tulpar Auto: код 1111',
    ])
    expect(await listOutbox(database.db, { limit: 1 })).toHaveLength(1)
  })

  test('latestOutboxMessage finds the last message per recipient and channel, or null', async () => {
    expect((await latestOutboxMessage(database.db, phone, 'sms'))?.body).toBe('Tulpar Auto: код 2222')
    expect((await latestOutboxMessage(database.db, email, 'email'))?.subject).toBe('Подтвердите адрес')
    expect(await latestOutboxMessage(database.db, email, 'sms')).toBeNull()
    expect(await latestOutboxMessage(database.db, '+70000000000', 'sms')).toBeNull()
  })
})

describe('GET /api/dev/outbox', () => {
  test('answers { results } newest first', async () => {
    const res = await app.inject('/api/dev/outbox')
    expect(res.statusCode).toBe(200)
    const { results } = res.json() as { results: Record<string, unknown>[] }
    expect(results).toHaveLength(4)
    expect(Object.keys(results[0] ?? {}).sort()).toEqual([
      'body',
      'channel',
      'createdAt',
      'headers',
      'id',
      'recipient',
      'subject',
    ])
    expect(results[0]).toMatchObject({ channel: 'sms', recipient: '+77770000000', subject: null })
    expect(new Date(String(results[0]?.createdAt)).toISOString()).toBe(results[0]?.createdAt)
    expect(results[0]?.id).toBeTypeOf('number')
  })

  test('filters by recipient (an encoded + or a + read as a space) and limits', async () => {
    const encoded = (await app.inject(`/api/dev/outbox?to=${encodeURIComponent(phone)}&limit=1`)).json()
    expect(encoded.results).toEqual([expect.objectContaining({ body: 'Tulpar Auto: код 2222' })])
    const raw = (await app.inject(`/api/dev/outbox?to=${phone}`)).json()
    expect(raw.results).toHaveLength(2)
    const byEmail = (await app.inject(`/api/dev/outbox?to=${email}`)).json()
    expect(byEmail.results).toEqual([expect.objectContaining({ channel: 'email', recipient: email })])
  })

  test('refuses a limit out of 1..200 and unknown parameters', async () => {
    expect((await app.inject('/api/dev/outbox?limit=0')).statusCode).toBe(400)
    expect((await app.inject('/api/dev/outbox?limit=201')).statusCode).toBe(400)
    expect((await app.inject('/api/dev/outbox?foo=1')).statusCode).toBe(400)
  })
})

describe('GET /dev/outbox', () => {
  test('is a noindex, self-refreshing HTML page listing messages newest first', async () => {
    const res = await app.inject('/dev/outbox')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    const html = res.body
    expect(html).toContain('<h1>Outbox (development only)</h1>')
    expect(html).toContain('<meta name="robots" content="noindex">')
    expect(html).toContain('<meta http-equiv="refresh" content="5">')
    expect(html).toContain('name="to"')
    expect(html).not.toContain('<script')
    expect(html.indexOf('код 3333')).toBeLessThan(html.indexOf('код 2222'))
    expect(html.indexOf('код 2222')).toBeLessThan(html.indexOf('код 1111'))
  })

  test('escapes bodies and links URLs in them', async () => {
    const html = (await app.inject(`/dev/outbox?to=${email}`)).body
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<script>')
    expect(html).toContain(
      '<a href="https://tulpar.kz/verify?token=abc&amp;x=1" rel="noreferrer">https://tulpar.kz/verify?token=abc&amp;x=1</a>',
    )
    expect(html).not.toContain('код 1111')
    expect(html).toContain(`value="${email}"`)
  })

  test('filters by phone and says when nothing matches', async () => {
    const html = (await app.inject(`/dev/outbox?to=${encodeURIComponent(phone)}`)).body
    expect(html).toContain('код 2222')
    expect(html).not.toContain('код 3333')
    const none = (await app.inject('/dev/outbox?to=%3Cb%3Enobody')).body
    expect(none).toContain('No messages to &lt;b&gt;nobody yet.')
  })
})
