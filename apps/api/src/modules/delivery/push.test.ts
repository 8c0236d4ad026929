import { describe, expect, test } from 'vitest'
import webpush from 'web-push'
import { browserKeys, toStandIn, useSilentPushService } from '../../testing/push.ts'
import { DeliveryError, PushTargetGoneError } from './delivery.types.ts'
import { createWebPushSender } from './push.ts'

const standIn = useSilentPushService()
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:support@tulpar.kz' }
const message = { title: 'Price drop', body: 'Kia Rio, 2019', url: '/wishlist' }
const toAnyHost = () => true

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p
  } catch (error) {
    return error
  }
  throw new Error('expected the delivery to fail')
}

describe('Web Push sender', () => {
  test('a delivery to a push service that never answers ends with a DeliveryError within its timeout', async () => {
    const send = createWebPushSender(vapid, { isAllowed: toAnyHost, lookup: toStandIn, timeoutMs: 300 })
    const before = standIn.connections
    const started = performance.now()
    const error = await rejection(
      send({ endpoint: `https://push.test:${standIn.port}/send/slow`, ...browserKeys() }, message),
    )
    const elapsed = performance.now() - started
    expect(standIn.connections).toBe(before + 1)
    expect(error).toBeInstanceOf(DeliveryError)
    expect((error as DeliveryError).code).toBe('ETIMEDOUT')
    expect(elapsed).toBeGreaterThanOrEqual(250)
    expect(elapsed).toBeLessThan(2_000)
  })

  test('an allowed name that resolves to a loopback address is refused when connecting, before any byte is sent', async () => {
    const send = createWebPushSender(vapid, { isAllowed: toAnyHost, timeoutMs: 2_000 })
    const before = standIn.connections
    const error = await rejection(
      send({ endpoint: `https://localhost:${standIn.port}/send/x`, ...browserKeys() }, message),
    )
    expect(error).toBeInstanceOf(DeliveryError)
    expect((error as DeliveryError).code).toBe('ENONPUBLIC')
    expect(standIn.connections).toBe(before)
  })

  test.each(['127.0.0.1', '[::ffff:127.0.0.1]', '[::1]'])(
    'an address literal that is not public (%s) is refused without connecting',
    async (host) => {
      const send = createWebPushSender(vapid, { isAllowed: toAnyHost, timeoutMs: 2_000 })
      const before = standIn.connections
      const error = await rejection(
        send({ endpoint: `https://${host}:${standIn.port}/send/x`, ...browserKeys() }, message),
      )
      expect((error as DeliveryError).code).toBe('ENONPUBLIC')
      expect(standIn.connections).toBe(before)
    },
  )

  test('a stored endpoint that is not a push service (saved before the allow-list) is gone, never contacted', async () => {
    const send = createWebPushSender(vapid, { lookup: toStandIn, timeoutMs: 2_000 })
    const before = standIn.connections
    const error = await rejection(
      send({ endpoint: `https://169.254.169.254/latest/meta-data/`, ...browserKeys() }, message),
    )
    expect(error).toBeInstanceOf(PushTargetGoneError)
    expect(standIn.connections).toBe(before)
  })
})
