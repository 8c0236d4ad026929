import {
  CheckOrder,
  CheckOrderBody,
  CheckOrderParams,
  CheckPrice,
  Problem,
  ReportShare,
  SharedReportParams,
  SharedVehicleReport,
  VehicleReport,
  VehicleReportList,
} from '@tulpar/contracts'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { withRetryAfter } from '../../lib/rate-limiter.ts'
import { publicRoutes, signedInRoutes } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import { PaymentProviderError, PaymentProviderUnavailableError } from '../payments/index.ts'
import { SHARE_LIMIT } from './report-sharing.ts'
import type { VehicleChecksService } from './vehicle-checks.service.ts'

/** Retry-After on a 429 and on a payment provider that is down or failing (502, 503), then the problem handler. */
async function withRetryAfterPayment<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  return withRetryAfter(reply, async () => {
    try {
      return await run()
    } catch (error) {
      if (error instanceof PaymentProviderError || error instanceof PaymentProviderUnavailableError) {
        // Not an error of ours (the problem handler logs only those), but operators need to see the provider down.
        reply.log.warn({ code: error.code, detail: error.message }, 'payment provider failed')
        reply.header('retry-after', String(error.retryAfterSeconds))
      }
      throw error
    }
  })
}

const PROVIDER_DOWN =
  ' When the payment provider fails (502 `payment.provider_error`) or cannot be reached or does not answer within ' +
  '5 s (503 `payment.provider_unavailable`), the answer carries Retry-After and nothing is stored or charged: the ' +
  'same request may be sent again.'

/** The paid vehicle check: price, orders and their payment, TulparAutoCheck reports and sharing them. */
export const vehicleChecksRoutes =
  ({
    vehicleChecks,
    sessions,
  }: {
    vehicleChecks: VehicleChecksService
    sessions: SessionResolver
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const anyone = publicRoutes(app, { tags: ['vehicle-checks'] })
    const signedIn = signedInRoutes(app, sessions, { tags: ['vehicle-checks'] })

    anyone.get('/vehicle-checks/price/', {
      summary: 'The price of a full check and valuation, and what the report holds',
      response: { 200: CheckPrice },
      handler: async () => vehicleChecks.price(),
    })

    signedIn.post('/vehicle-checks/orders/', {
      summary: 'Order a check of a VIN or body number; answers the order with the checkout URL to pay at',
      description:
        'Signed-in users only (401). A VIN that is neither a VIN nor a body number is 400. At most 20 orders an ' +
        'hour per user (429). 503 `payment.unavailable` when no payment provider is configured, 422 over its ' +
        `limit per payment.${PROVIDER_DOWN}`,
      body: CheckOrderBody,
      response: { 201: CheckOrder, 422: Problem, 429: Problem, 502: Problem, 503: Problem },
      handler: (user, req, reply) =>
        withRetryAfterPayment(reply, async () => {
          const order = await vehicleChecks.createOrder(user, req.body)
          reply.code(201)
          return order
        }),
    })

    signedIn.get('/vehicle-checks/orders/:id/', {
      summary: 'An order of mine: its payment and report status',
      description: "Someone else's order is 404.",
      params: CheckOrderParams,
      response: { 200: CheckOrder },
      handler: (user, req) => vehicleChecks.getOrder(user, req.params.id),
    })

    signedIn.post('/vehicle-checks/orders/:id/pay/', {
      summary: 'Pay again after a failed or cancelled payment (a paid order is 409)',
      description: `At most 20 orders and payments an hour per user (429).${PROVIDER_DOWN}`,
      params: CheckOrderParams,
      response: { 200: CheckOrder, 409: Problem, 422: Problem, 429: Problem, 502: Problem, 503: Problem },
      handler: (user, req, reply) => withRetryAfterPayment(reply, () => vehicleChecks.payOrder(user, req.params.id)),
    })

    signedIn.get('/vehicle-checks/reports/', {
      summary: 'My TulparAutoCheck reports: name, date, VIN, status',
      response: { 200: VehicleReportList },
      handler: (user) => vehicleChecks.listReports(user),
    })

    signedIn.get('/vehicle-checks/reports/:id/', {
      summary: "A report of mine ('generating' until ready, then its content)",
      description: "Someone else's report is 404.",
      params: CheckOrderParams,
      response: { 200: VehicleReport },
      handler: (user, req) => vehicleChecks.getReport(user, req.params.id),
    })

    signedIn.put('/vehicle-checks/reports/:id/share/', {
      summary: 'Share a report of mine by link (idempotent: a shared report keeps its link)',
      description:
        'The owner consents that anyone with the link sees the report: the car, the VIN and what was found, ' +
        'never who ordered it or the payment. The token is 256 random bits. A report that is not ready ' +
        "(still generating, or failed) is 409 `check.report_not_ready`; someone else's is 404. At most " +
        `${SHARE_LIMIT.limit} a user per hour (429).`,
      params: CheckOrderParams,
      response: { 200: ReportShare, 409: Problem, 429: Problem },
      handler: (user, req, reply) => withRetryAfter(reply, () => vehicleChecks.shareReport(user, req.params.id)),
    })

    signedIn.delete('/vehicle-checks/reports/:id/share/', {
      summary: 'Stop sharing a report of mine: its link is 404 from now on (idempotent)',
      description: "Sharing it again makes a new link. Someone else's report is 404.",
      params: CheckOrderParams,
      response: { 200: z.object({ message: z.string() }) },
      handler: async (user, req) => {
        await vehicleChecks.stopSharingReport(user, req.params.id)
        return { message: 'stopped' }
      },
    })

    anyone.get('/vehicle-checks/shared/:token/', {
      summary: 'A report its owner shares, for anyone with the link',
      description:
        'No sign-in. The car, the VIN and the findings only (no owner, order or payment). A link whose ' +
        'sharing was stopped, or any other string, is 404 `check.shared_not_found`.',
      params: SharedReportParams,
      response: { 200: SharedVehicleReport, 400: Problem, 404: Problem },
      handler: async (req, reply) => {
        const report = await vehicleChecks.getSharedReport(req.params.token)
        // Not kept by caches (a stopped link must stop at once) nor indexed (a link, not a page for search).
        reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex')
        return report
      },
    })
  }
