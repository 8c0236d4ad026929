import {
  CreateSavedSearchBody,
  Problem,
  SAVED_SEARCHES_LIMIT,
  SavedSearch,
  SavedSearchList,
  SavedSearchParams,
  UpdateSavedSearchBody,
} from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pickLocale } from '../../lib/locale.ts'
import { signedInRoutes } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import type { SavedSearchesService } from './saved-searches.service.ts'

export const savedSearchesRoutes =
  ({
    savedSearches,
    sessions,
  }: {
    savedSearches: SavedSearchesService
    sessions: SessionResolver
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = signedInRoutes(app, sessions, { tags: ['saved searches'] })

    signedIn.get('/saved-searches/', {
      summary: 'My saved searches, each with the cars matched since I last opened it',
      response: { 200: SavedSearchList },
      handler: (user) => savedSearches.listSavedSearches(user),
    })

    signedIn.post('/saved-searches/', {
      summary: 'Save the catalogue filters as a search with alerts',
      description: `At most ${SAVED_SEARCHES_LIMIT} per user (409 \`saved_search.limit\`).`,
      bodyLimit: 8 * 1024,
      body: CreateSavedSearchBody,
      response: { 201: SavedSearch, 409: Problem },
      handler: (user, req, reply) => {
        reply.status(201)
        return savedSearches.createSavedSearch(
          user,
          req.body,
          pickLocale((req.query as { lang?: unknown } | undefined)?.lang, req.headers['accept-language']),
        )
      },
    })

    signedIn.patch('/saved-searches/:id/', {
      summary: 'Rename a saved search or change its alerts',
      bodyLimit: 4 * 1024,
      params: SavedSearchParams,
      body: UpdateSavedSearchBody,
      response: { 200: SavedSearch },
      handler: (user, req) => savedSearches.updateSavedSearch(user, req.params.id, req.body),
    })

    signedIn.post('/saved-searches/:id/seen/', {
      summary: 'I opened it: its new-car count starts again from zero',
      params: SavedSearchParams,
      response: { 200: SavedSearch },
      handler: (user, req) => savedSearches.markSavedSearchSeen(user, req.params.id),
    })

    signedIn.delete('/saved-searches/:id/', {
      summary: 'Delete a saved search',
      params: SavedSearchParams,
      response: { 200: z.object({ message: z.string() }) },
      handler: async (user, req) => {
        await savedSearches.deleteSavedSearch(user, req.params.id)
        return { message: 'deleted' }
      },
    })
  }
