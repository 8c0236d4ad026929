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
import { staffSchema } from '../../plugins/route-schema.ts'
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

/** The back office API under /api/admin: every route needs the moderator or admin role (checked by the services). */
export const moderationRoutes =
  ({ moderation, staff, tulpar, sessions }: ModerationRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const locale = (req: { query: { lang?: string }; headers: { 'accept-language'?: string } }) =>
      pickLocale(req.query.lang, req.headers['accept-language'])

    app.get(
      '/admin/moderation/queue/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: 'Listings waiting in moderation, the longest-waiting first, with their signals',
          description: `Keyset paging: pass \`nextCursor\` as \`cursor\`. ${STAFF}`,
          querystring: ModerationQueueQuery,
          response: { 200: ModerationQueuePage },
        }),
      },
      async (req) => moderation.listQueue(await sessions.requireUser(req), req.query, locale(req)),
    )

    app.get(
      '/admin/moderation/stats/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: 'How many listings wait, and the average and median wait of the last 30 days of decisions',
          description: STAFF,
          response: { 200: ModerationStats },
        }),
      },
      async (req) => moderation.getStats(await sessions.requireUser(req)),
    )

    app.get(
      '/admin/moderation/reasons/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: 'Rejection reason codes with their texts',
          description: STAFF,
          querystring: AdminLangQuery,
          response: { 200: z.array(RejectionReasonView) },
        }),
      },
      async (req) => moderation.listRejectionReasons(await sessions.requireUser(req), locale(req)),
    )

    app.get(
      '/admin/listings/:id/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary:
            'A listing in any status: every field, photos, the seller and their other listings, signals, history',
          description: STAFF,
          params: AdminListingParams,
          querystring: AdminLangQuery,
          response: { 200: AdminListing },
        }),
      },
      async (req) => moderation.getListingForReview(await sessions.requireUser(req), req.params.id, locale(req)),
    )

    app.post(
      '/admin/listings/:id/approve/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: 'Approve a listing waiting in moderation: it is published and the seller gets a message',
          description: `409 when the listing is not in moderation. ${STAFF}`,
          params: AdminListingParams,
          querystring: AdminLangQuery,
          body: ApproveBody.nullish(),
          response: { 200: ModerationDecision, 409: Problem },
        }),
      },
      async (req) =>
        moderation.approveListing(await sessions.requireUser(req), req.params.id, req.body ?? {}, locale(req)),
    )

    app.post(
      '/admin/listings/:id/reject/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: 'Reject a listing waiting in moderation with a reason code and comment; the seller is told why',
          description: `\`other\` needs a comment. 409 when the listing is not in moderation. ${STAFF}`,
          params: AdminListingParams,
          querystring: AdminLangQuery,
          body: RejectBody,
          response: { 200: ModerationDecision, 409: Problem },
        }),
      },
      async (req) => moderation.rejectListing(await sessions.requireUser(req), req.params.id, req.body, locale(req)),
    )

    app.patch(
      '/admin/listings/:id/flags/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: "Mark a listing as a Tulpar car (the company's own), inspected, or a hot offer",
          description: ADMINS,
          params: AdminListingParams,
          body: ListingFlagsBody,
          response: { 200: ListingFlags },
        }),
      },
      async (req) => tulpar.setFlags(await sessions.requireUser(req), req.params.id, req.body),
    )

    app.post(
      '/admin/listings/:id/inspections/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: 'Attach an inspection report (name, date, VIN, status, the checks) to a listing',
          description: `A \`ready\` report needs its date. ${ADMINS}`,
          params: AdminListingParams,
          body: InspectionReportBody,
          response: { 201: AdminInspectionReport },
        }),
      },
      async (req, reply) => {
        const report = await tulpar.addReport(await sessions.requireUser(req), req.params.id, req.body)
        return reply.status(201).send(report)
      },
    )

    app.put(
      '/admin/inspections/:reportId/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: 'Replace an inspection report (e.g. mark it ready with its date)',
          description: ADMINS,
          params: AdminReportParams,
          body: InspectionReportBody,
          response: { 200: AdminInspectionReport },
        }),
      },
      async (req) => tulpar.replaceReport(await sessions.requireUser(req), req.params.reportId, req.body),
    )

    app.delete(
      '/admin/inspections/:reportId/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: 'Delete an inspection report',
          description: ADMINS,
          params: AdminReportParams,
          response: { 200: z.object({ message: z.string() }) },
        }),
      },
      async (req) => {
        await tulpar.removeReport(await sessions.requireUser(req), req.params.reportId)
        return { message: 'deleted' }
      },
    )

    app.get(
      '/admin/users/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: 'Accounts by part of an email, name or phone number, newest first',
          description: ADMINS,
          querystring: AdminUsersQuery,
          response: { 200: AdminUserPage },
        }),
      },
      async (req) => staff.listUsers(await sessions.requireUser(req), req.query),
    )

    app.patch(
      '/admin/users/:id/role/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: 'Give or take the moderator role',
          description: `An admin cannot change their own role (403); admins are not changed here (409). ${ADMINS}`,
          params: AdminUserParams,
          body: RoleChangeBody,
          response: { 200: AdminUser, 409: Problem },
        }),
      },
      async (req) => staff.changeRole(await sessions.requireUser(req), req.params.id, req.body),
    )

    app.get(
      '/admin/users/:id/role-changes/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: "Who changed this account's role from what to what, and when (newest first)",
          description: ADMINS,
          params: AdminUserParams,
          response: { 200: RoleChangeList },
        }),
      },
      async (req) => staff.listRoleChanges(await sessions.requireUser(req), req.params.id),
    )
  }
