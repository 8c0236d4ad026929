import { ListingFacets, ListingFacetsQuery, ListingPage, ListingSearchQuery, Problem } from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { cacheForGuests } from '../../lib/guest-cache.ts'
import { pickLocale } from '../../lib/locale.ts'
import { listTags } from '../../lib/page-tags.ts'
import { compileResponse } from '../../plugins/compiled-serializer.ts'
import type { ListingsService } from './listings.service.ts'

/**
 * How long a guest's search answer may be kept (the catalogue pages' time): a car published, sold or changed purges
 * it at once, a new price of a car it shows too; a new price of a car it does not show, which may now belong in it,
 * within this time.
 */
const GUEST_LIST_SECONDS = 60

/** The catalogue search and the filter-list counts. */
export const searchRoutes =
  ({ listings }: { listings: ListingsService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/cars/',
      {
        schema: {
          tags: ['cars'],
          summary: 'Search published listings (every filter and sort, pages of 20 or a keyset cursor)',
          description:
            'Numbered pages go up to 100; `nextCursor` continues past any page (infinite scroll). Every sort ' +
            'breaks ties by id. `count` is exact for brand/model/city/newness filters, for a page that is not ' +
            'full, and for any filter within a brand/model/city of at most 2,000 listings; otherwise it is an ' +
            'estimate with `countIsExact: false`. Unknown brand, model or city slugs give an empty page. ' +
            'Unknown or malformed parameters answer 400 with per-field errors. The answer is the same for every ' +
            "reader and may come from the web server's shared cache (`x-cache: HIT`), also with a session or token: " +
            'a car published, sold or changed reaches it ' +
            'within a second, as does a new price of a car it shows; a car whose new price now matches, within 60 s.',
          querystring: ListingSearchQuery,
          response: { 200: compileResponse(ListingPage), 400: Problem },
        },
      },
      async (req) => {
        const page = await listings.searchListings(
          req.query,
          pickLocale(req.query.lang, req.headers['accept-language']),
        )
        // Kept for guests like the catalogue's pages, purged by what changes in them (lib/guest-cache.ts).
        cacheForGuests(
          req,
          GUEST_LIST_SECONDS,
          listTags(
            { brand: req.query.brand, model: req.query.model, city: req.query.city },
            page.results.map((car) => car.id),
          ),
        )
        return page
      },
    )

    app.get(
      '/cars/facets/',
      {
        schema: {
          tags: ['cars'],
          summary: 'Published listings per brand (and per model of `brand`), optionally within a city',
          description:
            'Exact and current: the totals are kept by database triggers in the same transaction as the ' +
            'listing change. Only brands and models with listings are listed, by name.',
          querystring: ListingFacetsQuery,
          response: { 200: ListingFacets, 400: Problem },
        },
      },
      (req) => listings.listFacets(req.query),
    )
  }
