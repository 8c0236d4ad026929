import {
  LangQuery,
  ListingCards,
  ListingCardsQuery,
  ListingDetail,
  ListingParams,
  Problem,
  RECENTLY_VIEWED_LIMIT,
} from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { cacheForGuests } from '../../lib/guest-cache.ts'
import { pickLocale } from '../../lib/locale.ts'
import { listingTag } from '../../lib/page-tags.ts'
import { compileResponse } from '../../plugins/compiled-serializer.ts'
import type { ListingsService } from './listings.service.ts'
import { searchRoutes } from './search.routes.ts'

/**
 * How long a guest's answer may be kept. Changes to the car purge it at once; its view and phone counters do not
 * (a view would purge it), so they may be this far behind, and a purge missed while a process reconnected too.
 */
const GUEST_CAR_SECONDS = 60

export const listingsRoutes =
  ({ listings }: { listings: ListingsService }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(searchRoutes({ listings }))

    app.get(
      '/cars/cards/',
      {
        schema: {
          tags: ['cars'],
          summary: "The cards of given cars on sale (a device's recently viewed cars)",
          description:
            `Up to ${RECENTLY_VIEWED_LIMIT} ids, answered in the order given; sold, removed, unpublished and unknown ` +
            'ones are left out. Never cached: each device asks for its own list, with the prices of now.',
          querystring: ListingCardsQuery,
          response: { 200: compileResponse(ListingCards), 400: Problem },
        },
      },
      async (req) => {
        // Not kept by the guest cache: every device's list is its own, so its entries would only push out pages.
        const { ids, lang } = req.query
        return { results: await listings.listCardsByIds(ids, pickLocale(lang, req.headers['accept-language'])) }
      },
    )

    app.get(
      '/cars/:id/',
      {
        schema: {
          tags: ['cars'],
          summary: 'A car listing with photos, characteristics, options, price history and inspection reports',
          description:
            'Sold cars answer 200 with `status: sold`; removed ones 410 `listing.gone`; drafts and listings under moderation 404. ' +
            "The answer is the same for every reader and may come from the web server's shared cache (`x-cache: HIT`), " +
            'also with a session or token: a change ' +
            'to the car reaches it within a second, its view and phone-reveal counters within 60 s.',
          params: ListingParams,
          querystring: LangQuery,
          response: { 200: compileResponse(ListingDetail), 400: Problem, 404: Problem, 410: Problem },
        },
      },
      async (req) => {
        const car = await listings.getListing(req.params.id, pickLocale(req.query.lang, req.headers['accept-language']))
        // Kept for guests by the web server's cache, purged when the car changes (lib/guest-cache.ts).
        cacheForGuests(req, GUEST_CAR_SECONDS, [listingTag(car.id)])
        return car
      },
    )
  }
