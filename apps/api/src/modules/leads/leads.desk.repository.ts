import { LEAD_DESK_ROLES, type LeadDeskQuery, type LeadStatus } from '@tulpar/contracts'
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { user } from '../identity/identity.tables.ts'
import { listings } from '../listings/listings.tables.ts'
import { partners } from '../partners/partners.tables.ts'
import { brands, models } from '../reference/reference.tables.ts'
import { leadEvents, leads } from './leads.tables.ts'

const assignee = alias(user, 'assignee')
const actor = alias(user, 'actor')
const eventAssignee = alias(user, 'event_assignee')

/** Old rows may say 'spam' (the first schema): the desk shows them as rejected. */
export type StoredLeadStatus = LeadStatus | 'spam'

const leadColumns = {
  id: leads.id,
  kind: leads.kind,
  status: leads.status,
  userId: leads.userId,
  phone: leads.phone,
  firstName: leads.firstName,
  lastName: leads.lastName,
  name: leads.name,
  comment: leads.comment,
  carPriceKzt: leads.carPriceKzt,
  downPaymentKzt: leads.downPaymentKzt,
  termMonths: leads.termMonths,
  vin: leads.vin,
  sourcePath: leads.sourcePath,
  rejectionReason: leads.rejectionReason,
  firstContactAt: leads.firstContactAt,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
  listingId: leads.listingId,
  listingYear: listings.year,
  brandName: brands.name,
  modelName: models.name,
  partnerId: leads.partnerId,
  partnerName: partners.name,
  assigneeId: assignee.id,
  assigneeName: assignee.name,
  assigneeEmail: assignee.email,
}

const selectLeads = (db: Db) =>
  db
    .select(leadColumns)
    .from(leads)
    .leftJoin(listings, eq(listings.id, leads.listingId))
    .leftJoin(brands, eq(brands.id, listings.brandId))
    .leftJoin(models, eq(models.id, listings.modelId))
    .leftJoin(partners, eq(partners.id, leads.partnerId))
    .leftJoin(assignee, eq(assignee.id, leads.assignedTo))

export type LeadRow = Awaited<ReturnType<ReturnType<typeof selectLeads>['execute']>>[number]

function filters(query: Pick<LeadDeskQuery, 'status' | 'kind' | 'assigned'>, meId: string): SQL | undefined {
  const parts: SQL[] = []
  if (query.status === 'rejected') parts.push(inArray(leads.status, ['rejected', 'spam']))
  else if (query.status) parts.push(eq(leads.status, query.status))
  if (query.kind) parts.push(eq(leads.kind, query.kind))
  if (query.assigned === 'me') parts.push(eq(leads.assignedTo, meId))
  if (query.assigned === 'none') parts.push(isNull(leads.assignedTo))
  return parts.length > 0 ? and(...parts) : undefined
}

/** The order of the desks: new ones first by age (the oldest waiting on top), then the rest newest first. */
const deskOrder = [
  sql`(${leads.status} = 'new') desc`,
  sql`case when ${leads.status} = 'new' then ${leads.createdAt} end asc`,
  desc(leads.createdAt),
  desc(leads.id),
]

/** A page of leads, new ones first by age (the oldest waiting on top), then the rest newest first. */
export async function findLeadPage(db: Db, query: LeadDeskQuery, meId: string) {
  const where = filters(query, meId)
  const [rows, [total], [waiting]] = await Promise.all([
    selectLeads(db)
      .where(where)
      .orderBy(...deskOrder)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(leads).where(where),
    db
      .select({ n: count() })
      .from(leads)
      .where(and(eq(leads.status, 'new'), isNull(leads.assignedTo))),
  ])
  return { rows, total: total?.n ?? 0, waiting: waiting?.n ?? 0 }
}

/** Call-backs on the dealer's cars (whatever the car's status now), in the desk's order, at most `limit`. */
export function findDealerCallbacks(db: Db, dealerId: number, limit: number) {
  return selectLeads(db)
    .where(and(eq(listings.dealerId, dealerId), eq(leads.kind, 'callback')))
    .orderBy(...deskOrder)
    .limit(limit)
}

