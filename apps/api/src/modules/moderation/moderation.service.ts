import {
  type AdminListing,
  type ApproveBody,
  type Locale,
  type ModerationDecision,
  type ModerationEventView,
  type ModerationQueuePage,
  type ModerationQueueQuery,
  type ModerationSignalCode,
  type ModerationStats,
  REJECTION_REASONS,
  type RejectBody,
  type RejectionReasonView,
  Role,
} from '@tulpar/contracts'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { keysetCursor } from '../../lib/keyset-cursor.ts'
import { recordAudit } from '../audit/index.ts'
import { type Actor, requireStaff, type SessionUser } from '../identity/index.ts'
import type { InspectionsService } from '../inspections/index.ts'
import type { JobSender } from '../jobs/index.ts'
import { findListingPhotos, ListingNotFoundError, listingTitle } from '../listings/index.ts'
import { sendSystemMessage } from '../messaging/index.ts'
import { localName, type ReferenceService } from '../reference/index.ts'
import { BadCursorError, NotInModerationError, NotPublishedError } from './moderation.errors.ts'
import * as repo from './moderation.repository.ts'
import { decisionMessage, REJECTION_REASON_TEXTS, reasonText } from './moderation.texts.ts'
import { findSignalFacts } from './signals.repository.ts'
import { explainSignals, triggeredSignals } from './signals.ts'

export interface ModerationServiceDeps {
  db: Db
  reference: ReferenceService
  inspections: InspectionsService
  /** Values a listing once it is published (market estimate and deal rating); the server passes valuation.refreshListingEstimate. */
  revalue?: (listingId: number) => Promise<unknown>
  /** Where the listing's publication is announced (saved-search alerts), in the decision's transaction. */
  jobs?: JobSender
}

/** Decisions of the last 30 days make the average and median wait. */
const STATS_PERIOD_DAYS = 30
const DAY_SECONDS = 86_400

const CURSOR = keysetCursor(z.tuple([z.string().min(1).max(64), z.number().int().positive()]))

export function encodeQueueCursor(c: repo.QueueCursor): string {
  return CURSOR.encode([c.at, c.id])
}

/** Throws BadCursorError for anything this API did not hand out. */
export function decodeQueueCursor(cursor: string): repo.QueueCursor {
  const key = CURSOR.decode(cursor)
  if (key && !Number.isNaN(Date.parse(key[0]))) return { at: key[0], id: key[1] }
  throw new BadCursorError()
}

function toRole(role: string | null): Role {
  const known = Role.safeParse(role)
  return known.success ? known.data : 'user'
}

/** Phone-only accounts carry a placeholder email that nobody reads. */
function realEmail(email: string): string | null {
  return email.endsWith('@phone.tulpar.kz') ? null : email
}

function toEventView(row: repo.HistoryRow, locale: Locale): ModerationEventView {
  return {
    id: row.id,
    action: row.action,
    actor: row.actor ? { id: row.actor.id, name: row.actor.name, email: realEmail(row.actor.email) } : null,
    reasonCode: row.reasonCode,
    reasonText: reasonText(row.reasonCode, locale),
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    waitedSeconds: row.waitedSeconds,
  }
}

interface DecideOptions {
  /** The status a decision applies to: a listing waiting in moderation, or a published one taken down. */
  from?: 'moderation' | 'published'
  /** More work in the decision's transaction. */
  inTx?: (tx: Db) => Promise<void>
}

/**
 * The signals that fire for one listing now (none for a missing one): a listing a trusted dealer sends is published
 * at once only without any (issue 38); with one it waits in the queue like any other.
 */
export async function findTriggeredSignals(db: Db, listingId: number): Promise<ModerationSignalCode[]> {
  const facts = (await findSignalFacts(db, [listingId])).get(listingId)
  return facts ? triggeredSignals(facts) : []
}

