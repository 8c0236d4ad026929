import { LangQuery, ListingDetail, ListingParams, Problem } from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { pickLocale } from '../../lib/locale.ts'
import type { ListingsService } from './listings.service.ts'
import { searchRoutes } from './search.routes.ts'

export const listingsRoutes =
  ({ listings }: { listings: ListingsService }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(searchRoutes({ listings }))

    app.get(
      '/cars/:id/',
      {
        schema: {
          tags: ['cars'],
          summary: 'A car listing with photos, characteristics, options, price history and inspection reports',
          description:
            'Sold cars answer 200 with `status: sold`; removed ones 410 `listing.gone`; drafts and listings under moderation 404.',
          params: ListingParams,
          querystring: LangQuery,
          response: { 200: ListingDetail, 400: Problem, 404: Problem, 410: Problem },
        },
      },
      (req) => listings.getListing(req.params.id, pickLocale(req.query.lang, req.headers['accept-language'])),
    )
  }
