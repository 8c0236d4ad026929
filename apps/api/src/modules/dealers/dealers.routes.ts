import {
  AdminDealerList,
  AdminDealerQuery,
  DEALER_LOGO_MAX_BYTES,
  DEALER_LOGO_MAX_PIXELS,
  DEALER_LOGO_MIN_SIDE_PX,
  DEALER_LOGO_SIDE_PX,
  DEALER_LOGO_TYPES,
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
import { publicRoutes, signedInRoutes, staffRoutes } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import { NoLogoSentError } from './dealers.errors.ts'
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
    const anyone = publicRoutes(app, { tags: ['dealers'] })
    const signedIn = signedInRoutes(app, sessions, { tags: ['dealers'] })
    const staff = staffRoutes(app, sessions, { tags: ['admin'], access: STAFF })

    // A logo arrives as the raw request body (PUT with the image's content type), as a profile photo does.
    app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: DEALER_LOGO_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    )

    anyone.get('/dealers/', {
      summary: 'Verified dealers by name, in one city (its slug) or all Kazakhstan',
      querystring: DealerListQuery,
      response: { 200: DealerList },
      handler: (req) => dealers.listVerified(req.query, locale(req)),
    })

    anyone.get('/dealers/:id/', {
      summary: "A verified dealer's page: contacts, showrooms with map links, how many cars it sells",
      description: 'Its cars are the catalogue (`GET /cars/?dealer={id}`). 404 unless the dealer is verified.',
      params: DealerParams,
      querystring: LangQuery,
      response: { 200: PublicDealer },
      handler: (req) => dealers.getPublic(req.params.id, locale(req)),
    })

    signedIn.post('/dealers/', {
      summary: 'Apply to open a dealer account (staff verify it); the applicant becomes its owner',
      description:
        'The BIN (legal entity) or IIN (sole proprietor) is checked with its check digit (400). 409 ' +
        '`dealer.bin_taken` when a dealer with the number exists or waits; 409 `dealer.application_pending` ' +
        'while the same user has an application waiting; 429 after 3 applications a day.',
      bodyLimit,
      querystring: LangQuery,
      body: DealerApplyBody,
      response: { 201: MyDealer, 409: Problem, 429: Problem },
      handler: async (user, req, reply) => {
        const dealer = await withRetryAfter(reply, () => dealers.apply(user, req.body, locale(req)))
        return reply.status(201).send(dealer)
      },
    })

    signedIn.get('/dealers/mine/', {
      summary: 'The dealers I work for, with my role, status and the staff note',
      querystring: LangQuery,
      response: { 200: MyDealers },
      handler: (user, req) => dealers.listMine(user, locale(req)),
    })

    signedIn.patch('/dealers/:id/', {
      summary: "Edit the dealer's account (not its number); showrooms, when given, replace the set",
      description: OWNER,
      bodyLimit,
      params: DealerParams,
      querystring: LangQuery,
      body: DealerUpdateBody,
      response: { 200: MyDealer, 403: Problem },
      handler: (user, req) => dealers.update(user, req.params.id, req.body, locale(req)),
    })

    signedIn.put('/dealers/:id/logo/', {
      summary: "Set the dealer's logo (send the image itself: Content-Type image/png, image/jpeg or image/webp)",
      description:
        `${OWNER} The format is read from the bytes (415 \`photo.not_image\` for any other, an SVG or a GIF ` +
        `included); at most ${DEALER_LOGO_MAX_BYTES / 1024 / 1024} MB (413) and ` +
        `${DEALER_LOGO_MAX_PIXELS / 1_000_000} megapixels (413 \`photo.too_many_pixels\`), at least ` +
        `${DEALER_LOGO_MIN_SIDE_PX} px on the shorter side (400 \`photo.too_small\`). Stored as a ` +
        `${DEALER_LOGO_SIDE_PX} px square holding the whole picture on white, without its metadata. 429 past 20 ` +
        'uploads an hour.',
      bodyLimit: DEALER_LOGO_MAX_BYTES,
      consumes: [...DEALER_LOGO_TYPES],
      params: DealerParams,
      querystring: LangQuery,
      response: { 200: MyDealer, 403: Problem, 413: Problem, 415: Problem, 429: Problem },
      handler: (user, req, reply) => {
        const image = req.body
        if (!Buffer.isBuffer(image) || image.length === 0) throw new NoLogoSentError()
        return withRetryAfter(reply, () => dealers.setLogo(user, req.params.id, image, locale(req)))
      },
    })

    signedIn.delete('/dealers/:id/logo/', {
      summary: "Remove the dealer's logo",
      description: OWNER,
      params: DealerParams,
      querystring: LangQuery,
      response: { 200: MyDealer, 403: Problem },
      handler: (user, req) => dealers.removeLogo(user, req.params.id, locale(req)),
    })

    signedIn.get('/dealers/:id/members/', {
      summary: "The dealer's people and their roles",
      description: MEMBERS,
      params: DealerParams,
      response: { 200: DealerMembers, 403: Problem },
      handler: (user, req) => dealers.listMembers(user, req.params.id),
    })

    signedIn.post('/dealers/:id/members/', {
      summary: 'Add an existing account, found by e-mail or phone, as a manager',
      description:
        `${OWNER} 404 \`dealer.invitee_not_found\` when no account has the contact; 409 ` +
        '`dealer.already_member`; 429 after 20 in an hour.',
      bodyLimit: smallBody,
      params: DealerParams,
      body: DealerInviteBody,
      response: { 201: DealerMembers, 403: Problem, 409: Problem, 429: Problem },
      handler: async (user, req, reply) => {
        const members = await withRetryAfter(reply, () => dealers.invite(user, req.params.id, req.body))
        return reply.status(201).send(members)
      },
    })

    signedIn.delete('/dealers/:id/members/:userId/', {
      summary: 'Remove a manager: their access ends at once and their cars of this dealer pass to the owner',
      description: `${OWNER} 409 \`dealer.owner_stays\` for the owner.`,
      params: DealerMemberParams,
      response: { 200: DealerMembers, 403: Problem, 409: Problem },
      handler: (user, req) => dealers.removeMember(user, req.params.id, req.params.userId),
    })

    signedIn.post('/dealers/:id/listings/', {
      summary: 'Start a draft listing sold as the dealer (then edit it as any draft: PATCH /listings/{id}/)',
      description: `${MEMBERS} 409 \`dealer.not_verified\` until staff verify the dealer.`,
      params: DealerParams,
      response: { 201: DraftCreated, 403: Problem, 409: Problem },
      handler: async (user, req, reply) => reply.status(201).send(await dealers.createListing(user, req.params.id)),
    })

    staff.get('/admin/dealers/', {
      summary: 'Dealers for verification: applications first (oldest first), then the rest',
      querystring: AdminDealerQuery,
      response: { 200: AdminDealerList },
      handler: (user, req) => dealers.listForStaff(user, req.query, locale(req)),
    })

    staff.post('/admin/dealers/:id/decision/', {
      summary: 'Verify, reject or suspend a dealer with the checklist and a note (recorded in the audit trail)',
      description:
        'Verifying needs every checklist item ticked (409 `dealer.checklist_incomplete`); rejecting and ' +
        'suspending need a note (400).',
      bodyLimit: smallBody,
      params: DealerParams,
      body: DealerDecisionBody,
      response: { 200: DecisionResult, 409: Problem },
      handler: (user, req) => dealers.decide(user, req.params.id, req.body),
    })
  }
