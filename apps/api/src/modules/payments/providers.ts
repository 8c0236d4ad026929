import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { PaymentProviderError, PaymentProviderUnavailableError } from './payments.errors.ts'

/** What a payment provider does for us; the rest (our records, the outcome) is the payments service's. */
interface PaymentProvider {
  readonly name: 'local' | 'kaspi'
  /** The provider's limit for one payment, in tenge. */
  readonly maxAmountKzt: number
  /**
   * Registers the payment; the payer is sent to `checkoutUrl`. Throws PaymentProviderUnavailableError when the
   * provider cannot be reached or does not answer within its bound, PaymentProviderError for an error answer.
   */
  create(p: {
    id: string
    amountKzt: number
    description: string
    returnUrl: string
    callbackUrl: string
  }): Promise<{ checkoutUrl: string }>
  /** Refunds a paid payment in full; a repeat of the same refund must not refund twice. Throws as `create` does. */
  refund(paymentId: string, amountKzt: number): Promise<void>
  /** Whether a notification's exact body was signed by this provider (HMAC-SHA256, hex). */
  isSigned(rawBody: string, signature: string | undefined): boolean
}

/** The local provider also signs: its checkout's buttons confirm through the same signed path as a real webhook. */
export interface LocalPaymentProvider extends PaymentProvider {
  readonly name: 'local'
  sign(rawBody: string): string
}

export interface KaspiPaymentProvider extends PaymentProvider {
  readonly name: 'kaspi'
}

/** The providers there are; `name` tells them apart. */
export type ConfiguredPaymentProvider = LocalPaymentProvider | KaspiPaymentProvider

/** The local checkout's pages (beside /api/payments/local/callback, the provider's notification path). */
export const LOCAL_CHECKOUT_PATH = '/api/payments/local/checkout'

/**
 * The local provider for development and tests: its checkout is our own page (pay, fail or cancel), its state
 * our `payments` table; a refund only records itself. No money moves. The page's outcome is signed with a key
 * derived from `secret` and confirmed like a real provider's notification, so both take one path.
 */
export function createLocalProvider(
  publicUrl: string,
  secret: string,
  maxAmountKzt = 10_000_000,
): LocalPaymentProvider {
  const key = createHmac('sha256', secret).update('tulpar:local-payments').digest('hex')
  return {
    name: 'local',
    maxAmountKzt,
    async create({ id }) {
      return { checkoutUrl: `${publicUrl}${LOCAL_CHECKOUT_PATH}/${id}` }
    },
    // Its bank is our `payments` table: the refund is recorded there by the service ('refunding', then 'refunded').
    async refund() {},
    isSigned: (rawBody, signature) => isSignedBy(key, rawBody, signature),
    sign: (rawBody) => signBody(key, rawBody),
  }
}

export interface KaspiSettings {
  apiUrl: string
  merchantId: string
  apiKey: string
  webhookSecret: string
  maxAmountKzt: number
  /** The bound on one call to the provider (a payer waits on `create`): 5 s unless told. */
  timeoutMs?: number
}

/** What the provider answers to a new payment (the rest of its answer is not ours to rely on). */
const CreatedAnswer = z.object({ checkoutUrl: z.url() })

/** The bound on a call to the provider: a payer waits on it, so a provider that hangs must not hold them long. */
export const PROVIDER_TIMEOUT_MS = 5_000

/**
 * A Kaspi-compatible provider (Kaspi Pay's merchant API is not public; this is the usual shape of a hosted
 * checkout, to be matched to the contract a merchant gets): POST {apiUrl}/payments creates a payment and
 * answers its `checkoutUrl`; the provider later POSTs the outcome to our callback, signed with HMAC-SHA256 of
 * the raw body in `X-Signature`; POST {apiUrl}/payments/{id}/refund refunds.
 */
export function createKaspiProvider(s: KaspiSettings, fetchImpl: typeof fetch = fetch): KaspiPaymentProvider {
  const timeoutMs = s.timeoutMs ?? PROVIDER_TIMEOUT_MS
  async function call(path: string, body: object) {
    try {
      const res = await fetchImpl(`${s.apiUrl.replace(/\/$/, '')}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${s.apiKey}` },
        body: JSON.stringify({ merchantId: s.merchantId, ...body }),
        // Covers the answer's body too: a provider that sends headers and then stalls is cut at the same bound.
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!res.ok) throw new PaymentProviderError(`answered ${res.status} to ${path}`)
      return (await res.json()) as unknown
    } catch (error) {
      if (error instanceof PaymentProviderError) throw error
      if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
        throw new PaymentProviderUnavailableError(`no answer to ${path} within ${timeoutMs} ms`)
      // fetch rejects with a TypeError when the connection cannot be made (refused, reset, DNS).
      if (error instanceof TypeError) throw new PaymentProviderUnavailableError(`${path}: ${error.message}`)
      // What is left is an answer we cannot read (not JSON).
      throw new PaymentProviderError(`unreadable answer to ${path}`)
    }
  }
  return {
    name: 'kaspi',
    maxAmountKzt: s.maxAmountKzt,
    async create(p) {
      const answer = await call('/payments', {
        orderId: p.id,
        amount: p.amountKzt,
        currency: 'KZT',
        description: p.description,
        returnUrl: p.returnUrl,
        callbackUrl: p.callbackUrl,
      })
      const created = CreatedAnswer.safeParse(answer)
      if (!created.success) throw new PaymentProviderError('no checkoutUrl in the answer')
      return { checkoutUrl: created.data.checkoutUrl }
    },
    async refund(paymentId, amountKzt) {
      // The key lets the provider drop a repeat: a refund job retried after a crash must not refund twice.
      await call(`/payments/${encodeURIComponent(paymentId)}/refund`, {
        amount: amountKzt,
        idempotencyKey: `refund:${paymentId}`,
      })
    },
    isSigned: (rawBody, signature) => isSignedBy(s.webhookSecret, rawBody, signature),
  }
}

/** The hex HMAC-SHA256 of `rawBody` under `secret`, as the `X-Signature` of a notification. */
function signBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex')
}

/** Whether `signature` (hex) is the HMAC-SHA256 of `rawBody` under `secret`. */
export function isSignedBy(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false
  const expected = createHmac('sha256', secret).update(rawBody).digest()
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'))
}
