import {
  LangQuery,
  ListingParams,
  ListingViewBody,
  ListingViewResult,
  PhoneReveal,
  Problem,
  SIMILAR_BAND_MINUTES,
  SIMILAR_BAND_RATIO,
  SimilarBandListings,
  SimilarBandQuery,
  SimilarListings,
} from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { cacheForGuests } from '../../lib/guest-cache.ts'
import { pickLocale } from '../../lib/locale.ts'
import { withRetryAfter } from '../../lib/rate-limiter.ts'
import { compileResponse } from '../../plugins/compiled-serializer.ts'
import { registerJsonBodyParser } from '../../plugins/json-body.ts'
import { bandAnswerTags } from './car-page.bands.ts'
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
      '/cars/similar/',
      {
        schema: {
          tags: ['cars'],
          summary: "A price band's similar cars: the list a car page shows (decision 045)",
          description:
            `Up to 9 published cars (a page drops its own car and shows 8): the model's nearest in price, then the ` +
            `brand's of the body type, then the body type's. A band is the cars of one model and body type whose ` +
            `prices are within one ${Math.round((SIMILAR_BAND_RATIO - 1) * 100)}% step (\`band\` = floor(log base ` +
            `${SIMILAR_BAND_RATIO} of the price)); every car of it gets the same answer, nearest a price in the band ` +
            `that moves every ${SIMILAR_BAND_MINUTES} minutes. The same for every reader, and may come from the web ` +
            "server's shared cache (`x-cache: HIT`) until its window ends; a change to a car shown, or a car of a " +
            'model shown coming on sale, reaches it within a second.',
          querystring: SimilarBandQuery,
          response: { 200: compileResponse(SimilarBandListings), 400: Problem },
        },
      },
      async (req) => {
        const { until, results } = await carPage.listBand(
          req.query,
          pickLocale(req.query.lang, req.headers['accept-language']),
        )
        // Kept until the band's window ends (lib/guest-cache.ts); a car shown that changes, or a car of a model shown
        // coming on sale, purges it sooner (bandAnswerTags).
        const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000))
        cacheForGuests(req, seconds, bandAnswerTags(results))
        return { results }
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
