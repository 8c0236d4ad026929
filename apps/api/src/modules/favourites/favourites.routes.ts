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
import { signedInRoutes } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import type { FavouritesService } from './favourites.service.ts'

export const favouritesRoutes =
  ({ favourites, sessions }: { favourites: FavouritesService; sessions: SessionResolver }): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = signedInRoutes(app, sessions, { tags: ['favourites'] })

    signedIn.get('/favourites/', {
      summary: 'My favourites, newest first: current price, the change since saved, sold and removed cars',
      response: { 200: FavouriteList },
      handler: (user, req) =>
        favourites.listFavourites(
          user,
          pickLocale((req.query as { lang?: unknown } | undefined)?.lang, req.headers['accept-language']),
        ),
    })

    signedIn.get('/favourites/ids/', {
      summary: 'The ids of my favourites (to mark the hearts)',
      response: { 200: FavouriteIds },
      handler: (user) => favourites.listFavouriteIds(user),
    })

    signedIn.put('/favourites/:listingId/', {
      summary: 'Add a published car to my favourites (idempotent)',
      description: `At most ${FAVOURITES_LIMIT} (409 \`favourites.limit\`); a car that is not published is 404.`,
      params: FavouriteParams,
      response: { 200: FavouritesChanged, 409: Problem },
      handler: (user, req) => favourites.addFavourite(user, req.params.listingId),
    })

    signedIn.delete('/favourites/:listingId/', {
      summary: 'Remove a car from my favourites (idempotent)',
      params: FavouriteParams,
      response: { 200: FavouritesChanged },
      handler: (user, req) => favourites.removeFavourite(user, req.params.listingId),
    })

    signedIn.delete('/favourites/', {
      summary: 'Clear all my favourites',
      response: { 200: FavouritesChanged },
      handler: (user) => favourites.clearFavourites(user),
    })

    signedIn.post('/favourites/merge/', {
      summary: 'Save the cars a guest hearted in this browser to my account (after sign-in)',
      description: 'Unknown or unpublished ids are skipped; 409 `favourites.limit` when they would not all fit.',
      bodyLimit: 16 * 1024,
      body: MergeFavouritesBody,
      response: { 200: FavouritesChanged, 409: Problem },
      handler: (user, req) => favourites.mergeFavourites(user, req.body.listingIds),
    })
  }
