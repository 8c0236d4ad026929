import {
  LeadAssignBody,
  LeadDeskPage,
  LeadDeskQuery,
  LeadDeskStaff,
  LeadDetail,
  LeadNoteBody,
  LeadParams,
  LeadStatusBody,
  MyLeadList,
} from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { signedInSchema, staffSchema } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import type { LeadDeskService } from './leads.desk.service.ts'

const DESK = 'Managers, moderators and admins (401 for guests, 403 for other users).'

/** The leads desk under /api/admin/leads, and "my requests" under /api/leads/mine/. */
export const leadDeskRoutes =
  ({ leadDesk, sessions }: { leadDesk: LeadDeskService; sessions: SessionResolver }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/leads/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: 'Every lead (call-back, credit, partner request, vehicle check), new ones oldest first',
          description: `Filter by status, kind and \`assigned\` (me / none). ${DESK}`,
          querystring: LeadDeskQuery,
          response: { 200: LeadDeskPage },
        }),
      },
      async (req) => leadDesk.listLeads(await sessions.requireUser(req), req.query),
    )

    app.get(
      '/admin/leads/staff/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: 'Who a lead can be given to',
          description: DESK,
          response: { 200: LeadDeskStaff },
        }),
      },
      async (req) => leadDesk.listStaff(await sessions.requireUser(req)),
    )

    app.get(
      '/admin/leads/:id/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: 'One lead with its history (status changes, assignments, notes: who and when)',
          description: DESK,
          params: LeadParams,
          response: { 200: LeadDetail },
        }),
      },
      async (req) => leadDesk.getLead(await sessions.requireUser(req), req.params.id),
    )

    app.post(
      '/admin/leads/:id/take/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: 'Take the lead: it is mine, and a new one is in progress from now',
          description: DESK,
          params: LeadParams,
          response: { 200: LeadDetail },
        }),
      },
      async (req) => leadDesk.takeLead(await sessions.requireUser(req), req.params.id),
    )

    app.post(
      '/admin/leads/:id/status/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: 'Move the lead to in progress, done or rejected',
          description: `Rejecting needs a \`reason\` (400 \`lead.reason_required\`); the signed-in sender sees it. ${DESK}`,
          params: LeadParams,
          body: LeadStatusBody,
          response: { 200: LeadDetail },
        }),
      },
      async (req) => leadDesk.setStatus(await sessions.requireUser(req), req.params.id, req.body),
    )

    app.post(
      '/admin/leads/:id/notes/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: 'Leave a note on the lead',
          description: DESK,
          params: LeadParams,
          body: LeadNoteBody,
          response: { 200: LeadDetail },
        }),
      },
      async (req) => leadDesk.addNote(await sessions.requireUser(req), req.params.id, req.body),
    )

    app.post(
      '/admin/leads/:id/assign/',
      {
        schema: staffSchema({
          tags: ['admin'],
          summary: 'Give the lead to a colleague (userId) or to nobody (null)',
          description: `Only to managers, moderators and admins (400 \`lead.assignee_not_staff\`). ${DESK}`,
          params: LeadParams,
          body: LeadAssignBody,
          response: { 200: LeadDetail },
        }),
      },
      async (req) => leadDesk.assignLead(await sessions.requireUser(req), req.params.id, req.body),
    )

    app.get(
      '/leads/mine/',
      {
        schema: signedInSchema({
          tags: ['leads'],
          summary: '"My requests": what I sent while signed in, with its status',
          description: 'Signed-in users only (401 for guests). A rejected request carries the reason.',
          response: { 200: MyLeadList },
        }),
      },
      async (req) => leadDesk.listMine(await sessions.requireUser(req)),
    )
  }
