import {
  AdminInspectionReport,
  AdminLangQuery,
  AdminListing,
  AdminListingParams,
  AdminReportParams,
  AdminUser,
  AdminUserPage,
  AdminUserParams,
  AdminUsersQuery,
  ApproveBody,
  InspectionReportBody,
  ListingFlags,
  ListingFlagsBody,
  ModerationDecision,
  ModerationQueuePage,
  ModerationQueueQuery,
  ModerationStats,
  Problem,
  RejectBody,
  RejectionReasonView,
  RoleChangeBody,
  RoleChangeList,
} from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pickLocale } from '../../lib/locale.ts'
import { staffRoutes } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import type { ModerationService } from './moderation.service.ts'
import type { TulparService } from './tulpar.service.ts'
import type { StaffService } from './users.service.ts'

export interface ModerationRoutesDeps {
  moderation: ModerationService
  staff: StaffService
  tulpar: TulparService
  sessions: SessionResolver
}

const STAFF = 'Moderators and admins only (401 for guests, 403 for other users).'
const ADMINS = 'Admins only (401 for guests, 403 for users and moderators).'
/** A call on one listing, whose texts are in the asked language. */
const ON_LISTING = { params: AdminListingParams, querystring: AdminLangQuery }
/** A moderator's decision on a listing waiting in moderation. */
const DECISION = { 200: ModerationDecision, 409: Problem }

/** The back office API under /api/admin: every route needs the moderator or admin role (checked by the services). */
export const moderationRoutes =
  ({ moderation, staff, tulpar, sessions }: ModerationRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const moderators = staffRoutes(app, sessions, { tags: ['admin'], access: STAFF })
    const admins = staffRoutes(app, sessions, { tags: ['admin'], access: ADMINS })
    const locale = (req: { query: { lang?: string }; headers: { 'accept-language'?: string } }) =>
      pickLocale(req.query.lang, req.headers['accept-language'])

    moderators.get('/admin/moderation/queue/', {
      summary: 'Listings waiting in moderation, the longest-waiting first, with their signals',
      description: 'Keyset paging: pass `nextCursor` as `cursor`.',
      querystring: ModerationQueueQuery,
      response: { 200: ModerationQueuePage },
      handler: (user, req) => moderation.listQueue(user, req.query, locale(req)),
    })

    moderators.get('/admin/moderation/stats/', {
      summary: 'How many listings wait, and the average and median wait of the last 30 days of decisions',
      response: { 200: ModerationStats },
      handler: (user) => moderation.getStats(user),
    })

    moderators.get('/admin/moderation/reasons/', {
      summary: 'Rejection reason codes with their texts',
      querystring: AdminLangQuery,
      response: { 200: z.array(RejectionReasonView) },
      handler: (user, req) => moderation.listRejectionReasons(user, locale(req)),
    })

    moderators.get('/admin/listings/:id/', {
      ...ON_LISTING,
      summary: 'A listing in any status: every field, photos, the seller and their other listings, signals, history',
      response: { 200: AdminListing },
      handler: (user, req) => moderation.getListingForReview(user, req.params.id, locale(req)),
    })

    moderators.post('/admin/listings/:id/approve/', {
      ...ON_LISTING,
      summary: 'Approve a listing waiting in moderation: it is published and the seller gets a message',
      description: '409 when the listing is not in moderation.',
      body: ApproveBody.nullish(),
      response: DECISION,
      handler: (user, req) => moderation.approveListing(user, req.params.id, req.body ?? {}, locale(req)),
    })

    moderators.post('/admin/listings/:id/reject/', {
      ...ON_LISTING,
      summary: 'Reject a listing waiting in moderation with a reason code and comment; the seller is told why',
      description: '`other` needs a comment. 409 when the listing is not in moderation.',
      body: RejectBody,
      response: DECISION,
      handler: (user, req) => moderation.rejectListing(user, req.params.id, req.body, locale(req)),
    })

    admins.patch('/admin/listings/:id/flags/', {
      summary: "Mark a listing as a Tulpar car (the company's own), inspected, or a hot offer",
      params: AdminListingParams,
      body: ListingFlagsBody,
      response: { 200: ListingFlags },
      handler: (user, req) => tulpar.setFlags(user, req.params.id, req.body),
    })

    admins.post('/admin/listings/:id/inspections/', {
      summary: 'Attach an inspection report (name, date, VIN, status, the checks) to a listing',
      description: 'A `ready` report needs its date.',
      params: AdminListingParams,
      body: InspectionReportBody,
      response: { 201: AdminInspectionReport },
      handler: async (user, req, reply) =>
        reply.status(201).send(await tulpar.addReport(user, req.params.id, req.body)),
    })

    admins.put('/admin/inspections/:reportId/', {
      summary: 'Replace an inspection report (e.g. mark it ready with its date)',
      params: AdminReportParams,
      body: InspectionReportBody,
      response: { 200: AdminInspectionReport },
      handler: (user, req) => tulpar.replaceReport(user, req.params.reportId, req.body),
    })

    admins.delete('/admin/inspections/:reportId/', {
      summary: 'Delete an inspection report',
      params: AdminReportParams,
      response: { 200: z.object({ message: z.string() }) },
      handler: async (user, req) => {
        await tulpar.removeReport(user, req.params.reportId)
        return { message: 'deleted' }
      },
    })

    admins.get('/admin/users/', {
      summary: 'Accounts by part of an email, name or phone number, newest first',
      querystring: AdminUsersQuery,
      response: { 200: AdminUserPage },
      handler: (user, req) => staff.listUsers(user, req.query),
    })

    admins.patch('/admin/users/:id/role/', {
      summary: 'Give or take the moderator role',
      description: 'An admin cannot change their own role (403); admins are not changed here (409).',
      params: AdminUserParams,
      body: RoleChangeBody,
      response: { 200: AdminUser, 409: Problem },
      handler: (user, req) => staff.changeRole(user, req.params.id, req.body),
    })

    admins.get('/admin/users/:id/role-changes/', {
      summary: "Who changed this account's role from what to what, and when (newest first)",
      params: AdminUserParams,
      response: { 200: RoleChangeList },
      handler: (user, req) => staff.listRoleChanges(user, req.params.id),
    })
  }
