import { Problem } from '@tulpar/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pickLocale } from '../../lib/locale.ts'
import { renderLocalCheckout } from './local-checkout.page.ts'
import { PaymentNotFoundError, PaymentSignatureError } from './payments.errors.ts'
import type { PaymentsService } from './payments.service.ts'
import { isSignedBy, LOCAL_CHECKOUT_PATH } from './providers.ts'

const PaymentParams = z.strictObject({ id: z.uuid() })
const OutcomeParams = PaymentParams.extend({ outcome: z.enum(['pay', 'fail', 'cancel']) })
const OUTCOME = { pay: 'paid', fail: 'failed', cancel: 'cancelled' } as const
/** CSP for the checkout page: inline styles, no scripts, forms post to itself. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'"

const Notification = z.object({
  paymentId: z.string().min(1).max(100),
  status: z.enum(['paid', 'failed', 'cancelled']),
})

/** The local provider's checkout page and its three buttons (plain HTML forms: their empty bodies are ignored). */
async function localCheckoutRoutes(scoped: FastifyInstance, payments: PaymentsService) {
  scoped.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  )
  const typed = scoped.withTypeProvider<ZodTypeProvider>()
  typed.get(`${LOCAL_CHECKOUT_PATH}/:id`, { schema: { hide: true, params: PaymentParams } }, async (req, reply) => {
    const p = await payments.findPayment(req.params.id)
    if (!p) throw new PaymentNotFoundError()
    const html = renderLocalCheckout({
      locale: pickLocale(undefined, req.headers['accept-language']),
      amountKzt: p.amountKzt,
      action: `${LOCAL_CHECKOUT_PATH}/${p.id}`,
      settled: p.status !== 'pending',
      returnPath: p.returnPath,
    })
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', PAGE_CSP)
      .type('text/html; charset=utf-8')
      .send(html)
  })
  typed.post(
    `${LOCAL_CHECKOUT_PATH}/:id/:outcome`,
    { schema: { hide: true, params: OutcomeParams } },
    async (req, reply) => {
      const p = await payments.findPayment(req.params.id)
      if (!p) throw new PaymentNotFoundError()
      const outcome = OUTCOME[req.params.outcome]
      await payments.settle(p.id, outcome)
      const back = `${p.returnPath}${p.returnPath.includes('?') ? '&' : '?'}payment=${outcome}`
      return reply.header('cache-control', 'no-store').redirect(back, 303)
    },
  )
}

/** The Kaspi-compatible provider's signed notification; the signature covers the exact bytes sent. */
async function kaspiCallbackRoute(scoped: FastifyInstance, payments: PaymentsService, webhookSecret: string) {
  scoped.removeContentTypeParser('application/json')
  scoped.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16_384 }, (_req, body, done) =>
    done(null, body),
  )
  scoped.withTypeProvider<ZodTypeProvider>().post(
    '/api/payments/kaspi/callback',
    {
      schema: {
        tags: ['payments'],
        summary: "The payment provider's signed notification of a payment's outcome",
        description: 'HMAC-SHA256 of the body in X-Signature (401 otherwise). A repeated notification changes nothing.',
        response: { 200: z.object({ ok: z.literal(true) }), 400: Problem, 401: Problem, 404: Problem },
      },
    },
    async (req) => {
      const raw = typeof req.body === 'string' ? req.body : ''
      const signature = req.headers['x-signature']
      if (!isSignedBy(webhookSecret, raw, typeof signature === 'string' ? signature : undefined))
        throw new PaymentSignatureError()
      const n = Notification.parse(JSON.parse(raw))
      await payments.settle(n.paymentId, n.status)
      return { ok: true as const }
    },
  )
}

/**
 * The local provider's checkout (only when PAYMENT_PROVIDER is local: development and tests) and the
 * Kaspi-compatible provider's notification (only when it is configured).
 */
export function registerPaymentRoutes(
  app: FastifyInstance,
  { payments, webhookSecret }: { payments: PaymentsService; webhookSecret: string | null },
) {
  if (payments.provider?.name === 'local') app.register(async (scoped) => localCheckoutRoutes(scoped, payments))
  if (payments.provider?.name === 'kaspi' && webhookSecret)
    app.register(async (scoped) => kaspiCallbackRoute(scoped, payments, webhookSecret))
}
