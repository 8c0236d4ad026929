import { createSign } from 'node:crypto'
import webpush from 'web-push'
import { DeliveryError, type PushGateway, PushTargetGoneError } from './delivery.types.ts'

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

/** Sends Web Push (VAPID) with the `web-push` library. */
export function createWebPushSender(options: WebPushOptions): PushGateway['sendWebPush'] {
  return async (subscription, message) => {
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(message),
        {
          vapidDetails: { subject: options.subject, publicKey: options.publicKey, privateKey: options.privateKey },
          TTL: 24 * 3600,
          timeout: 10_000,
        },
      )
    } catch (error) {
      const status = (error as { statusCode?: unknown }).statusCode
      if (status === 404 || status === 410) throw new PushTargetGoneError('webpush')
      throw new DeliveryError('webpush', `Web Push failed: ${error instanceof Error ? error.message : String(error)}`, {
        code: typeof status === 'number' ? String(status) : null,
        cause: error,
      })
    }
  }
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
      signal: AbortSignal.timeout(10_000),
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
      signal: AbortSignal.timeout(10_000),
    })
    if (res.status === 404) throw new PushTargetGoneError('fcm')
    if (!res.ok) {
      const text = await res.text().catch(() => '')
      if (text.includes('UNREGISTERED')) throw new PushTargetGoneError('fcm')
      throw new DeliveryError('fcm', `FCM send failed with ${res.status}`, { code: String(res.status) })
    }
  }
}
