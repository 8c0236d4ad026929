import {
  LangQuery,
  ListingParams,
  ListingViewBody,
  ListingViewResult,
  PhoneReveal,
  Problem,
  SimilarListings,
} from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { pickLocale } from '../../lib/locale.ts'
import { withRetryAfter } from '../../lib/rate-limiter.ts'
import { registerJsonBodyParser } from '../../plugins/json-body.ts'
import { CAR_PAGE_LIMITS } from './car-page.limits.ts'
import type { CarPageService } from './car-page.service.ts'

const { phoneRevealPerIpShort: short, phoneRevealPerIpDay: day } = CAR_PAGE_LIMITS

/** The car page's actions beside GET /cars/{id}/: reveal the seller's number, count a view, similar cars. */
export const carPageRoutes =
  ({ carPage }: { carPage: CarPageService }): FastifyPluginAsyncZod =>
  async (app) => {
    // These POSTs carry no body (or an optional one): an app sending `Content-Type: application/json` with an
    // empty body gets the same answer as one sending nothing. Scoped to this plugin; the depth limit stays.
    registerJsonBodyParser(app, { allowEmpty: true })

    app.post(
      '/cars/:id/phone/',
      {
        schema: {
          tags: ['cars'],
          summary: "Reveal the seller's phone number (counted)",
          description:
            `Published listings only: a sold car answers 409 \`listing.sold\`, a removed one 410 \`listing.gone\`. ` +
            `At most ${short.limit} reveals per ${short.windowSeconds / 60} minutes and ${day.limit} a day per client address (429).`,
          params: ListingParams,
          response: { 200: PhoneReveal, 400: Problem, 404: Problem, 409: Problem, 410: Problem, 429: Problem },
        },
      },
      (req, reply) => withRetryAfter(reply, () => carPage.revealPhone(req.params.id, { ip: req.ip })),
    )

    app.post(
      '/cars/:id/views/',
      {
        schema: {
          tags: ['cars'],
          summary: 'Count a view of the car page (once per visitor per day)',
          description:
            "Send the device's stable `visitorId`; without one the client address and User-Agent identify the " +
            'visitor. Reloads the same day are not counted again (`counted: false`).',
          params: ListingParams,
          body: ListingViewBody.nullish(),
          response: { 200: ListingViewResult, 400: Problem, 404: Problem, 410: Problem },
        },
      },
      async (req) => {
        const { counted, viewsCount } = await carPage.recordView(req.params.id, {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
          visitorId: req.body?.visitorId,
        })
        return { counted, viewsCount }
      },
    )

    app.get(
      '/cars/:id/similar/',
      {
        schema: {
          tags: ['cars'],
          summary: 'Up to 8 similar published cars: same model, then same brand and body type, nearest price',
          description: 'Also answers for a removed (archived) listing, whose page points buyers to similar cars.',
          params: ListingParams,
          querystring: LangQuery,
          response: { 200: SimilarListings, 400: Problem, 404: Problem },
        },
      },
      (req) => carPage.listSimilar(req.params.id, pickLocale(req.query.lang, req.headers['accept-language'])),
    )
  }
