import {
  LEAD_DESK_ROLES,
  type LeadAssignBody,
  type LeadDeskItem,
  type LeadDeskPage,
  type LeadDeskQuery,
  type LeadDeskStaff,
  type LeadDetail,
  type LeadNoteBody,
  type LeadStatus,
  type LeadStatusBody,
  type MyLeadList,
} from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { recordAudit } from '../audit/index.ts'
import type { SessionUser } from '../identity/index.ts'
import type { JobSender } from '../jobs/index.ts'
import * as repo from './leads.desk.repository.ts'
import { LeadAssigneeError, LeadDeskOnlyError, LeadNotFoundError, LeadReasonRequiredError } from './leads.errors.ts'

type Actor = Pick<SessionUser, 'id' | 'role' | 'ip'>

/**
 * Who works a lead: staff on the leads desk (`dealerId` null, their role is checked), or one of a dealer's people on
 * the dealer desk (`dealerId`, their membership already checked by the dealer desk), who reach only the call-backs on
 * that dealer's cars (any other lead is a 404 to them).
 */
type Scope = { dealerId: number | null }
const STAFF: Scope = { dealerId: null }

function isLeadDeskRole(role: string | null | undefined): boolean {
  return (LEAD_DESK_ROLES as readonly (string | null | undefined)[]).includes(role)
}

/** Throws LeadDeskOnlyError (403) unless a manager, moderator or admin. */
function requireDesk(u: Actor): void {
  if (!isLeadDeskRole(u.role)) throw new LeadDeskOnlyError()
}

const shownStatus = (s: repo.StoredLeadStatus): LeadStatus => (s === 'spam' ? 'rejected' : s)
const personName = (name: string | null, email: string | null) => name || email || ''

function senderName(row: repo.LeadRow): string {
  const full = [row.firstName, row.lastName].filter(Boolean).join(' ')
  return full || row.name || ''
}

function listingOf(row: repo.LeadRow) {
  if (!row.listingId) return null
  const name = [row.brandName, row.modelName].filter(Boolean).join(' ')
  return { id: row.listingId, title: row.listingYear ? `${name}, ${row.listingYear}` : name }
}

function toItem(row: repo.LeadRow): LeadDeskItem {
  return {
    id: row.id,
    kind: row.kind,
    status: shownStatus(row.status),
    name: senderName(row),
    phone: row.phone,
    sourcePath: row.sourcePath,
    listing: listingOf(row),
    partner: row.partnerId && row.partnerName ? { id: row.partnerId, name: row.partnerName } : null,
    assignee: row.assigneeId ? { id: row.assigneeId, name: personName(row.assigneeName, row.assigneeEmail) } : null,
    createdAt: row.createdAt.toISOString(),
    firstContactAt: row.firstContactAt?.toISOString() ?? null,
    secondsToFirstContact: row.firstContactAt
      ? Math.max(0, Math.round((row.firstContactAt.getTime() - row.createdAt.getTime()) / 1000))
      : null,
  }
}

/** The partner's copy of a request, in Russian and English (a partner has no language setting). */
function partnerRequestText(
  leadId: number,
  p: { name: string | null; phone: string; comment: string | null; createdAt: Date; partnerName: string },
): string {
  const when = p.createdAt.toISOString().slice(0, 16).replace('T', ' ')
  return [
    `${p.partnerName}, через Tulpar Auto пришла заявка №${leadId} (${when} UTC).`,
    `Имя: ${p.name ?? ''}`,
    `Телефон: ${p.phone}`,
    `Комментарий: ${p.comment ?? ''}`,
    '',
    `${p.partnerName}, a service request #${leadId} came through Tulpar Auto (${when} UTC).`,
    `Name: ${p.name ?? ''}`,
    `Phone: ${p.phone}`,
    `Comment: ${p.comment ?? ''}`,
  ].join('\n')
}

/**
 * The leads desk (issue 13): one queue of call-backs, credit applications, partner requests and vehicle check
 * orders. Staff take a lead, move it to done or rejected (with a reason the sender sees), give it to a
 * colleague and leave notes; every step is recorded with who and when. The sender, when signed in, follows the
 * status under "my requests" and is told when it changes.
 */
