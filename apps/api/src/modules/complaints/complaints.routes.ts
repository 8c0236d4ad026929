import {
  AdminComplaintList,
  AdminLangQuery,
  AdminListingParams,
  ListingComplaintBody,
  ListingComplaintResult,
  ListingParams,
  Problem,
  ResolveComplaintsBody,
  ResolveComplaintsResult,
} from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { pickLocale } from '../../lib/locale.ts'
import { signedInSchema, staffSchema } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import type { ComplaintsService } from './complaints.service.ts'

const STAFF = 'Moderators and admins only (401 for guests, 403 for other users).'
/** A complaint is a reason and at most 1,000 characters of comment. */
const bodyLimit = 8 * 1024

export const complaintsRoutes =
  ({ complaints, sessions }: { complaints: ComplaintsService; sessions: SessionResolver }): FastifyPluginAsyncZod =>
  async (app) => {
    const locale = (req: { query: { lang?: string }; headers: { 'accept-language'?: string } }) =>
      pickLocale(req.query.lang, req.headers['accept-language'])

    app.post(
      '/cars/:id/complaints/',
      {
        bodyLimit,
        schema: signedInSchema({
          tags: ['listings'],
          summary: 'Report a listing to the moderators (what is wrong with it)',
          description:
            'Signed-in users, not the owner (403 `complaint.own_listing`). One open complaint per user and ' +
            'listing: a second one updates it (200, `created: false`). 404 unless the listing is on sale; 429 ' +
            'after 10 complaints in an hour.',
          params: ListingParams,
          body: ListingComplaintBody,
          response: { 200: ListingComplaintResult, 201: ListingComplaintResult, 403: Problem, 429: Problem },
        }),
      },
      async (req, reply) => {
        const result = await complaints.submit(await sessions.requireUser(req), req.params.id, req.body)
        return reply.status(result.created ? 201 : 200).send(result)
      },
    )

    app.get(
      '/admin/listing-complaints/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: 'Listings with open complaints, the most complained-about first',
          description: STAFF,
          querystring: AdminLangQuery,
          response: { 200: AdminComplaintList },
        }),
      },
      async (req) => complaints.listOpen(await sessions.requireUser(req), locale(req)),
    )

    app.post(
      '/admin/listing-complaints/:id/resolve/',
      {
        bodyLimit,
        schema: staffSchema({
          tags: ['admin'],
          summary: "Dismiss a listing's open complaints, or take the listing down (rejected; the seller is told why)",
          description:
            'Taking down needs `reasonCode` (`other`: a comment). 404 `complaint.none_open` without open ' +
            `complaints; 409 \`complaint.not_published\` when the listing is no longer on sale. ${STAFF}`,
          params: AdminListingParams,
          querystring: AdminLangQuery,
          body: ResolveComplaintsBody,
          response: { 200: ResolveComplaintsResult, 409: Problem },
        }),
      },
      async (req) => complaints.resolve(await sessions.requireUser(req), req.params.id, req.body, locale(req)),
    )
  }
