import {
  AdminDealerList,
  AdminDealerQuery,
  DealerApplyBody,
  DealerDecisionBody,
  DealerInviteBody,
  DealerList,
  DealerListQuery,
  DealerMemberParams,
  DealerMembers,
  DealerParams,
  DealerUpdateBody,
  LangQuery,
  MyDealer,
  MyDealers,
  Problem,
  PublicDealer,
} from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pickLocale } from '../../lib/locale.ts'
import { withRetryAfter } from '../../lib/rate-limiter.ts'
import { signedInSchema, staffSchema } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import type { DealersService } from './dealers.service.ts'

const STAFF = 'Moderators and admins only (401 for guests, 403 for other users).'
const MEMBERS = "The dealer's people only: 403 `dealer.not_member` for anyone else, a removed member included."
const OWNER = "The dealer's owner only: 403 `dealer.owner_only` for a manager, `dealer.not_member` for anyone else."
/** An application with 20 showrooms and three descriptions stays well under this. */
const bodyLimit = 64 * 1024
const smallBody = 4 * 1024

const DecisionResult = z.object({ id: z.number().int(), status: z.string() }).meta({ id: 'DealerDecisionResult' })
const DraftCreated = z.object({ id: z.number().int() }).meta({ id: 'DealerDraftCreated' })

type Localised = { query: { lang?: string }; headers: { 'accept-language'?: string } }
const locale = (req: Localised) => pickLocale(req.query.lang, req.headers['accept-language'])

/** Dealers (issue 38): applying, the dealer's own account and people, the public pages, staff verification. */
export const dealersRoutes =
  ({ dealers, sessions }: { dealers: DealersService; sessions: SessionResolver }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dealers/',
      {
        schema: {
          tags: ['dealers'],
          summary: 'Verified dealers by name, in one city (its slug) or all Kazakhstan',
          querystring: DealerListQuery,
          response: { 200: DealerList },
        },
      },
      (req) => dealers.listVerified(req.query, locale(req)),
    )

    app.get(
      '/dealers/:id/',
      {
        schema: {
          tags: ['dealers'],
          summary: "A verified dealer's page: contacts, showrooms with map links, how many cars it sells",
          description: 'Its cars are the catalogue (`GET /cars/?dealer={id}`). 404 unless the dealer is verified.',
          params: DealerParams,
          querystring: LangQuery,
          response: { 200: PublicDealer },
        },
      },
      (req) => dealers.getPublic(req.params.id, locale(req)),
    )

    app.post(
      '/dealers/',
      {
        bodyLimit,
        schema: signedInSchema({
          tags: ['dealers'],
          summary: 'Apply to open a dealer account (staff verify it); the applicant becomes its owner',
          description:
            'The BIN (legal entity) or IIN (sole proprietor) is checked with its check digit (400). 409 ' +
            '`dealer.bin_taken` when a dealer with the number exists or waits; 409 `dealer.application_pending` ' +
            'while the same user has an application waiting; 429 after 3 applications a day.',
          querystring: LangQuery,
          body: DealerApplyBody,
          response: { 201: MyDealer, 409: Problem, 429: Problem },
        }),
      },
      async (req, reply) => {
        const user = await sessions.requireUser(req)
        const dealer = await withRetryAfter(reply, () => dealers.apply(user, req.body, locale(req)))
        return reply.status(201).send(dealer)
      },
    )

    app.get(
      '/dealers/mine/',
      {
        schema: signedInSchema({
          tags: ['dealers'],
          summary: 'The dealers I work for, with my role, status and the staff note',
          querystring: LangQuery,
          response: { 200: MyDealers },
        }),
      },
      async (req) => dealers.listMine(await sessions.requireUser(req), locale(req)),
    )

    app.patch(
      '/dealers/:id/',
      {
        bodyLimit,
        schema: signedInSchema({
          tags: ['dealers'],
          summary: "Edit the dealer's account (not its number); showrooms, when given, replace the set",
          description: OWNER,
          params: DealerParams,
          querystring: LangQuery,
          body: DealerUpdateBody,
          response: { 200: MyDealer, 403: Problem },
        }),
      },
      async (req) => dealers.update(await sessions.requireUser(req), req.params.id, req.body, locale(req)),
    )

    app.get(
      '/dealers/:id/members/',
      {
        schema: signedInSchema({
          tags: ['dealers'],
          summary: "The dealer's people and their roles",
          description: MEMBERS,
          params: DealerParams,
          response: { 200: DealerMembers, 403: Problem },
        }),
      },
      async (req) => dealers.listMembers(await sessions.requireUser(req), req.params.id),
    )

    app.post(
      '/dealers/:id/members/',
      {
        bodyLimit: smallBody,
        schema: signedInSchema({
          tags: ['dealers'],
          summary: 'Add an existing account, found by e-mail or phone, as a manager',
          description:
            `${OWNER} 404 \`dealer.invitee_not_found\` when no account has the contact; 409 ` +
            '`dealer.already_member`; 429 after 20 in an hour.',
          params: DealerParams,
          body: DealerInviteBody,
          response: { 201: DealerMembers, 403: Problem, 409: Problem, 429: Problem },
        }),
      },
      async (req, reply) => {
        const user = await sessions.requireUser(req)
        const members = await withRetryAfter(reply, () => dealers.invite(user, req.params.id, req.body))
        return reply.status(201).send(members)
      },
    )

    app.delete(
      '/dealers/:id/members/:userId/',
      {
        schema: signedInSchema({
          tags: ['dealers'],
          summary: 'Remove a manager: their access ends at once and their cars of this dealer pass to the owner',
          description: `${OWNER} 409 \`dealer.owner_stays\` for the owner.`,
          params: DealerMemberParams,
          response: { 200: DealerMembers, 403: Problem, 409: Problem },
        }),
      },
      async (req) => dealers.removeMember(await sessions.requireUser(req), req.params.id, req.params.userId),
    )

    app.post(
      '/dealers/:id/listings/',
      {
        schema: signedInSchema({
          tags: ['dealers'],
          summary: 'Start a draft listing sold as the dealer (then edit it as any draft: PATCH /listings/{id}/)',
          description: `${MEMBERS} 409 \`dealer.not_verified\` until staff verify the dealer.`,
          params: DealerParams,
          response: { 201: DraftCreated, 403: Problem, 409: Problem },
        }),
      },
      async (req, reply) =>
        reply.status(201).send(await dealers.createListing(await sessions.requireUser(req), req.params.id)),
    )

    app.get(
      '/admin/dealers/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: 'Dealers for verification: applications first (oldest first), then the rest',
          description: STAFF,
          querystring: AdminDealerQuery,
          response: { 200: AdminDealerList },
        }),
      },
      async (req) => dealers.listForStaff(await sessions.requireUser(req), req.query, locale(req)),
    )

    app.post(
      '/admin/dealers/:id/decision/',
      {
        bodyLimit: smallBody,
        schema: staffSchema({
          tags: ['admin'],
          summary: 'Verify, reject or suspend a dealer with the checklist and a note (recorded in the audit trail)',
          description:
            'Verifying needs every checklist item ticked (409 `dealer.checklist_incomplete`); rejecting and ' +
            `suspending need a note (400). ${STAFF}`,
          params: DealerParams,
          body: DealerDecisionBody,
          response: { 200: DecisionResult, 409: Problem },
        }),
      },
      async (req) => dealers.decide(await sessions.requireUser(req), req.params.id, req.body),
    )
  }