export function createModerationService({
  db,
  reference,
  inspections,
  revalue = async () => undefined,
  jobs,
}: ModerationServiceDeps) {
  type Decision = { action: 'approved'; comment: string | null } | ({ action: 'rejected' } & RejectBody)

  /** One transaction: the status, the event, the seller's message and the audit record, together or not at all. */
  async function decide(
    u: SessionUser,
    id: number,
    decision: Decision,
    locale: Locale,
    opts: DecideOptions = {},
  ): Promise<ModerationDecision> {
    requireStaff(u)
    const from = opts.from ?? 'moderation'
    const at = new Date()
    const comment = decision.comment?.trim() || null
    const eventId = await db.transaction(async (tx) => {
      const listing = await repo.lockListing(tx, id)
      if (!listing) throw new ListingNotFoundError(id)
      if (listing.status !== from)
        throw from === 'moderation'
          ? new NotInModerationError(id, listing.status)
          : new NotPublishedError(id, listing.status)
      if (decision.action === 'approved') {
        await repo.publishListing(tx, id, at)
        if (listing.priceKzt !== null) await repo.startPriceHistory(tx, id, listing.priceKzt, at)
        await jobs?.send('listing-event', { kind: 'published', listingId: id }, { tx })
      } else {
        await repo.rejectListing(tx, id, decision.reasonCode, at)
        // A car on sale taken down: those who saved it learn it is gone (the reason is the seller's to know).
        if (from === 'published') await jobs?.send('listing-event', { kind: 'withdrawn', listingId: id }, { tx })
      }
      const eventId = await repo.insertEvent(tx, {
        listingId: id,
        actorId: u.id,
        action: decision.action,
        reasonCode: decision.action === 'rejected' ? decision.reasonCode : null,
        comment,
        createdAt: at,
      })
      const context = await repo.findMessageContext(tx, id)
      const sellerLocale = context?.language ?? 'ru'
      const title = listingTitle(
        { brand: context?.brand ?? null, model: context?.model ?? null, year: context?.year ?? null },
        sellerLocale,
      )
      const body = decisionMessage(
        decision.action === 'approved'
          ? { action: 'approved' }
          : { action: 'rejected', reasonCode: decision.reasonCode },
        title,
        comment,
        sellerLocale,
      )
      await sendSystemMessage(tx, listing.ownerId, body, at)
      await recordAudit(tx, u, {
        action:
          decision.action === 'approved'
            ? 'listing.approved'
            : from === 'published'
              ? 'listing.taken_down'
              : 'listing.rejected',
        targetType: 'listing',
        targetId: id,
        before: { status: listing.status },
        after: {
          status: decision.action === 'approved' ? 'published' : 'rejected',
          ...(decision.action === 'rejected' ? { reasonCode: decision.reasonCode } : {}),
          ...(comment ? { comment } : {}),
        },
      })
      await opts.inTx?.(tx)
      return eventId
    })
    if (decision.action === 'approved') await revalue(id)
    const [row, history] = await Promise.all([repo.findAdminListing(db, id), repo.findHistory(db, id)])
    const event = history.find((h) => h.id === eventId)
    if (!row || !event) throw new ListingNotFoundError(id)
    return {
      id,
      status: row.listing.status,
      publishedAt: row.listing.publishedAt?.toISOString() ?? null,
      rejectionReason: row.listing.rejectionReason,
      event: toEventView(event, locale),
    }
  }

  return {
    /**
     * Takes a published listing down (a complaint found it wrong): rejected with the reason, the seller told why as
     * after moderation; `inTx` runs in the same transaction. Throws NotPublishedError, ListingNotFoundError.
     */
    takeDown: (u: SessionUser, id: number, body: RejectBody, locale: Locale, inTx?: (tx: Db) => Promise<void>) =>
      decide(u, id, { action: 'rejected', ...body }, locale, { from: 'published', ...(inTx ? { inTx } : {}) }),

    /** Listings waiting in moderation, the longest-waiting first (keyset paging). Staff only. */
    async listQueue(u: Actor, q: Pick<ModerationQueueQuery, 'cursor' | 'limit'>, locale: Locale) {
      requireStaff(u)
      const after = q.cursor ? decodeQueueCursor(q.cursor) : null
      const [rows, total] = await Promise.all([repo.findQueuePage(db, after, q.limit + 1), repo.countWaiting(db)])
      const page = rows.slice(0, q.limit)
      const facts = await findSignalFacts(
        db,
        page.map((r) => r.id),
      )
      const last = page.at(-1)
      const result: ModerationQueuePage = {
        results: page.map((r) => {
          const f = facts.get(r.id)
          return {
            id: r.id,
            brand: r.brand,
            model: r.model,
            year: r.year ?? 0,
            priceKzt: r.priceKzt ?? 0,
            mileage: r.mileage ?? 0,
            mileageUnit: r.mileageUnit,
            city: { id: r.city.id, slug: r.city.slug, name: localName(r.city, locale) },
            cover: r.coverPhotoKey
              ? { key: r.coverPhotoKey, isIllustration: r.coverPhotoKey.startsWith('illustrations/') }
              : null,
            photoCount: r.photoCount,
            seller: { id: r.seller.id, name: r.seller.name, createdAt: r.seller.createdAt.toISOString() },
            enteredAt: r.enteredAt.toISOString(),
            waitedSeconds: Math.max(0, r.waitedSeconds),
            signals: f ? triggeredSignals(f) : [],
          }
        }),
        total,
        nextCursor: rows.length > q.limit && last ? encodeQueueCursor({ at: last.enteredAtText, id: last.id }) : null,
      }
      return result
    },

    /** How many wait now and how long decisions took (average and median over 30 days). Staff only. */
    async getStats(u: Actor): Promise<ModerationStats> {
      requireStaff(u)
      const s = await repo.findStats(db, STATS_PERIOD_DAYS)
      const whole = (v: number | null) => (v === null ? null : Math.max(0, Math.round(v)))
      return {
        waiting: s.waiting,
        oldestWaitedSeconds: whole(s.oldest),
        periodDays: STATS_PERIOD_DAYS,
        decided: s.decided,
        measured: s.measured,
        averageWaitSeconds: whole(s.average),
        medianWaitSeconds: whole(s.median),
      }
    },

    /** The reason codes with their texts, for the reject form. */
    listRejectionReasons(u: Actor, locale: Locale): RejectionReasonView[] {
      requireStaff(u)
      return REJECTION_REASONS.map((code) => ({ code, label: REJECTION_REASON_TEXTS[code][locale] }))
    },

    /** Everything about one listing in any status. Staff only; throws ListingNotFoundError. */
    async getListingForReview(u: Actor, id: number, locale: Locale): Promise<AdminListing> {
      requireStaff(u)
      const row = await repo.findAdminListing(db, id)
      if (!row) throw new ListingNotFoundError(id)
      const l = row.listing
      const [photos, others, history, reports, facts, optionGroups] = await Promise.all([
        findListingPhotos(db, id),
        repo.findOtherListings(db, l.ownerId, id),
        repo.findHistory(db, id),
        inspections.listReportsForListing(id),
        findSignalFacts(db, [id]),
        reference.groupOptions(l.options, locale),
      ])
      const f = facts.get(id)
      const estimate =
        l.estimateKzt === null
          ? null
          : {
              estimateKzt: l.estimateKzt,
              lowKzt: l.estimateLowKzt,
              highKzt: l.estimateHighKzt,
              comparables: l.estimateComparables,
              rating: l.dealRating,
            }
      return {
        id: l.id,
        status: l.status,
        brand: row.brand,
        model: row.model,
        generation: row.generation,
        year: l.year,
        bodyType: l.bodyType,
        bodyTypeName: row.bodyTypeNames ? localName(row.bodyTypeNames, locale) : null,
        steering: l.steering,
        engineType: l.engineType,
        engineTypeName: row.engineTypeNames ? localName(row.engineTypeNames, locale) : null,
        engineVolumeCc: l.engineVolumeCc,
        powerHp: l.powerHp,
        hasGasEquipment: l.hasGasEquipment,
        transmission: l.transmission,
        drive: l.drive,
        colour: row.colour ? { code: row.colour.code, hex: row.colour.hex, name: localName(row.colour, locale) } : null,
        options: optionGroups,
        mileage: l.mileage,
        mileageUnit: l.mileageUnit,
        mileageKm: l.mileageKm,
        isNew: l.isNew,
        isCustomsCleared: l.isCustomsCleared,
        isDamaged: l.isDamaged,
        hasWarranty: l.hasWarranty,
        condition: l.condition,
        rangeKm: l.rangeKm,
        priceKzt: l.priceKzt,
        vin: l.vin,
        description: l.description,
        contactPhone: l.contactPhone,
        isBargainAllowed: l.isBargainAllowed,
        isExchangeAccepted: l.isExchangeAccepted,
        city: row.city ? { id: row.city.id, slug: row.city.slug, name: localName(row.city, locale) } : null,
        isTulpar: l.isTulpar,
        isInspected: l.isInspected,
        isHot: l.isHot,
        isCreditAvailable: l.isCreditAvailable,
        viewsCount: l.viewsCount,
        photos: photos.map((p) => ({
          key: p.storageKey,
          width: p.width,
          height: p.height,
          isIllustration: p.isIllustration,
        })),
        estimate,
        rejectionReason: l.rejectionReason,
        rejectionReasonText: reasonText(l.rejectionReason, locale),
        createdAt: l.createdAt.toISOString(),
        updatedAt: l.updatedAt.toISOString(),
        publishedAt: l.publishedAt?.toISOString() ?? null,
        statusChangedAt: l.statusChangedAt.toISOString(),
        waitedSeconds: l.status === 'moderation' ? Math.max(0, row.waitedSeconds) : null,
        seller: {
          id: row.seller.id,
          name: row.seller.name,
          email: realEmail(row.seller.email),
          phone: row.seller.phoneNumber ?? row.profilePhone,
          role: toRole(row.seller.role),
          createdAt: row.seller.createdAt.toISOString(),
          accountAgeDays: Math.floor((Date.now() - row.seller.createdAt.getTime()) / (DAY_SECONDS * 1000)),
          otherListings: others.rows.map((o) => ({
            id: o.id,
            title: listingTitle({ brand: o.brand, model: o.model, year: o.year }, locale),
            priceKzt: o.priceKzt,
            status: o.status,
            statusChangedAt: o.statusChangedAt.toISOString(),
          })),
          otherListingsTotal: others.total,
        },
        signals: f ? explainSignals(f, locale) : [],
        history: history.map((h) => toEventView(h, locale)),
        inspectionReports: reports,
      }
    },

    /**
     * Publishes a listing waiting in moderation (first publication date kept on re-approval) and tells the
     * seller. Staff only; throws ListingNotFoundError, NotInModerationError (409) for any other status.
     */
    approveListing(u: SessionUser, id: number, body: ApproveBody, locale: Locale) {
      return decide(u, id, { action: 'approved', comment: body.comment ?? null }, locale)
    },

    /** Rejects a listing waiting in moderation with a reason code and tells the seller why. Same rules. */
    rejectListing(u: SessionUser, id: number, body: RejectBody, locale: Locale) {
      return decide(u, id, { action: 'rejected', ...body }, locale)
    },
  }
}
export type ModerationService = ReturnType<typeof createModerationService>
