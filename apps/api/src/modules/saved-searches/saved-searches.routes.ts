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
import { signedInSchema } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import type { SavedSearchesService } from './saved-searches.service.ts'

const tags = ['saved searches']

export const savedSearchesRoutes =
  ({
    savedSearches,
    sessions,
  }: {
    savedSearches: SavedSearchesService
    sessions: SessionResolver
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/saved-searches/',
      {
        schema: signedInSchema({
          tags,
          summary: 'My saved searches, each with the cars matched since I last opened it',
          response: { 200: SavedSearchList },
        }),
      },
      async (req) => savedSearches.listSavedSearches(await sessions.requireUser(req)),
    )

    app.post(
      '/saved-searches/',
      {
        bodyLimit: 8 * 1024,
        schema: signedInSchema({
          tags,
          summary: 'Save the catalogue filters as a search with alerts',
          description: `At most ${SAVED_SEARCHES_LIMIT} per user (409 \`saved_search.limit\`).`,
          body: CreateSavedSearchBody,
          response: { 201: SavedSearch, 409: Problem },
        }),
      },
      async (req, reply) => {
        const u = await sessions.requireUser(req)
        reply.status(201)
        return savedSearches.createSavedSearch(
          u,
          req.body,
          pickLocale((req.query as { lang?: unknown } | undefined)?.lang, req.headers['accept-language']),
        )
      },
    )

    app.patch(
      '/saved-searches/:id/',
      {
        bodyLimit: 4 * 1024,
        schema: signedInSchema({
          tags,
          summary: 'Rename a saved search or change its alerts',
          params: SavedSearchParams,
          body: UpdateSavedSearchBody,
          response: { 200: SavedSearch },
        }),
      },
      async (req) => savedSearches.updateSavedSearch(await sessions.requireUser(req), req.params.id, req.body),
    )

    app.post(
      '/saved-searches/:id/seen/',
      {
        schema: signedInSchema({
          tags,
          summary: 'I opened it: its new-car count starts again from zero',
          params: SavedSearchParams,
          response: { 200: SavedSearch },
        }),
      },
      async (req) => savedSearches.markSavedSearchSeen(await sessions.requireUser(req), req.params.id),
    )

    app.delete(
      '/saved-searches/:id/',
      {
        schema: signedInSchema({
          tags,
          summary: 'Delete a saved search',
          params: SavedSearchParams,
          response: { 200: z.object({ message: z.string() }) },
        }),
      },
      async (req) => {
        await savedSearches.deleteSavedSearch(await sessions.requireUser(req), req.params.id)
        return { message: 'deleted' }
      },
    )
  }
