import {
  EDITABLE_STATUSES,
  FIELD_STEPS,
  type FieldError,
  MATERIAL_FIELDS,
  MATERIAL_PRICE_DROP,
  MAX_OPEN_DRAFTS,
  MAX_PRICE_KZT,
  MIN_LISTING_PHOTOS,
  type MyListings,
  OWN_VIEWS_DAYS,
  type OwnListing,
  type SaveStepBody,
  type SellerListing,
  type SellingActionResult,
} from '@tulpar/contracts'
import { normaliseKzPhone } from '@tulpar/contracts/phone'
import type { Db } from '../../db/client.ts'
import { FieldValidationError } from '../../lib/errors.ts'
import { findFavouritedBy } from '../favourites/index.ts'
import type { SessionUser } from '../identity/index.ts'
import type { JobSender } from '../jobs/index.ts'
import { findListingPhotos, findListingTitle, ListingNotFoundError, viewDay } from '../listings/index.ts'
import type { MediaStorage } from '../media/index.ts'
import type { PhonesService } from '../phones/index.ts'
import type { ReferenceService } from '../reference/index.ts'
import {
  ContactPhoneNotConfirmedError,
  ListingNotEditableError,
  ListingStatusError,
  NoContactPhoneError,
  TooManyDraftsError,
} from './selling.errors.ts'
import { toMyListing, toSellerListing } from './selling.mapper.ts'
import { createSellingPhotos } from './selling.photos.ts'
import { type CarToSell, prefillFromCar } from './selling.prefill.ts'
import * as repo from './selling.repository.ts'
import { fieldError, type StepDeps, stepBodiesOf, validateStep } from './selling.steps.ts'

export interface SellingServiceDeps {
  db: Db
  reference: ReferenceService
  media: MediaStorage
  /** Confirmed phone numbers: a listing goes to moderation only with a contact phone its owner confirmed. */
  phones: PhonesService
  clock?: () => Date
  /**
   * Values one listing again (the market estimate and deal rating); called after a published listing's price,
   * year or mileage changes. Nothing by default (unit tests); the server passes valuation.refreshListingEstimate.
   */
  revalue?: (listingId: number) => Promise<unknown>
  /** Where price drops, sales and removals are announced (favourites' alerts), in the change's transaction. */
  jobs?: JobSender
  /**
   * Whether a listing sent by its seller is published at once instead of waiting in the queue: a verified dealer's
   * car that staff trust it to publish, with no fraud signal (issue 38). Never, by default; services.ts passes the
   * dealers' trust and moderation's signals (both sit elsewhere).
   */
  publishesAtOnce?: (listing: { id: number; ownerId: string; dealerId: number }) => Promise<boolean>
}

/** Fields the market estimate of a listing depends on, apart from the material ones that send it to moderation. */
/** A day in milliseconds: Kazakhstan keeps no daylight saving, so a day back is always 24 hours back. */
const DAY_MS = 86_400_000
const VALUED_FIELDS = ['priceKzt', 'year', 'mileageKm'] as const

const SENT_TO_MODERATION = 'Your listing has been sent for moderation.'
const PUBLISHED = 'Your listing is published.'
/** The system's note on the approval of a trusted dealer's car (the back office's history shows it). */
const PUBLISHED_AT_ONCE = 'Published at once: a verified dealer trusted to publish, and no moderation signal fired.'

const isStaff = (u: SessionUser) => u.role === 'moderator' || u.role === 'admin'
const isEditable = (status: string) => (EDITABLE_STATUSES as readonly string[]).includes(status)

/** Material fields that `patch` changes, plus `price` for a drop of more than MATERIAL_PRICE_DROP. */
function materialChanges(row: repo.ListingRow, patch: repo.ListingPatch): string[] {
  const changed: string[] = MATERIAL_FIELDS.filter((f) => patch[f] !== undefined && patch[f] !== row[f])
  if (
    patch.priceKzt !== undefined &&
    patch.priceKzt !== null &&
    row.priceKzt !== null &&
    patch.priceKzt < row.priceKzt * (1 - MATERIAL_PRICE_DROP)
  )
    changed.push('price')
  return changed
}

