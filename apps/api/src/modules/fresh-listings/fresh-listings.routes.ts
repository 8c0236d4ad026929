import { ListingParams, Problem, StillForSale, StillForSaleLinkQuery } from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { publicRoutes, signedInRoutes } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import type { FreshListingsService } from './fresh-listings.service.ts'

const LINK =
  'The signed link from the email, SMS or inbox message asking the seller; no sign-in. 400 `still_for_sale.link_invalid` ' +
  'for a forged link or another listing’s, 410 `still_for_sale.link_expired` after 30 days, 409 ' +
  '`still_for_sale.not_on_sale` when the listing is sold, removed or back in moderation, 429 past the per-address limits.'
const linkResponses = { 200: StillForSale, 409: Problem, 410: Problem, 429: Problem }

export const freshListingsRoutes =
  ({
    freshListings,
    sessions,
  }: {
    freshListings: FreshListingsService
    sessions: SessionResolver
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const anyone = publicRoutes(app, { tags: ['listings'] })
    const signedIn = signedInRoutes(app, sessions, { tags: ['selling'] })

    anyone.get('/cars/:id/still-for-sale/', {
      summary: 'What the seller’s "still for sale" link would confirm (GET changes nothing: mail scanners open links)',
      description: LINK,
      params: ListingParams,
      querystring: StillForSaleLinkQuery,
      response: linkResponses,
      handler: async (req, reply) => {
        reply.header('cache-control', 'no-store')
        return freshListings.describeLink(req.params.id, req.query, { ip: req.ip })
      },
    })

    anyone.post('/cars/:id/still-for-sale/', {
      summary: 'The seller confirms the car is still for sale by the signed link (a paused listing comes back)',
      description: LINK,
      params: ListingParams,
      querystring: StillForSaleLinkQuery,
      response: linkResponses,
      handler: (req) => freshListings.confirmByLink(req.params.id, req.query, { ip: req.ip }),
    })

    signedIn.post('/listings/:id/still-for-sale/', {
      summary: 'My car is still for sale: confirms my listing, and brings it back when it was paused',
      description:
        "The owner only, or for a dealer's car any of the dealer's people: anyone else, staff too, gets 404. 409 " +
        '`still_for_sale.not_on_sale` unless the listing is published or paused.',
      params: ListingParams,
      response: { 200: StillForSale, 409: Problem },
      handler: (user, req) => freshListings.confirmAsOwner(user, req.params.id),
    })
  }
