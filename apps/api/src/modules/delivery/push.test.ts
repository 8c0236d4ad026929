import { createECDH, randomBytes } from 'node:crypto'
import { type AddressInfo, createServer, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import webpush from 'web-push'
import { DeliveryError, PushTargetGoneError } from './delivery.types.ts'
import { createWebPushSender, type WebPushGuards } from './push.ts'

/**
 * A stand-in for a push service that never answers: it takes the connection and says nothing, not even the TLS
 * handshake (the slowest a push service can be). It counts connections, so a refused delivery shows as none.
 */
const sockets = new Set<Socket>()
let connections = 0
const server = createServer((socket) => {
  connections++
  sockets.add(socket)
  socket.on('error', () => {})
})
let port = 0
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  for (const s of sockets) s.destroy()
  await new Promise((resolve) => server.close(resolve))
})

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:support@tulpar.kz' }
const browserKeys = () => {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') }
}
const message = { title: 'Price drop', body: 'Kia Rio, 2019', url: '/wishlist' }
const toAnyHost = () => true
/** Resolves every name to the stand-in, as a push service's name would resolve to its address. */
const toStandIn: NonNullable<WebPushGuards['lookup']> = (_host, options, callback) =>
  typeof options === 'object' && options.all
    ? callback(null, [{ address: '127.0.0.1', family: 4 }])
    : callback(null, '127.0.0.1', 4)

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
    const before = connections
    const started = performance.now()
    const error = await rejection(send({ endpoint: `https://push.test:${port}/send/slow`, ...browserKeys() }, message))
    const elapsed = performance.now() - started
    expect(connections).toBe(before + 1)
    expect(error).toBeInstanceOf(DeliveryError)
    expect((error as DeliveryError).code).toBe('ETIMEDOUT')
    expect(elapsed).toBeGreaterThanOrEqual(250)
    expect(elapsed).toBeLessThan(2_000)
  })

  test('an allowed name that resolves to a loopback address is refused when connecting, before any byte is sent', async () => {
    const send = createWebPushSender(vapid, { isAllowed: toAnyHost, timeoutMs: 2_000 })
    const before = connections
    const error = await rejection(send({ endpoint: `https://localhost:${port}/send/x`, ...browserKeys() }, message))
    expect(error).toBeInstanceOf(DeliveryError)
    expect((error as DeliveryError).code).toBe('ENONPUBLIC')
    expect(connections).toBe(before)
  })

  test.each(['127.0.0.1', '[::ffff:127.0.0.1]', '[::1]'])(
    'an address literal that is not public (%s) is refused without connecting',
    async (host) => {
      const send = createWebPushSender(vapid, { isAllowed: toAnyHost, timeoutMs: 2_000 })
      const before = connections
      const error = await rejection(send({ endpoint: `https://${host}:${port}/send/x`, ...browserKeys() }, message))
      expect((error as DeliveryError).code).toBe('ENONPUBLIC')
      expect(connections).toBe(before)
    },
  )

  test('a stored endpoint that is not a push service (saved before the allow-list) is gone, never contacted', async () => {
    const send = createWebPushSender(vapid, { lookup: toStandIn, timeoutMs: 2_000 })
    const before = connections
    const error = await rejection(
      send({ endpoint: `https://169.254.169.254/latest/meta-data/`, ...browserKeys() }, message),
    )
    expect(error).toBeInstanceOf(PushTargetGoneError)
    expect(connections).toBe(before)
  })
})