export function createSellingService({
  db,
  reference,
  media,
  phones,
  clock = () => new Date(),
  revalue = async () => undefined,
  jobs,
  publishesAtOnce = async () => false,
}: SellingServiceDeps) {
  const stepDeps: StepDeps = { db, reference, now: clock }

  /** The listing if `u` owns it or moderates; anyone else gets the same 404 as for a missing listing. */
  async function loadManaged(u: SessionUser, id: number): Promise<repo.ListingRow> {
    const row = await repo.findListingRow(db, id)
    if (!row || (row.ownerId !== u.id && !isStaff(u))) throw new ListingNotFoundError(id)
    return row
  }

  async function modificationIdOf(row: repo.ListingRow): Promise<number | null> {
    if (!row.modelId || !row.engineType) return null
    const mods = await reference.listModifications(row.modelId)
    const match = mods.find(
      (m) =>
        m.engineType === row.engineType &&
        (row.engineVolumeCc === null || m.engineVolumeCc === row.engineVolumeCc) &&
        m.powerHp === row.powerHp,
    )
    return match?.id ?? null
  }

  /** Whether the listing's contact phone is one its owner (not whoever acts on it) confirmed by SMS code. */
  async function isContactPhoneConfirmed(row: repo.ListingRow): Promise<boolean> {
    return row.contactPhone !== null && (await phones.isConfirmed(row.ownerId, row.contactPhone))
  }

  async function view(row: repo.ListingRow): Promise<SellerListing> {
    const [photos, names, modificationId, phoneConfirmed] = await Promise.all([
      findListingPhotos(db, row.id),
      repo.findTitleNames(db, row.brandId, row.modelId),
      modificationIdOf(row),
      isContactPhoneConfirmed(row),
    ])
    return toSellerListing(row, photos, names, modificationId, phoneConfirmed)
  }

  /** The listing if `u` owns it; anyone else (moderators too) gets the same 404 as for a missing listing. */
  async function loadOwn(u: SessionUser, id: number): Promise<repo.ListingRow> {
    const row = await repo.findListingRow(db, id)
    if (!row || row.ownerId !== u.id) throw new ListingNotFoundError(id)
    return row
  }

  /**
   * Writes `patch` to a listing the way every change must: a published listing with a material change goes
   * back to moderation (a `returned_to_moderation` event says what changed); a price change outside drafts is
   * kept in the price history.
   */
  async function commitChange(
    u: SessionUser,
    row: repo.ListingRow,
    patch: repo.ListingPatch,
    alsoMaterial: string[] = [],
    /** A bulk step's transaction: the change joins it, and the caller values the cars again after its commit. */
    outer?: Db,
  ): Promise<repo.ListingRow> {
    const material = [...materialChanges(row, patch), ...alsoMaterial]
    const toModeration = row.status === 'published' && material.length > 0
    const priceChanged =
      row.status !== 'draft' &&
      patch.priceKzt !== undefined &&
      patch.priceKzt !== null &&
      patch.priceKzt !== row.priceKzt
    const inTransaction = <T>(work: (tx: Db) => Promise<T>) => (outer ? work(outer) : db.transaction(work))
    const committed = await inTransaction(async (tx) => {
      const statusPatch: repo.ListingPatch = toModeration ? { status: 'moderation', statusChangedAt: clock() } : {}
      const updated = await repo.updateListingRow(tx, row.id, { ...patch, ...statusPatch })
      if (toModeration)
        await repo.insertModerationEvent(tx, {
          listingId: row.id,
          actorId: null,
          action: 'returned_to_moderation',
          comment: `changed by ${row.ownerId === u.id ? 'the owner' : u.role}: ${material.join(', ')}`,
        })
      if (priceChanged && patch.priceKzt) await repo.insertPrice(tx, row.id, patch.priceKzt)
      // Buyers who keep it in favourites hear of a drop while they can still buy it.
      if (
        priceChanged &&
        patch.priceKzt &&
        row.priceKzt &&
        patch.priceKzt < row.priceKzt &&
        updated.status === 'published'
      )
        await jobs?.send(
          'listing-event',
          { kind: 'price-dropped', listingId: row.id, fromKzt: row.priceKzt, toKzt: patch.priceKzt },
          { tx },
        )
      return updated
    })
    // After the commit: the estimate reads the listing as other transactions see it.
    if (
      !outer &&
      committed.status === 'published' &&
      VALUED_FIELDS.some((f) => patch[f] !== undefined && patch[f] !== row[f])
    )
      await revalue(committed.id)
    return committed
  }

  /** The number a code is for: the one given (checked like the form's), else the listing's contact phone. */
  function phoneToConfirm(row: repo.ListingRow, phone: string | undefined): string {
    if (phone === undefined) {
      if (!row.contactPhone) throw new NoContactPhoneError()
      return row.contactPhone
    }
    const normalised = normaliseKzPhone(phone)
    if (!normalised) throw new FieldValidationError([fieldError('phone', 'phone')])
    return normalised
  }

  /**
   * Buyers and moderators only ever see a contact phone the owner confirmed: a listing under review or published
   * cannot switch to another number before it is confirmed (drafts may; publishing checks).
   */
  async function unconfirmedPhoneError(row: repo.ListingRow, patch: repo.ListingPatch): Promise<FieldError[]> {
    const phone = patch.contactPhone
    if (row.status !== 'moderation' && row.status !== 'published') return []
    if (!phone || phone === row.contactPhone || (await phones.isConfirmed(row.ownerId, phone))) return []
    return [fieldError('contactPhone', 'not_confirmed')]
  }

  function assertEditable(row: repo.ListingRow) {
    if (!isEditable(row.status)) throw new ListingNotEditableError(row.status)
  }

  const photos = createSellingPhotos({ db, media, loadManaged, commitChange, view, assertEditable })

  return {
    ...photos,

    /** Starts a draft, with the contact phone and city of the profile filled in. Throws TooManyDraftsError. */
    async createDraft(u: SessionUser, as: { dealerId?: number } = {}): Promise<SellerListing> {
      if ((await repo.countDrafts(db, u.id)) >= MAX_OPEN_DRAFTS) throw new TooManyDraftsError()
      const profile = await repo.findProfileDefaults(db, u.id)
      const row = await repo.insertDraft(db, {
        // Sold as a dealer: the dealers service checked the user works for it (issue 38).
        ...(as.dealerId === undefined ? {} : { dealerId: as.dealerId }),
        ownerId: u.id,
        contactPhone: profile?.phone ?? u.phoneNumber ?? null,
        cityId: profile?.cityId ?? null,
      })
      return view(row)
    },

    /**
     * Starts a draft of a car the user already described (the garage's "sell this car"): brand, model, year,
     * mileage, VIN, steering, customs and engine filled in as far as they fit the reference data, with the
     * profile's contact phone and city. Throws TooManyDraftsError.
     */
    async createDraftOf(u: SessionUser, car: CarToSell): Promise<SellerListing> {
      if ((await repo.countDrafts(db, u.id)) >= MAX_OPEN_DRAFTS) throw new TooManyDraftsError()
      const [profile, prefill] = await Promise.all([repo.findProfileDefaults(db, u.id), prefillFromCar(reference, car)])
      const row = await repo.insertDraft(db, {
        ...prefill,
        ownerId: u.id,
        contactPhone: profile?.phone ?? u.phoneNumber ?? null,
        cityId: profile?.cityId ?? null,
      })
      return view(row)
    },

    /** Throws ListingNotFoundError; only the owner or a moderator may read a draft (or any listing this way). */
    async getSellerListing(u: SessionUser, id: number): Promise<SellerListing> {
      return view(await loadManaged(u, id))
    },

    /**
     * For the car page: the listing's status and buyers' interest when `u` owns it, null when they do not (the
     * page then shows the contacts, as to anyone).
     */
    async ownListingStats(u: Pick<SessionUser, 'id'>, id: number): Promise<OwnListing | null> {
      const stats = await repo.findOwnListingStats(db, id, u.id)
      if (!stats) return null
      const now = clock().getTime()
      const days = Array.from({ length: OWN_VIEWS_DAYS }, (_, i) =>
        viewDay(new Date(now - (OWN_VIEWS_DAYS - 1 - i) * DAY_MS)),
      )
      const views = await repo.findViewsByDay(db, id, days[0] ?? viewDay(new Date(now)))
      return { ...stats, viewsByDay: days.map((day) => ({ day, views: views.get(day) ?? 0 })) }
    },

    /** The signed-in user's listings in every status, most recently changed first. */
    async listMyListings(u: SessionUser): Promise<MyListings> {
      const rows = await repo.findOwnerListings(db, u.id)
      return { results: rows.map(toMyListing) }
    },

    /**
     * Saves one step after checking it against the earlier ones (FieldValidationError with the spec's texts).
     * A published listing with a material change goes back to moderation; one under review or published keeps a
     * confirmed contact phone (`not_confirmed` on another number until its code is confirmed).
     */
    async saveStep(u: SessionUser, id: number, body: SaveStepBody): Promise<SellerListing> {
      const row = await loadManaged(u, id)
      assertEditable(row)
      const { patch, errors } = await validateStep(stepDeps, body, row)
      errors.push(...(await unconfirmedPhoneError(row, patch)))
      if (errors.length > 0) throw new FieldValidationError(errors)
      return view(await commitChange(u, row, patch))
    },

    /**
     * Checks every step and the photos, then sends a draft (or a rejected listing) to moderation with a
     * `submitted` event, or publishes it at once when `publishesAtOnce` says so (a trusted dealer's car without a
     * fraud signal; an `approved` event without an actor follows). Throws FieldValidationError listing every
     * incomplete field, then ContactPhoneNotConfirmedError unless the owner confirmed the contact phone by SMS code.
     */
    async publish(u: SessionUser, id: number): Promise<SellingActionResult> {
      const row = await loadManaged(u, id)
      if (row.status !== 'draft' && row.status !== 'rejected') throw new ListingStatusError('publish', row.status)
      const bodies = stepBodiesOf(row, await modificationIdOf(row))
      const errors: FieldError[] = []
      for (const step of FIELD_STEPS) errors.push(...(await validateStep(stepDeps, bodies[step], row)).errors)
      if (row.photoCount < MIN_LISTING_PHOTOS) errors.push(fieldError('photos', 'required'))
      if (errors.length > 0) throw new FieldValidationError(errors)
      if (!(await isContactPhoneConfirmed(row))) throw new ContactPhoneNotConfirmedError()
      const atOnce =
        row.dealerId !== null && (await publishesAtOnce({ id, ownerId: row.ownerId, dealerId: row.dealerId }))
      const updated = await db.transaction(async (tx) => {
        const at = clock()
        const next = await repo.updateListingRow(tx, id, {
          status: atOnce ? 'published' : 'moderation',
          statusChangedAt: at,
          rejectionReason: null,
          // As a moderator's approval: the first publication's time stays (a rejected car published again).
          ...(atOnce ? { publishedAt: row.publishedAt ?? at } : {}),
        })
        await repo.insertModerationEvent(tx, { listingId: id, actorId: u.id, action: 'submitted' })
        // Approved by the system (no actor), so the back office's history says how the car got on sale.
        if (atOnce)
          await repo.insertModerationEvent(tx, {
            listingId: id,
            actorId: null,
            action: 'approved',
            comment: PUBLISHED_AT_ONCE,
          })
        // The history starts with the price the listing was submitted at.
        if (row.priceKzt && (await repo.countPrices(tx, id)) === 0) await repo.insertPrice(tx, id, row.priceKzt)
        // Saved-search alerts and the rest of a publication, as after a moderator's approval.
        if (atOnce) await jobs?.send('listing-event', { kind: 'published', listingId: id }, { tx })
        return next
      })
      if (!atOnce)
        return { code: 'listing.sent_to_moderation', message: SENT_TO_MODERATION, listing: await view(updated) }
      await revalue(id)
      return { code: 'listing.published', message: PUBLISHED, listing: await view(updated) }
    },

    /**
     * Sends an SMS code to `phone` (a number about to become the contact phone) or else the listing's contact
     * phone; owner only (others get 404), within the limits of every SMS send. Answers the number.
     * Throws NoContactPhoneError, FieldValidationError (a bad number), TooManyRequestsError.
     */
    async sendContactPhoneCode(
      u: SessionUser,
      id: number,
      client: { ip: string },
      phone?: string,
    ): Promise<{ phone: string }> {
      const target = phoneToConfirm(await loadOwn(u, id), phone)
      await phones.sendCode(u.id, target, client)
      return { phone: target }
    },

    /**
     * Confirms `phone` (or else the listing's contact phone) with the SMS code; owner only (others get 404). The
     * listing itself is not changed. Throws the phone.* code errors, NoContactPhoneError, FieldValidationError.
     */
    async confirmContactPhone(
      u: SessionUser,
      id: number,
      code: string,
      client: { ip: string },
      phone?: string,
    ): Promise<SellerListing> {
      const row = await loadOwn(u, id)
      const target = phoneToConfirm(row, phone)
      if (!(await phones.isConfirmed(u.id, target))) await phones.confirmCode(u.id, target, code, client)
      return view(row)
    },

    /** A new price, kept in the price history; a drop beyond MATERIAL_PRICE_DROP sends a published listing back to moderation. */
    async changePrice(u: SessionUser, id: number, priceKzt: number): Promise<SellerListing> {
      const row = await loadManaged(u, id)
      assertEditable(row)
      if (row.status === 'draft') throw new ListingStatusError('reprice', row.status)
      return view(await commitChange(u, row, { priceKzt }))
    },

    /** Only a listing on sale, or paused waiting for its seller (decision 032), can be sold. */
    async markSold(u: SessionUser, id: number): Promise<SellingActionResult> {
      const row = await loadManaged(u, id)
      if (row.status !== 'published' && row.status !== 'paused')
        throw new ListingStatusError('mark as sold', row.status)
      const updated = await db.transaction(async (tx) => {
        const sold = await repo.updateListingRow(tx, id, { status: 'sold', statusChangedAt: clock() })
        await jobs?.send('listing-event', { kind: 'sold', listingId: id }, { tx })
        return sold
      })
      return { code: 'listing.sold', message: 'car sold', listing: await view(updated) }
    },

    /**
     * A dealer desk's bulk step (issue 38), all or none in one transaction: a new price for each car through the one
     * price change path (history, favouriters' drop alerts, moderation after a big drop), or sold as `markSold` does.
     * Only the dealer's own cars on sale: any other id is a ListingNotFoundError and nothing changes. A price out of
     * the step form's bounds is a 400. The caller's place in the dealer is checked by the dealer desk.
     */
    async bulkChange(
      u: SessionUser,
      dealerId: number,
      ids: number[],
      step: { kind: 'sold' } | { kind: 'price'; priceOf: (current: number | null) => number },
    ): Promise<repo.ListingRow[]> {
      const changed = await db.transaction(async (tx) => {
        const rows = await repo.lockDealerCarsOnSale(tx, dealerId, ids)
        const missing = ids.find((id) => !rows.some((r) => r.id === id))
        if (missing !== undefined) throw new ListingNotFoundError(missing)
        const out: repo.ListingRow[] = []
        for (const row of rows) {
          if (step.kind === 'sold') {
            out.push(await repo.updateListingRow(tx, row.id, { status: 'sold', statusChangedAt: clock() }))
            await jobs?.send('listing-event', { kind: 'sold', listingId: row.id }, { tx })
            continue
          }
          const priceKzt = step.priceOf(row.priceKzt)
          if (!Number.isInteger(priceKzt) || priceKzt < 1 || priceKzt > MAX_PRICE_KZT)
            throw new FieldValidationError([
              { field: 'body.ids', code: 'price_bounds', message: `The price of car ${row.id} would be ${priceKzt}` },
            ])
          out.push(await commitChange(u, row, { priceKzt }, [], tx))
        }
        return out
      })
      for (const row of changed) if (step.kind === 'price' && row.status === 'published') await revalue(row.id)
      return changed
    },

    /** Deletes the listing with its photos, history and files (spec: 'car deleted'). */
    async deleteListing(u: SessionUser, id: number): Promise<SellingActionResult> {
      const row = await loadManaged(u, id)
      await db.transaction(async (tx) => {
        // The favourites go with the row: who to tell, and what the car was, travel with the job.
        if (row.status === 'published' || row.status === 'sold') {
          const userIds = await findFavouritedBy(tx, row.id)
          if (userIds.length > 0)
            await jobs?.send(
              'listing-event',
              { kind: 'removed', listingId: row.id, userIds, title: (await findListingTitle(tx, row.id)) ?? '' },
              { tx },
            )
        }
        await repo.deleteListingRow(tx, row.id)
      })
      await media.deletePrefix(`listings/${row.id}/`)
      return { code: 'listing.deleted', message: 'car deleted', listing: null }
    },
  }
}
export type SellingService = ReturnType<typeof createSellingService>