/** The dealer of a call-back's car; null for another kind of lead, a private seller's car or no car. */
export async function findCallbackDealer(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ dealerId: listings.dealerId })
    .from(leads)
    .innerJoin(listings, eq(listings.id, leads.listingId))
    .where(and(eq(leads.id, id), eq(leads.kind, 'callback')))
  return row?.dealerId ?? null
}

export async function findLead(db: Db, id: number): Promise<LeadRow | null> {
  const [row] = await selectLeads(db).where(eq(leads.id, id)).limit(1)
  return row ?? null
}

export function findLeadEvents(db: Db, leadId: number) {
  return db
    .select({
      id: leadEvents.id,
      action: leadEvents.action,
      fromStatus: leadEvents.fromStatus,
      toStatus: leadEvents.toStatus,
      text: leadEvents.text,
      createdAt: leadEvents.createdAt,
      actorId: actor.id,
      actorName: actor.name,
      actorEmail: actor.email,
      assigneeId: eventAssignee.id,
      assigneeName: eventAssignee.name,
      assigneeEmail: eventAssignee.email,
    })
    .from(leadEvents)
    .leftJoin(actor, eq(actor.id, leadEvents.actorId))
    .leftJoin(eventAssignee, eq(eventAssignee.id, leadEvents.assigneeId))
    .where(eq(leadEvents.leadId, leadId))
    .orderBy(asc(leadEvents.createdAt), asc(leadEvents.id))
}

/** Locks the lead for a change; null when there is none. */
export async function lockLead(tx: Db, id: number) {
  const [row] = await tx
    .select({
      id: leads.id,
      status: leads.status,
      assignedTo: leads.assignedTo,
      userId: leads.userId,
      kind: leads.kind,
      firstContactAt: leads.firstContactAt,
    })
    .from(leads)
    .where(eq(leads.id, id))
    .for('update')
    .limit(1)
  return row ?? null
}

export async function updateLead(
  tx: Db,
  id: number,
  values: Partial<Pick<typeof leads.$inferInsert, 'status' | 'assignedTo' | 'rejectionReason' | 'firstContactAt'>>,
  at: Date,
) {
  await tx
    .update(leads)
    .set({ ...values, updatedAt: at })
    .where(eq(leads.id, id))
}

export async function insertLeadEvent(tx: Db, values: typeof leadEvents.$inferInsert) {
  await tx.insert(leadEvents).values(values)
}

/** People who work the desk: managers, moderators and admins (not deleted). */
export function findDeskStaff(db: Db) {
  return db
    .select({ id: user.id, name: user.name, email: user.email, role: user.role })
    .from(user)
    .where(inArray(user.role, [...LEAD_DESK_ROLES]))
    .orderBy(asc(user.name), asc(user.id))
    .limit(200)
}

export async function findUserRole(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, id)).limit(1)
  return row?.role ?? null
}

/** The requests one person sent while signed in, newest first. */
export function findLeadsOfUser(db: Db, userId: string) {
  return selectLeads(db).where(eq(leads.userId, userId)).orderBy(desc(leads.createdAt), desc(leads.id)).limit(100)
}

/** Who is told of a new lead: the managers; with none, the admins. */
export async function findStaffOnDuty(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(inArray(user.role, ['manager', 'admin']))
    .limit(500)
  const managers = rows.filter((r) => r.role === 'manager')
  return (managers.length > 0 ? managers : rows).map((r) => r.id)
}

/** The partner's address for its own requests, with what the request says. */
export async function findPartnerRequest(db: Db, leadId: number) {
  const [row] = await db
    .select({
      kind: leads.kind,
      name: leads.name,
      phone: leads.phone,
      comment: leads.comment,
      createdAt: leads.createdAt,
      partnerName: partners.name,
      partnerEmail: partners.email,
    })
    .from(leads)
    .innerJoin(partners, eq(partners.id, leads.partnerId))
    .where(eq(leads.id, leadId))
    .limit(1)
  return row ?? null
}

export async function findLeadKind(db: Db, leadId: number) {
  const [row] = await db.select({ kind: leads.kind }).from(leads).where(eq(leads.id, leadId)).limit(1)
  return row?.kind ?? null
}
