import { createSign } from 'node:crypto'
import { Agent, request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import webpush from 'web-push'
import { isPublicAddress, publicAddressLookup } from '../../lib/public-address.ts'
import { DeliveryError, type PushGateway, PushTargetGoneError } from './delivery.types.ts'
import { isWebPushEndpoint } from './push-endpoint.ts'

export interface WebPushOptions {
  publicKey: string
  privateKey: string
  /** mailto: or https: contact for the push service. */
  subject: string
}

export interface FcmOptions {
  projectId: string
  clientEmail: string
  /** The service account's PEM private key. */
  privateKey: string
  fetch?: typeof fetch
}

/** How long one push (Web Push or FCM) may take, connection and answer included: a job waits on nothing longer. */
const PUSH_TIMEOUT_MS = 5_000

/**
 * What the sender trusts, for tests only: a stand-in push service listens on 127.0.0.1 on a port of its own,
 * which the real rules refuse. Production code never passes this (`createDelivery` does not).
 */
export interface WebPushGuards {
  isAllowed?: (endpoint: string) => boolean
  lookup?: typeof publicAddressLookup
  timeoutMs?: number
}

/**
 * Sends Web Push (VAPID; web-push builds and encrypts the request, we send it). Only to a known push service
 * (`isWebPushEndpoint`), only to a public address (checked when connecting: a name can resolve anywhere), within
 * `PUSH_TIMEOUT_MS` for everything. A subscription whose endpoint is not a push service (saved before the
 * allow-list) or that the service says is gone (404/410) throws PushTargetGoneError: forget it, do not retry.
 */
export function createWebPushSender(options: WebPushOptions, guards: WebPushGuards = {}): PushGateway['sendWebPush'] {
  const isAllowed = guards.isAllowed ?? isWebPushEndpoint
  const lookup = guards.lookup ?? publicAddressLookup
  const timeoutMs = guards.timeoutMs ?? PUSH_TIMEOUT_MS
  // Connections kept between deliveries (a broadcast sends many to the same service); each is opened through the
  // lookup that checks the address, so a kept one was checked too.
  const agent = new Agent({ keepAlive: true, lookup })
  return async (subscription, message) => {
    if (!isAllowed(subscription.endpoint)) throw new PushTargetGoneError('webpush')
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      {
        vapidDetails: { subject: options.subject, publicKey: options.publicKey, privateKey: options.privateKey },
        TTL: 24 * 3600,
      },
    )
    const url = new URL(request.endpoint)
    const host = url.hostname.replace(/^\[|\]$/g, '')
    // Node connects to an IP literal without a lookup; the allow-list has none, but a test's may.
    if (isIP(host) !== 0 && !isPublicAddress(host)) {
      throw new DeliveryError('webpush', `Web Push refused: ${host} is not a public address`, { code: 'ENONPUBLIC' })
    }
    let status: number
    let answer: string
    try {
      ;({ status, answer } = await post(url, request.headers, request.body, agent, timeoutMs))
    } catch (error) {
      const code = (error as { code?: unknown }).code
      throw new DeliveryError('webpush', `Web Push failed: ${error instanceof Error ? error.message : String(error)}`, {
        code: typeof code === 'string' ? code : null,
        cause: error,
      })
    }
    if (status === 404 || status === 410) throw new PushTargetGoneError('webpush')
    if (status < 200 || status > 299) {
      throw new DeliveryError('webpush', `Web Push failed with ${status}: ${answer}`, { code: String(status) })
    }
  }
}

/** One HTTPS POST, everything (connecting, TLS, the answer) within `timeoutMs`; the answer's first 1 KB kept. */
function post(
  url: URL,
  headers: Record<string, string | number>,
  body: Buffer | null,
  agent: Agent,
  timeoutMs: number,
): Promise<{ status: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const signal = AbortSignal.timeout(timeoutMs)
    const fail = (error: Error) =>
      reject(
        signal.aborted ? Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' }) : error,
      )
    const req = httpsRequest(url, { method: 'POST', headers, agent, signal }, (res) => {
      let answer = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        if (answer.length < 1024) answer += chunk.slice(0, 1024 - answer.length)
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, answer }))
      res.on('error', fail)
      res.on('close', () => {
        if (!res.complete) fail(new Error('the connection closed before the answer ended'))
      })
    })
    req.on('error', fail)
    req.end(body ?? undefined)
  })
}

/** Sends through FCM's HTTP v1 API with a service account (OAuth 2 JWT grant, token kept until it expires). */
export function createFcmSender(options: FcmOptions): PushGateway['sendFcm'] {
  const doFetch = options.fetch ?? fetch
  let cached: { token: string; expiresAt: number } | null = null

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token
    const now = Math.floor(Date.now() / 1000)
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
    const unsigned = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({
      iss: options.clientEmail,
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
      aud: 'https://oauth2.googleapis.com/token',
      iat: now,
      exp: now + 3600,
    })}`
    const signature = createSign('RSA-SHA256').update(unsigned).sign(options.privateKey).toString('base64url')
    const res = await doFetch('https://oauth2.googleapis.com/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: `${unsigned}.${signature}`,
      }),
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    })
    const body = (await res.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null
    if (!res.ok || typeof body?.access_token !== 'string') {
      throw new DeliveryError('fcm', `FCM token request failed with ${res.status}`, { code: String(res.status) })
    }
    const ttl = typeof body.expires_in === 'number' ? body.expires_in : 3600
    cached = { token: body.access_token, expiresAt: Date.now() + ttl * 1000 }
    return cached.token
  }

  return async (token, message) => {
    const res = await doFetch(`https://fcm.googleapis.com/v1/projects/${options.projectId}/messages:send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        message: {
          token,
          notification: { title: message.title, body: message.body },
          data: { url: message.url },
        },
      }),
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    })
    if (res.status === 404) throw new PushTargetGoneError('fcm')
    if (!res.ok) {
      const text = await res.text().catch(() => '')
      if (text.includes('UNREGISTERED')) throw new PushTargetGoneError('fcm')
      throw new DeliveryError('fcm', `FCM send failed with ${res.status}`, { code: String(res.status) })
    }
  }
}