export function createLeadDeskService({
  db,
  jobs,
  now = () => new Date(),
}: {
  db: Db
  jobs: JobSender
  now?: () => Date
}) {
  /** Applies a change under the lead's row lock, records the event and tells the sender of a status change. */
  async function change(
    u: Actor,
    id: number,
    apply: (
      lead: NonNullable<Awaited<ReturnType<typeof repo.lockLead>>>,
      tx: Db,
      at: Date,
    ) => Promise<LeadStatus | null>,
    scope: Scope = STAFF,
  ): Promise<LeadDetail> {
    if (scope.dealerId === null) requireDesk(u)
    await db.transaction(async (tx) => {
      const lead = await repo.lockLead(tx, id)
      if (!lead) throw new LeadNotFoundError(id)
      // A dealer's people reach only the call-backs on their dealer's cars: any other lead is unknown to them.
      if (scope.dealerId !== null && (await repo.findCallbackDealer(tx, id)) !== scope.dealerId)
        throw new LeadNotFoundError(id)
      const at = now()
      const newStatus = await apply(lead, tx, at)
      if (newStatus && lead.userId && newStatus !== shownStatus(lead.status))
        await jobs.send(
          'alert',
          {
            key: `lead-status:${id}:${newStatus}:${at.getTime()}`,
            userId: lead.userId,
            alert: { kind: 'lead-status', leadId: id, leadKind: lead.kind, status: newStatus },
          },
          { tx },
        )
    })
    return readLead(id)
  }

  async function getLead(u: Actor, id: number): Promise<LeadDetail> {
    requireDesk(u)
    return readLead(id)
  }

  async function readLead(id: number): Promise<LeadDetail> {
    const row = await repo.findLead(db, id)
    if (!row) throw new LeadNotFoundError(id)
    const events = await repo.findLeadEvents(db, id)
    return {
      ...toItem(row),
      comment: row.comment,
      carPriceKzt: row.carPriceKzt,
      downPaymentKzt: row.downPaymentKzt,
      termMonths: row.termMonths,
      vin: row.vin,
      rejectionReason: row.rejectionReason,
      signedIn: row.userId !== null,
      events: events.map((e) => ({
        id: e.id,
        action: e.action as 'status' | 'assign' | 'note',
        actor: e.actorId ? { id: e.actorId, name: personName(e.actorName, e.actorEmail) } : null,
        fromStatus: e.fromStatus ? shownStatus(e.fromStatus) : null,
        toStatus: e.toStatus ? shownStatus(e.toStatus) : null,
        assignee: e.assigneeId ? { id: e.assigneeId, name: personName(e.assigneeName, e.assigneeEmail) } : null,
        text: e.text,
        createdAt: e.createdAt.toISOString(),
      })),
    }
  }

  /** A status change and its event; the first step off 'new' stamps the time of first contact. */
  async function moveTo(
    tx: Db,
    u: Actor,
    lead: { id: number; status: repo.StoredLeadStatus; firstContactAt: Date | null },
    to: LeadStatus,
    at: Date,
    extra: { assignedTo?: string; rejectionReason?: string | null } = {},
  ) {
    await repo.updateLead(
      tx,
      lead.id,
      { status: to, ...extra, ...(lead.firstContactAt ? {} : { firstContactAt: at }) },
      at,
    )
    await repo.insertLeadEvent(tx, {
      leadId: lead.id,
      actorId: u.id,
      action: 'status',
      fromStatus: lead.status,
      toStatus: to,
      text: extra.rejectionReason ?? null,
      createdAt: at,
    })
    // The reason's text stays in the lead's history: it may name the customer.
    await recordAudit(tx, u, {
      action: 'lead.status_changed',
      targetType: 'lead',
      targetId: lead.id,
      before: { status: lead.status },
      after: { status: to, ...(extra.assignedTo ? { assignedTo: extra.assignedTo } : {}) },
    })
  }

  /** The lead's new assignee, in the change's transaction: its event and its audit record. */
  async function assign(
    tx: Db,
    u: Actor,
    lead: { id: number; assignedTo: string | null },
    to: string | null,
    at: Date,
  ) {
    await repo.updateLead(tx, lead.id, { assignedTo: to }, at)
    await repo.insertLeadEvent(tx, { leadId: lead.id, actorId: u.id, action: 'assign', assigneeId: to, createdAt: at })
    await recordAudit(tx, u, {
      action: 'lead.assigned',
      targetType: 'lead',
      targetId: lead.id,
      before: { assignedTo: lead.assignedTo },
      after: { assignedTo: to },
    })
  }

  return {
    getLead,

    /**
     * The 'lead-created' job: an inbox message and an email to each manager (to the admins when there is no
     * manager), and the partner's own copy of a partner request by email. Keys make a retried job tell once.
     */
    async announceLead(leadId: number): Promise<number> {
      const kind = await repo.findLeadKind(db, leadId)
      if (!kind) return 0
      const staff = await repo.findStaffOnDuty(db)
      await jobs.sendMany(
        'alert',
        staff.map((userId) => ({
          key: `lead-new:${leadId}:${userId}`,
          userId,
          alert: { kind: 'lead-new' as const, leadId, leadKind: kind },
        })),
      )
      if (kind === 'partner_request') {
        const p = await repo.findPartnerRequest(db, leadId)
        if (p?.partnerEmail)
          await jobs.send('email', {
            key: `lead-partner:${leadId}`,
            to: p.partnerEmail,
            subject: `Tulpar Auto: заявка №${leadId} / request #${leadId}`,
            text: partnerRequestText(leadId, p),
          })
      }
      return staff.length
    },

    /** Throws LeadDeskOnlyError for anyone but managers, moderators and admins. */
    async listLeads(u: Actor, query: LeadDeskQuery): Promise<LeadDeskPage> {
      requireDesk(u)
      const { rows, total, waiting } = await repo.findLeadPage(db, query, u.id)
      return {
        results: rows.map(toItem),
        total,
        page: query.page,
        pages: Math.max(1, Math.ceil(total / query.limit)),
        waiting,
      }
    },

    /** Who a lead can be given to. */
    async listStaff(u: Actor): Promise<LeadDeskStaff> {
      requireDesk(u)
      const rows = await repo.findDeskStaff(db)
      return { results: rows.map((r) => ({ id: r.id, name: personName(r.name, r.email), role: r.role ?? '' })) }
    },

    /** Takes the lead: it is mine, and a new one is in progress from now (the first contact). */
    takeLead(u: Actor, id: number, scope: Scope = STAFF): Promise<LeadDetail> {
      return change(
        u,
        id,
        async (lead, tx, at) => {
          if (lead.assignedTo !== u.id) await assign(tx, u, lead, u.id, at)
          if (lead.status !== 'new') return null
          await moveTo(tx, u, lead, 'in_progress', at)
          return 'in_progress'
        },
        scope,
      )
    },

    /** Throws LeadReasonRequiredError when rejecting without a reason. */
    setStatus(u: Actor, id: number, body: LeadStatusBody, scope: Scope = STAFF): Promise<LeadDetail> {
      const reason = body.reason?.trim() || null
      if (body.status === 'rejected' && !reason) {
        if (scope.dealerId === null) requireDesk(u)
        throw new LeadReasonRequiredError()
      }
      return change(
        u,
        id,
        async (lead, tx, at) => {
          if (shownStatus(lead.status) === body.status && body.status !== 'rejected') return null
          await moveTo(tx, u, lead, body.status, at, {
            rejectionReason: body.status === 'rejected' ? reason : null,
            ...(lead.assignedTo ? {} : { assignedTo: u.id }),
          })
          return body.status
        },
        scope,
      )
    },

    /**
     * The call-backs on a dealer's cars, at most `limit`, in the desk's order. The caller must already be known to be
     * one of the dealer's people (the dealer desk asks the dealers first).
     */
    async listDealerCallbacks(dealerId: number, limit: number): Promise<LeadDeskItem[]> {
      return (await repo.findDealerCallbacks(db, dealerId, limit)).map(toItem)
    },

    /**
     * A note in the lead's history, and its audit record in the same transaction. The record keeps the note's
     * length, not its text: notes are about a customer's request and often name the customer or a phone, and the
     * trail is append-only for 5 years while the lead and its history are purged after 3 (retention).
     */
    addNote(u: Actor, id: number, body: LeadNoteBody): Promise<LeadDetail> {
      return change(u, id, async (_lead, tx, at) => {
        await repo.insertLeadEvent(tx, { leadId: id, actorId: u.id, action: 'note', text: body.text, createdAt: at })
        await repo.updateLead(tx, id, {}, at)
        await recordAudit(tx, u, {
          action: 'lead.note_added',
          targetType: 'lead',
          targetId: id,
          after: { noteLength: body.text.length },
        })
        return null
      })
    },

    /** Gives the lead to a colleague (or to nobody); throws LeadAssigneeError for anyone outside the desk. */
    async assignLead(u: Actor, id: number, body: LeadAssignBody): Promise<LeadDetail> {
      requireDesk(u)
      if (body.userId !== null && !isLeadDeskRole(await repo.findUserRole(db, body.userId)))
        throw new LeadAssigneeError()
      return change(u, id, async (lead, tx, at) => {
        if (lead.assignedTo === body.userId) return null
        await assign(tx, u, lead, body.userId, at)
        return null
      })
    },

    /** "My requests": what the signed-in user sent, with its status. */
    async listMine(u: Pick<SessionUser, 'id'>): Promise<MyLeadList> {
      const rows = await repo.findLeadsOfUser(db, u.id)
      return {
        results: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          status: shownStatus(row.status),
          rejectionReason: row.status === 'rejected' || row.status === 'spam' ? row.rejectionReason : null,
          listing: listingOf(row),
          partner: row.partnerId && row.partnerName ? { id: row.partnerId, name: row.partnerName } : null,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        })),
      }
    },
  }
}
export type LeadDeskService = ReturnType<typeof createLeadDeskService>
