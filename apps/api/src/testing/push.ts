import { createECDH, randomBytes } from 'node:crypto'
import { type AddressInfo, createServer, type Socket } from 'node:net'
import { afterAll, beforeAll } from 'vitest'
import type { createWebPushSender } from '../modules/delivery/index.ts'

/* Web Push in tests: addresses that are not a push service, a browser's keys, and a push service that never answers. */

/** Endpoints that are not a browser's push service: private, loopback and metadata addresses, tricks and look-alikes. */
export const NOT_PUSH_SERVICES = [
  'https://127.0.0.1/push',
  'https://localhost/push',
  'https://10.0.0.5/push',
  'https://192.168.1.1/push',
  'https://169.254.169.254/latest/meta-data/',
  'https://[::1]/push',
  'https://[::ffff:127.0.0.1]/push',
  'https://user:pass@fcm.googleapis.com/fcm/send/x',
  'http://fcm.googleapis.com/fcm/send/x',
  'https://fcm.googleapis.com:8443/fcm/send/x',
  'https://push.example.org/send/x',
  'https://fcm.googleapis.com.evil.example/x',
]

/** A browser subscription's keys, as a browser makes them (a P-256 public key and a 16-byte secret). */
export function browserKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') }
}

type Lookup = NonNullable<NonNullable<Parameters<typeof createWebPushSender>[1]>['lookup']>
/** Resolves every name to 127.0.0.1, as a push service's name would resolve to its address (the stand-in's). */
export const toStandIn: Lookup = (_host, options, callback) =>
  typeof options === 'object' && options.all
    ? callback(null, [{ address: '127.0.0.1', family: 4 }])
    : callback(null, '127.0.0.1', 4)

/**
 * The file's stand-in for a push service that never answers: it takes the connection and says nothing, not even the
 * TLS handshake (the slowest a push service can be). Listening on 127.0.0.1 from a beforeAll registered here, closed
 * after the file's tests. It counts connections (a refused delivery shows as none) and calls `connected` on each.
 */
export function useSilentPushService() {
  const sockets = new Set<Socket>()
  const service = { port: 0, connections: 0, connected: () => {} }
  const server = createServer((socket) => {
    service.connections++
    sockets.add(socket)
    socket.on('error', () => {})
    service.connected()
  })
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    service.port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    for (const s of sockets) s.destroy()
    await new Promise((resolve) => server.close(resolve))
  })
  return service
}
