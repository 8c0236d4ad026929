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
import { signedInRoutes, staffRoutes } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import type { LeadDeskService } from './leads.desk.service.ts'

const DESK = 'Managers, moderators and admins (401 for guests, 403 for other users).'
/** A call on one lead, answered with the lead and its history. */
const ON_LEAD = { params: LeadParams, response: { 200: LeadDetail } }

/** The leads desk under /api/admin/leads, and "my requests" under /api/leads/mine/. */
export const leadDeskRoutes =
  ({ leadDesk, sessions }: { leadDesk: LeadDeskService; sessions: SessionResolver }): FastifyPluginAsyncZod =>
  async (app) => {
    const desk = staffRoutes(app, sessions, { tags: ['admin'], access: DESK })
    const signedIn = signedInRoutes(app, sessions, { tags: ['leads'] })

    desk.get('/admin/leads/', {
      summary: 'Every lead (call-back, credit, partner request, vehicle check), new ones oldest first',
      description: 'Filter by status, kind and `assigned` (me / none).',
      querystring: LeadDeskQuery,
      response: { 200: LeadDeskPage },
      handler: (user, req) => leadDesk.listLeads(user, req.query),
    })

    desk.get('/admin/leads/staff/', {
      summary: 'Who a lead can be given to',
      response: { 200: LeadDeskStaff },
      handler: (user) => leadDesk.listStaff(user),
    })

    desk.get('/admin/leads/:id/', {
      ...ON_LEAD,
      summary: 'One lead with its history (status changes, assignments, notes: who and when)',
      handler: (user, req) => leadDesk.getLead(user, req.params.id),
    })

    desk.post('/admin/leads/:id/take/', {
      ...ON_LEAD,
      summary: 'Take the lead: it is mine, and a new one is in progress from now',
      handler: (user, req) => leadDesk.takeLead(user, req.params.id),
    })

    desk.post('/admin/leads/:id/status/', {
      ...ON_LEAD,
      summary: 'Move the lead to in progress, done or rejected',
      description: 'Rejecting needs a `reason` (400 `lead.reason_required`); the signed-in sender sees it.',
      body: LeadStatusBody,
      handler: (user, req) => leadDesk.setStatus(user, req.params.id, req.body),
    })

    desk.post('/admin/leads/:id/notes/', {
      ...ON_LEAD,
      summary: 'Leave a note on the lead',
      body: LeadNoteBody,
      handler: (user, req) => leadDesk.addNote(user, req.params.id, req.body),
    })

    desk.post('/admin/leads/:id/assign/', {
      ...ON_LEAD,
      summary: 'Give the lead to a colleague (userId) or to nobody (null)',
      description: 'Only to managers, moderators and admins (400 `lead.assignee_not_staff`).',
      body: LeadAssignBody,
      handler: (user, req) => leadDesk.assignLead(user, req.params.id, req.body),
    })

    signedIn.get('/leads/mine/', {
      summary: '"My requests": what I sent while signed in, with its status',
      description: 'Signed-in users only (401 for guests). A rejected request carries the reason.',
      response: { 200: MyLeadList },
      handler: (user) => leadDesk.listMine(user),
    })
  }
