import { readFileSync } from 'node:fs'
import { and, asc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import webpush from 'web-push'
import { jobReceipts, outboxMessages, pushSubscriptions } from '../../db/schema.ts'
import { accountHelpers } from '../../testing/accounts.ts'
import { createUser } from '../../testing/factories.ts'
import { browserKeys, NOT_PUSH_SERVICES, toStandIn, useSilentPushService } from '../../testing/push.ts'
import { type Account, useTestApp } from '../../testing/suite.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-app.ts'
import { testDriver } from '../../testing/test-db.ts'
import {
  createDelivery,
  createWebPushSender,
  DeliveryError,
  type PushGateway,
  PushTargetGoneError,
} from '../delivery/index.ts'
import type { JobSender } from '../jobs/index.ts'
import { createNotificationsService } from './notifications.service.ts'

/*
 * Web Push subscriptions (issue 35): only a browser's push service is saved, an account keeps its newest 10
 * browsers, a push service that never answers holds no transaction, a gone one is forgotten, and migration 0022
 * cleaned what was saved before these rules. (Alerts reaching the browsers: notifications.int.test.ts.)
 */

const t = useTestApp()
const { signUp } = accountHelpers(() => t.app)
/** A subscription's keys as the API takes them (their content is not checked until a push is sent). */
const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) }

describe('push subscriptions (issue 35)', () => {
  const savePush = (a: Account, endpoint: string) =>
    t.app.inject({ method: 'PUT', url: '/api/push-subscriptions/', payload: { endpoint, keys }, headers: a.auth })
  const endpointsOf = async (a: Account) =>
    (
      await t.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, a.id))
        .orderBy(asc(pushSubscriptions.id))
    ).map((r) => r.endpoint)
  let prober: Account
  beforeAll(async () => {
    prober = await signUp()
  })

  test.each(NOT_PUSH_SERVICES)(
    'an endpoint that is not a push service is refused with 400 and nothing is saved: %s',
    async (endpoint) => {
      const res = await savePush(prober, endpoint)
      expect(res.statusCode, res.body).toBe(400)
      // http:// never passes the contract; the rest are the service's refusal.
      expect(res.json().code).toBe(endpoint.startsWith('http:') ? 'validation.failed' : 'push.endpoint_not_allowed')
      expect(await endpointsOf(prober)).toEqual([])
    },
  )

  test('the four push services browsers use are accepted', async () => {
    const b = prober
    const endpoints = [
      `https://fcm.googleapis.com/fcm/send/${b.id}`,
      `https://updates.push.services.mozilla.com/wpush/v2/${b.id}`,
      `https://web.push.apple.com/${b.id}`,
      `https://wns2-par02p.notify.windows.com/w/?token=${b.id}`,
    ]
    for (const endpoint of endpoints) expect((await savePush(b, endpoint)).statusCode).toBe(200)
    expect(await endpointsOf(b)).toEqual(endpoints)
    // The account that probes the refusals has none, whichever order these tests run in.
    await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, b.id))
  })

  test('the same browser saved twice is one subscription; an account keeps its 10 most recently saved browsers, one more forgets the oldest', async () => {
    const b = await signUp()
    const ep = (i: number) => `https://fcm.googleapis.com/fcm/send/cap-${b.id}-${i}`
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ep(from + i))
    expect((await savePush(b, ep(1))).statusCode).toBe(200)
    expect((await savePush(b, ep(1))).statusCode).toBe(200)
    expect(await endpointsOf(b)).toEqual([ep(1)])
    for (let i = 2; i <= 12; i++) expect((await savePush(b, ep(i))).statusCode).toBe(200)
    expect((await endpointsOf(b)).sort()).toEqual(range(3, 12).sort())
    // Turning notifications on again in browser 3 makes it the newest: the next one forgets browser 4.
    expect((await savePush(b, ep(3))).statusCode).toBe(200)
    expect((await savePush(b, ep(13))).statusCode).toBe(200)
    expect((await endpointsOf(b)).sort()).toEqual([ep(3), ...range(5, 13)].sort())
  })

  test('an alert to an account saved with more browsers than the cap (before it) reaches its newest 10 only', async () => {
    const b = await createUser(t.db)
    const rows = Array.from({ length: 15 }, (_, i) => ({
      userId: b.id,
      endpoint: `https://fcm.googleapis.com/fcm/send/old-${b.id}-${i}`,
      ...keys,
      createdAt: new Date(Date.UTC(2024, 0, 1 + i)),
    }))
    await t.db.insert(pushSubscriptions).values(rows)
    await t.services.notifications.deliverAlert({
      key: `test-fanout-${b.id}`,
      userId: b.id,
      alert: { kind: 'sold', listingId: 1, title: 'Kia Rio, 2019' },
    })
    await t.jobs.drain(['push'])
    const pushed = await t.db
      .select({ recipient: outboxMessages.recipient })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'webpush'), sql`${outboxMessages.recipient} like ${`%old-${b.id}-%`}`))
    expect(pushed.map((p) => p.recipient).sort()).toEqual(
      rows
        .slice(5)
        .map((r) => r.endpoint)
        .sort(),
    )
  })
})

