import { Problem } from '@tulpar/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pickLocale } from '../../lib/locale.ts'
import { STAND_IN_PAGE_CSP } from '../../lib/stand-in-page.ts'
import { renderLocalCheckout } from './local-checkout.page.ts'
import { PaymentNotFoundError } from './payments.errors.ts'
import type { PaymentsService } from './payments.service.ts'
import { LOCAL_CHECKOUT_PATH, type LocalPaymentProvider } from './providers.ts'

const PaymentParams = z.strictObject({ id: z.uuid() })
const OutcomeParams = PaymentParams.extend({ outcome: z.enum(['pay', 'fail', 'cancel']) })
const OUTCOME = { pay: 'paid', fail: 'failed', cancel: 'cancelled' } as const

/**
 * The local provider's checkout page and its three buttons (plain HTML forms: their empty bodies are ignored).
 * A button's outcome is signed and confirmed as the provider's notification would be: one path for both.
 */
async function localCheckoutRoutes(scoped: FastifyInstance, payments: PaymentsService, local: LocalPaymentProvider) {
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
      .header('content-security-policy', STAND_IN_PAGE_CSP)
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
      const notification = JSON.stringify({ paymentId: p.id, status: outcome })
      await payments.confirm(notification, local.sign(notification))
      const back = `${p.returnPath}${p.returnPath.includes('?') ? '&' : '?'}payment=${outcome}`
      return reply.header('cache-control', 'no-store').redirect(back, 303)
    },
  )
}

/**
 * The provider's signed notification of a payment's outcome (the local provider's too, so tests and scripts can
 * play the provider). The signature covers the exact bytes sent, so the body is read as text.
 */
async function callbackRoute(scoped: FastifyInstance, payments: PaymentsService, provider: string) {
  scoped.removeContentTypeParser('application/json')
  scoped.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16_384 }, (_req, body, done) =>
    done(null, body),
  )
  scoped.withTypeProvider<ZodTypeProvider>().post(
    `/api/payments/${provider}/callback`,
    {
      schema: {
        tags: ['payments'],
        summary: "The payment provider's signed notification of a payment's outcome",
        description:
          'Body `{ paymentId, status: paid | failed | cancelled }`; HMAC-SHA256 of the exact body, hex, in ' +
          'X-Signature (401 otherwise). A body that names no payment and outcome is 400, an unknown payment 404. ' +
          'A repeated notification changes nothing.',
        response: { 200: z.object({ ok: z.literal(true) }), 400: Problem, 401: Problem, 404: Problem },
      },
    },
    async (req) => {
      const raw = typeof req.body === 'string' ? req.body : ''
      const signature = req.headers['x-signature']
      await payments.confirm(raw, typeof signature === 'string' ? signature : undefined)
      return { ok: true as const }
    },
  )
}

/**
 * The configured provider's notification route, and the local provider's checkout (only when PAYMENT_PROVIDER is
 * local: development and tests).
 */
export function registerPaymentRoutes(app: FastifyInstance, { payments }: { payments: PaymentsService }) {
  const provider = payments.provider
  if (!provider) return
  app.register(async (scoped) => callbackRoute(scoped, payments, provider.name))
  if (provider.name === 'local') app.register(async (scoped) => localCheckoutRoutes(scoped, payments, provider))
}
