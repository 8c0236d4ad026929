import {
  FAVOURITES_LIMIT,
  FavouriteIds,
  FavouriteList,
  FavouriteParams,
  FavouritesChanged,
  MergeFavouritesBody,
  Problem,
} from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { pickLocale } from '../../lib/locale.ts'
import { signedInSchema } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import type { FavouritesService } from './favourites.service.ts'

const tags = ['favourites']

export const favouritesRoutes =
  ({ favourites, sessions }: { favourites: FavouritesService; sessions: SessionResolver }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/favourites/',
      {
        schema: signedInSchema({
          tags,
          summary: 'My favourites, newest first: current price, the change since saved, sold and removed cars',
          response: { 200: FavouriteList },
        }),
      },
      async (req) =>
        favourites.listFavourites(
          await sessions.requireUser(req),
          pickLocale((req.query as { lang?: unknown } | undefined)?.lang, req.headers['accept-language']),
        ),
    )

    app.get(
      '/favourites/ids/',
      {
        schema: signedInSchema({
          tags,
          summary: 'The ids of my favourites (to mark the hearts)',
          response: { 200: FavouriteIds },
        }),
      },
      async (req) => favourites.listFavouriteIds(await sessions.requireUser(req)),
    )

    app.put(
      '/favourites/:listingId/',
      {
        schema: signedInSchema({
          tags,
          summary: 'Add a published car to my favourites (idempotent)',
          description: `At most ${FAVOURITES_LIMIT} (409 \`favourites.limit\`); a car that is not published is 404.`,
          params: FavouriteParams,
          response: { 200: FavouritesChanged, 409: Problem },
        }),
      },
      async (req) => favourites.addFavourite(await sessions.requireUser(req), req.params.listingId),
    )

    app.delete(
      '/favourites/:listingId/',
      {
        schema: signedInSchema({
          tags,
          summary: 'Remove a car from my favourites (idempotent)',
          params: FavouriteParams,
          response: { 200: FavouritesChanged },
        }),
      },
      async (req) => favourites.removeFavourite(await sessions.requireUser(req), req.params.listingId),
    )

    app.delete(
      '/favourites/',
      {
        schema: signedInSchema({
          tags,
          summary: 'Clear all my favourites',
          response: { 200: FavouritesChanged },
        }),
      },
      async (req) => favourites.clearFavourites(await sessions.requireUser(req)),
    )

    app.post(
      '/favourites/merge/',
      {
        bodyLimit: 16 * 1024,
        schema: signedInSchema({
          tags,
          summary: 'Save the cars a guest hearted in this browser to my account (after sign-in)',
          description: 'Unknown or unpublished ids are skipped; 409 `favourites.limit` when they would not all fit.',
          body: MergeFavouritesBody,
          response: { 200: FavouritesChanged, 409: Problem },
        }),
      },
      async (req) => favourites.mergeFavourites(await sessions.requireUser(req), req.body.listingIds),
    )
  }