describe('push delivery (issue 35)', () => {
  const standIn = useSilentPushService()

  const noJobs: JobSender = {
    send: async () => {
      throw new Error('no job expected')
    },
    sendMany: async () => {
      throw new Error('no job expected')
    },
  }
  const serviceWith = (push: PushGateway) =>
    createNotificationsService({
      db: t.db,
      jobs: noJobs,
      delivery: {
        ...createDelivery({ smtpUrl: null, mailFrom: 'x <x@tulpar.kz>', sms: { gateway: 'outbox' } }, t.db),
        push,
      },
      publicUrl: TEST_PUBLIC_URL,
      secret: 'test-secret-test-secret-test-secret-1234',
      vapidPublicKey: null,
    })
  async function subscribe(endpoint: (userId: string) => string) {
    const b = await createUser(t.db)
    const [row] = await t.db
      .insert(pushSubscriptions)
      .values({ userId: b.id, endpoint: endpoint(b.id), ...browserKeys() })
      .returning()
    if (!row) throw new Error('not saved')
    return { user: b, subscription: row }
  }
  const receiptsOf = (key: string) => t.db.select().from(jobReceipts).where(eq(jobReceipts.key, key))
  const within = <T>(ms: number, what: string, p: Promise<T>) =>
    Promise.race([
      p,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms)),
    ])
  const message = { title: 'Sold: Kia Rio, 2019', body: 'Kia Rio, 2019 from your favourites has been sold.', url: '/' }

  test('a push service that never answers holds no transaction while waited on, and the delivery ends at its timeout', async () => {
    const timeoutMs = 1_000
    const slow = serviceWith({
      // A stand-in push service on 127.0.0.1 needs the test's guards: any host, resolved to the stand-in.
      sendWebPush: createWebPushSender(
        { ...webpush.generateVAPIDKeys(), subject: 'mailto:support@tulpar.kz' },
        {
          isAllowed: () => true,
          lookup: toStandIn,
          timeoutMs,
        },
      ),
      sendFcm: async () => {},
    })
    const { subscription } = await subscribe((id) => `https://push.test:${standIn.port}/send/slow-${id}`)
    const key = `test-slow-${subscription.id}`
    const reached = new Promise<void>((resolve) => {
      standIn.connected = resolve
    })
    const started = performance.now()
    const delivering = slow.deliverPush({ key, channel: 'webpush', target: String(subscription.id), ...message }).then(
      () => null,
      (error: unknown) => error,
    )
    await within(5_000, 'the push service was not reached', reached)
    // While the push service is waited on, the database answers and sees the delivery's receipt committed: no
    // transaction is open (on the embedded database an open one would hold this read until the delivery ends).
    expect(await within(timeoutMs / 2, 'a read during the delivery', receiptsOf(key))).toHaveLength(1)
    if (testDriver() === 'postgres') {
      const open = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`pg_stat_activity`)
        .where(sql`datname = current_database() and state like 'idle in transaction%'`)
      expect(open).toEqual([{ n: 0 }])
    }
    const error = await delivering
    const elapsed = performance.now() - started
    expect(error).toBeInstanceOf(DeliveryError)
    expect(elapsed).toBeLessThan(timeoutMs + 1_500)
    // The job's retry will send it again: the receipt is given back; the subscription stays.
    expect(await receiptsOf(key)).toEqual([])
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id))).toHaveLength(1)
  })

  test('a subscription the push service says is gone (404/410) is forgotten; a failure is retried, a success sent once', async () => {
    const answers: (Error | null)[] = [new DeliveryError('webpush', 'Web Push failed with 503', { code: '503' }), null]
    const sent: string[] = []
    const service = serviceWith({
      sendWebPush: async (s) => {
        const answer = answers.shift()
        if (answer === undefined) throw new PushTargetGoneError('webpush')
        if (answer) throw answer
        sent.push(s.endpoint)
      },
      sendFcm: async () => {},
    })
    const { subscription } = await subscribe((id) => `https://fcm.googleapis.com/fcm/send/gone-${id}`)
    const job = { key: `test-gone-${subscription.id}`, channel: 'webpush' as const, target: String(subscription.id) }
    await expect(service.deliverPush({ ...job, ...message })).rejects.toBeInstanceOf(DeliveryError)
    await service.deliverPush({ ...job, ...message })
    await service.deliverPush({ ...job, ...message })
    expect(sent).toEqual([subscription.endpoint])
    // The next alert finds the push service saying the subscription is gone.
    await service.deliverPush({ ...job, key: `${job.key}:next`, ...message })
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id))).toEqual([])
  })
})

describe('migration 0022 (issue 35)', () => {
  test('forgets saved endpoints that are not push services and keeps each account its newest 10', async () => {
    const a = await createUser(t.db)
    const b = await createUser(t.db)
    const bad = [
      'https://127.0.0.1/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://user:pass@fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'https://push.example.org/x',
    ].map((endpoint, i) => `${endpoint}?${a.id}-${i}`)
    const good = `https://web.push.apple.com/${a.id}`
    const many = Array.from({ length: 12 }, (_, i) => `https://fcm.googleapis.com/fcm/send/${b.id}-${i}`)
    await t.db.insert(pushSubscriptions).values([
      ...[...bad, good].map((endpoint) => ({ userId: a.id, endpoint, ...keys })),
      ...many.map((endpoint, i) => ({
        userId: b.id,
        endpoint,
        ...keys,
        createdAt: new Date(Date.UTC(2024, 0, 1 + i)),
      })),
    ])
    const file = new URL('../../../drizzle/0022_push_subscriptions_known_services_and_cap.sql', import.meta.url)
    for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) {
      await t.db.execute(sql.raw(statement))
    }
    const left = async (userId: string) =>
      (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)))
        .map((r) => r.endpoint)
        .sort()
    expect(await left(a.id)).toEqual([good])
    expect(await left(b.id)).toEqual(many.slice(2).sort())
  })
})
