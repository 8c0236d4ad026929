import {
  type AdminDealer,
  type AdminDealerList,
  type AdminDealerQuery,
  DEALER_APPLICATIONS_PER_DAY,
  DEALER_CHECKLIST,
  DEALER_INVITES_PER_HOUR,
  type DealerApplyBody,
  type DealerChecklist,
  type DealerDecisionBody,
  type DealerInviteBody,
  type DealerList,
  type DealerListQuery,
  type DealerMembers,
  type DealerRole,
  type DealerStatus,
  type DealerUpdateBody,
  type Locale,
  type MyDealer,
  type MyDealers,
  type PublicDealer,
  type Showroom,
  type ShowroomInput,
} from '@tulpar/contracts'
import { normaliseKzPhone } from '@tulpar/contracts/phone'
import type { Db } from '../../db/client.ts'
import { FieldValidationError } from '../../lib/errors.ts'
import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limiter.ts'
import { recordAudit } from '../audit/index.ts'
import { mapLinks } from '../company/index.ts'
import { requireStaff, type SessionUser } from '../identity/index.ts'
import { localName } from '../reference/index.ts'
import {
  AlreadyMemberError,
  ApplicationPendingError,
  BinTakenError,
  ChecklistIncompleteError,
  DealerNotFoundError,
  DealerNotVerifiedError,
  InviteeNotFoundError,
  MemberNotFoundError,
  NotMemberError,
  OwnerOnlyError,
  OwnerStaysError,
} from './dealers.errors.ts'
import * as repo from './dealers.repository.ts'

/** What the dealers need of the listings, passed in where the services are wired (listings sits above dealers). */
interface DealerListings {
  /** Published cars per dealer. */
  count(dealerIds: number[]): Promise<Map<number, number>>
  /** Hands a removed member's cars of the dealer to its owner, in the removal's transaction. */
  reassign(tx: Db, dealerId: number, fromUserId: string, toUserId: string): Promise<void>
  /** Starts a draft listing sold as the dealer (selling's own draft, with the dealer set). */
  createDraft(u: SessionUser, dealerId: number): Promise<{ id: number }>
}

export interface DealersServiceDeps {
  db: Db
  limiter: RateLimiter
  listings: DealerListings
}

const cityOf = (c: repo.CityNames, locale: Locale) => ({ id: c.id, slug: c.slug, name: localName(c, locale) })

function describe(d: repo.DealerRow, locale: Locale): string {
  const own = locale === 'kk' ? d.descriptionKk : locale === 'en' ? d.descriptionEn : d.descriptionRu
  return own || d.descriptionRu || d.descriptionKk || d.descriptionEn
}

function checklistOf(stored: Record<string, boolean>): DealerChecklist {
  return {
    registryChecked: stored.registryChecked === true,
    contactConfirmed: stored.contactConfirmed === true,
    addressConfirmed: stored.addressConfirmed === true,
    applicantAuthorised: stored.applicantAuthorised === true,
  }
}

const showroomRows = (rows: ShowroomInput[]) =>
  rows.map((s) => ({
    cityId: s.cityId,
    address: s.address,
    lat: s.lat ?? null,
    lng: s.lng ?? null,
    phones: s.phones,
    workingHours: s.workingHours,
  }))

/** The pin in 2GIS and Yandex Maps, or a search for the address in its city when the dealer gave no coordinates. */
function showroomMapLinks(s: { lat: number | null; lng: number | null; address: string }, city: string) {
  if (s.lat !== null && s.lng !== null) return mapLinks(s.lat, s.lng)
  const query = encodeURIComponent(`${city}, ${s.address}`)
  return { twoGis: `https://2gis.kz/search/${query}`, yandex: `https://yandex.kz/maps/?text=${query}` }
}

/**
 * Dealers: company accounts whose people sell as the company. A signed-in user applies and becomes the owner; staff
 * verify, reject or suspend with a checklist and a note (audited); the owner adds and removes managers. Every
 * permission is read from the database at each call, so a removed member loses access at once.
 */
export function createDealersService({ db, limiter, listings }: DealersServiceDeps) {
  async function showroomsOf(ids: number[], locale: Locale): Promise<Map<number, Showroom[]>> {
    const rows = await repo.findShowrooms(db, ids)
    const out = new Map<number, Showroom[]>()
    for (const { showroom: s, city } of rows) {
      const list = out.get(s.dealerId) ?? []
      list.push({
        id: s.id,
        city: cityOf(city, locale),
        address: s.address,
        phones: s.phones,
        workingHours: s.workingHours,
        lat: s.lat,
        lng: s.lng,
        // Searched in Russian: the addresses are written so, and both maps read it.
        mapLinks: showroomMapLinks(s, city.nameRu),
      })
      out.set(s.dealerId, list)
    }
    return out
  }

  /** Every city the dealer and its showrooms name exists (400 with the field otherwise). */
  async function checkCities(cityId: number | undefined, showrooms: ShowroomInput[] | undefined) {
    const named = new Map<number, string>()
    if (cityId !== undefined) named.set(cityId, 'body.cityId')
    showrooms?.forEach((s, i) => {
      if (!named.has(s.cityId)) named.set(s.cityId, `body.showrooms.${i}.cityId`)
    })
    const known = await repo.findCityIds(db, [...named.keys()])
    const unknown = [...named].filter(([id]) => !known.has(id))
    if (unknown.length > 0)
      throw new FieldValidationError(
        unknown.map(([id, field]) => ({ field, code: 'unknown_city', message: `No city ${id}` })),
      )
  }

  /** The caller's role in the dealer; NotMemberError for anyone else (staff included: they use the back office). */
  async function requireMember(u: SessionUser, dealerId: number): Promise<DealerRole> {
    const found = await repo.findDealer(db, dealerId)
    if (!found) throw new DealerNotFoundError(dealerId)
    const role = await repo.findMemberRole(db, dealerId, u.id)
    if (role !== 'owner' && role !== 'manager') throw new NotMemberError()
    return role
  }

  async function requireOwner(u: SessionUser, dealerId: number): Promise<void> {
    if ((await requireMember(u, dealerId)) !== 'owner') throw new OwnerOnlyError()
  }

  async function myDealer(dealerId: number, role: DealerRole, locale: Locale): Promise<MyDealer> {
    const found = await repo.findDealer(db, dealerId)
    if (!found) throw new DealerNotFoundError(dealerId)
    const showrooms = await showroomsOf([dealerId], locale)
    return toMyDealer(found.dealer, found.city, role, showrooms.get(dealerId) ?? [], locale)
  }

  function toMyDealer(
    d: repo.DealerRow,
    city: repo.CityNames,
    role: DealerRole,
    showrooms: Showroom[],
    locale: Locale,
  ): MyDealer {
    return {
      id: d.id,
      legalName: d.legalName,
      kind: d.kind === 'sole_proprietor' ? 'sole_proprietor' : 'legal_entity',
      bin: d.bin,
      status: d.status as DealerStatus,
      city: cityOf(city, locale),
      phones: d.phones,
      workingHours: d.workingHours,
      description: { ru: d.descriptionRu, kk: d.descriptionKk, en: d.descriptionEn },
      showrooms,
      myRole: role,
      trustedToPublish: d.trustedToPublish,
      note: d.note,
      createdAt: d.createdAt.toISOString(),
    }
  }

  return {
    /**
     * Opens a dealer account waiting for staff; the applicant becomes its owner. Throws BinTakenError (the number is
     * live elsewhere), ApplicationPendingError (one waiting application per user), RateLimitedError, a 400 for an
     * unknown city.
     */
    async apply(u: SessionUser, body: DealerApplyBody, locale: Locale): Promise<MyDealer> {
      await enforceRateLimits(limiter, [
        { key: `dealer-apply:${u.id}`, limit: DEALER_APPLICATIONS_PER_DAY, windowSeconds: 86_400 },
      ])
      await checkCities(body.cityId, body.showrooms)
      if (await repo.hasPendingApplication(db, u.id)) throw new ApplicationPendingError()
      if (await repo.isBinTaken(db, body.bin)) throw new BinTakenError()
      const id = await db
        .transaction(async (tx) => {
          const row = await repo.insertDealer(tx, {
            legalName: body.legalName,
            kind: body.kind,
            bin: body.bin,
            cityId: body.cityId,
            phones: body.phones,
            workingHours: body.workingHours,
            descriptionRu: body.description.ru,
            descriptionKk: body.description.kk,
            descriptionEn: body.description.en,
            appliedBy: u.id,
          })
          await repo.replaceShowrooms(tx, row.id, showroomRows(body.showrooms))
          await repo.insertMember(tx, row.id, u.id, 'owner')
          return row.id
        })
        .catch((e: unknown) => {
          // Two applications with one number at once: the partial unique index decides.
          if (isUniqueViolation(e)) throw new BinTakenError()
          throw e
        })
      return myDealer(id, 'owner', locale)
    },

    /** The dealers the user works for, with their role in each. */
    async listMine(u: SessionUser, locale: Locale): Promise<MyDealers> {
      const rows = await repo.findDealersOfUser(db, u.id)
      const showrooms = await showroomsOf(
        rows.map((r) => r.dealer.id),
        locale,
      )
      return {
        results: rows.map((r) =>
          toMyDealer(
            r.dealer,
            r.city,
            r.role === 'owner' ? 'owner' : 'manager',
            showrooms.get(r.dealer.id) ?? [],
            locale,
          ),
        ),
      }
    },

    /** One of the user's dealers. Throws DealerNotFoundError, NotMemberError. */
    async getMine(u: SessionUser, dealerId: number, locale: Locale): Promise<MyDealer> {
      return myDealer(dealerId, await requireMember(u, dealerId), locale)
    },

    /** The owner edits the account (not its number or kind); showrooms, when given, replace the set. */
    async update(u: SessionUser, dealerId: number, body: DealerUpdateBody, locale: Locale): Promise<MyDealer> {
      await requireOwner(u, dealerId)
      await checkCities(body.cityId, body.showrooms)
      await db.transaction(async (tx) => {
        await repo.updateDealer(tx, dealerId, {
          ...(body.legalName === undefined ? {} : { legalName: body.legalName }),
          ...(body.cityId === undefined ? {} : { cityId: body.cityId }),
          ...(body.phones === undefined ? {} : { phones: body.phones }),
          ...(body.workingHours === undefined ? {} : { workingHours: body.workingHours }),
          ...(body.description === undefined
            ? {}
            : {
                descriptionRu: body.description.ru,
                descriptionKk: body.description.kk,
                descriptionEn: body.description.en,
              }),
        })
        if (body.showrooms) await repo.replaceShowrooms(tx, dealerId, showroomRows(body.showrooms))
      })
      return myDealer(dealerId, 'owner', locale)
    },

    /** The dealer's people; members see them, the owner manages them. */
    async listMembers(u: SessionUser, dealerId: number): Promise<DealerMembers> {
      await requireMember(u, dealerId)
      const rows = await repo.findMembers(db, dealerId)
      return {
        results: rows.map((r) => ({
          userId: r.userId,
          name: r.name,
          email: r.email,
          phone: r.phone,
          role: r.role === 'owner' ? 'owner' : 'manager',
          addedAt: r.addedAt.toISOString(),
        })),
      }
    },

    /**
     * The owner adds an existing account (by e-mail or phone) as a manager. Throws OwnerOnlyError,
     * InviteeNotFoundError, AlreadyMemberError, RateLimitedError.
     */
    async invite(u: SessionUser, dealerId: number, body: DealerInviteBody): Promise<DealerMembers> {
      await requireOwner(u, dealerId)
      await enforceRateLimits(limiter, [
        { key: `dealer-invite:${dealerId}`, limit: DEALER_INVITES_PER_HOUR, windowSeconds: 3600 },
      ])
      const isEmail = body.contact.includes('@')
      const phone = isEmail ? null : normaliseKzPhone(body.contact)
      if (!isEmail && !phone)
        throw new FieldValidationError([
          { field: 'body.contact', code: 'invalid_contact', message: 'Enter an e-mail or a phone number' },
        ])
      const invitee = await repo.findUserByContact(db, isEmail ? body.contact : null, phone)
      if (!invitee) throw new InviteeNotFoundError()
      if (await repo.findMemberRole(db, dealerId, invitee.id)) throw new AlreadyMemberError()
      await repo.insertMember(db, dealerId, invitee.id, 'manager').catch((e: unknown) => {
        if (isUniqueViolation(e)) throw new AlreadyMemberError()
        throw e
      })
      return this.listMembers(u, dealerId)
    },

    /**
     * The owner removes a manager; the manager's cars of this dealer pass to the owner, and the manager's next
     * request is refused. Throws OwnerOnlyError, OwnerStaysError, MemberNotFoundError.
     */
    async removeMember(u: SessionUser, dealerId: number, userId: string): Promise<DealerMembers> {
      await requireOwner(u, dealerId)
      if (userId === u.id) throw new OwnerStaysError()
      await db.transaction(async (tx) => {
        await repo.lockDealer(tx, dealerId)
        const role = await repo.findMemberRole(tx, dealerId, userId)
        if (role === null) throw new MemberNotFoundError()
        if (role === 'owner') throw new OwnerStaysError()
        await repo.deleteMember(tx, dealerId, userId)
        await listings.reassign(tx, dealerId, userId, u.id)
      })
      return this.listMembers(u, dealerId)
    },

    /**
     * Starts a draft listing sold as the dealer. Throws NotMemberError, DealerNotVerifiedError (only a verified
     * dealer sells), and selling's own refusals (too many drafts).
     */
    async createListing(u: SessionUser, dealerId: number): Promise<{ id: number }> {
      await requireMember(u, dealerId)
      const found = await repo.findDealer(db, dealerId)
      if (found?.dealer.status !== 'verified') throw new DealerNotVerifiedError(dealerId)
      return listings.createDraft(u, dealerId)
    },

    /**
     * Whether a listing the user sells as the dealer may skip the moderation queue: the dealer is verified, staff
     * trust it to publish at once, and the user still works for it. Read now, like every permission here.
     */
    async isTrustedPublisher(dealerId: number, userId: string): Promise<boolean> {
      const found = await repo.findDealer(db, dealerId)
      if (found?.dealer.status !== 'verified' || !found.dealer.trustedToPublish) return false
      return (await repo.findMemberRole(db, dealerId, userId)) !== null
    },

    /** Verified dealers by name, in a city (its slug) or all Kazakhstan; an unknown city lists none. */
    async listVerified(q: DealerListQuery, locale: Locale): Promise<DealerList> {
      const cityId = q.city ? await repo.findCityIdBySlug(db, q.city) : null
      if (q.city && cityId === null) return { results: [] }
      const rows = await repo.findVerifiedDealers(db, cityId)
      const counts = await listings.count(rows.map((r) => r.dealer.id))
      return {
        results: rows.map((r) => ({
          id: r.dealer.id,
          name: r.dealer.legalName,
          city: cityOf(r.city, locale),
          showroomCount: r.showroomCount,
          listingCount: counts.get(r.dealer.id) ?? 0,
        })),
      }
    },

    /** A verified dealer's public page data. Throws DealerNotFoundError for any other (not yet verified, suspended). */
    async getPublic(dealerId: number, locale: Locale): Promise<PublicDealer> {
      const found = await repo.findDealer(db, dealerId)
      if (found?.dealer.status !== 'verified') throw new DealerNotFoundError(dealerId)
      const [showrooms, counts] = await Promise.all([showroomsOf([dealerId], locale), listings.count([dealerId])])
      const d = found.dealer
      return {
        id: d.id,
        name: d.legalName,
        kind: d.kind === 'sole_proprietor' ? 'sole_proprietor' : 'legal_entity',
        city: cityOf(found.city, locale),
        phones: d.phones,
        workingHours: d.workingHours,
        description: describe(d, locale),
        showrooms: showrooms.get(dealerId) ?? [],
        listingCount: counts.get(dealerId) ?? 0,
      }
    },

    /** Staff: applications first (oldest first), then the others, newest first. */
    async listForStaff(u: SessionUser, q: AdminDealerQuery, locale: Locale): Promise<AdminDealerList> {
      requireStaff(u)
      const rows = await repo.findDealersForStaff(db, q.status ?? null, q.limit)
      const owners = new Map(
        (
          await repo.findUsers(
            db,
            rows.flatMap((r) => (r.ownerId ? [r.ownerId] : [])),
          )
        ).map((o) => [o.id, o]),
      )
      return {
        results: rows.map((r): AdminDealer => {
          const owner = r.ownerId ? owners.get(r.ownerId) : undefined
          return {
            id: r.dealer.id,
            legalName: r.dealer.legalName,
            kind: r.dealer.kind === 'sole_proprietor' ? 'sole_proprietor' : 'legal_entity',
            bin: r.dealer.bin,
            status: r.dealer.status as DealerStatus,
            city: cityOf(r.city, locale),
            phones: r.dealer.phones,
            showroomCount: r.showroomCount,
            owner: owner ? { id: owner.id, name: owner.name, email: owner.email } : null,
            checklist: checklistOf(r.dealer.checklist),
            note: r.dealer.note,
            trustedToPublish: r.dealer.trustedToPublish,
            createdAt: r.dealer.createdAt.toISOString(),
            decidedAt: r.dealer.decidedAt?.toISOString() ?? null,
          }
        }),
      }
    },

    /**
     * Staff verify (every checklist item ticked), reject or suspend (a note saying why), recorded in the audit trail
     * in the same transaction. Throws DealerNotFoundError, ChecklistIncompleteError.
     */
    async decide(
      u: SessionUser,
      dealerId: number,
      body: DealerDecisionBody,
    ): Promise<{ id: number; status: DealerStatus }> {
      requireStaff(u)
      if (body.status === 'verified' && !DEALER_CHECKLIST.every((k) => body.checklist[k]))
        throw new ChecklistIncompleteError()
      await db.transaction(async (tx) => {
        const before = await repo.lockDealer(tx, dealerId)
        if (!before) throw new DealerNotFoundError(dealerId)
        const trusted = body.trustedToPublish ?? before.trustedToPublish
        await repo.updateDealer(tx, dealerId, {
          status: body.status,
          checklist: body.checklist,
          note: body.note || null,
          trustedToPublish: trusted,
          decidedBy: u.id,
          decidedAt: new Date(),
        })
        await recordAudit(tx, u, {
          action: `dealer.${body.status}`,
          targetType: 'dealer',
          targetId: dealerId,
          before: { status: before.status, trustedToPublish: before.trustedToPublish },
          // The note is the staff's own words about a company, not a person's data; its length is enough here too.
          after: {
            status: body.status,
            trustedToPublish: trusted,
            checklist: body.checklist,
            noteLength: body.note.length,
          },
        })
      })
      return { id: dealerId, status: body.status }
    },
  }
}
export type DealersService = ReturnType<typeof createDealersService>

/** A unique index refused the row (node-postgres and PGlite give the code on the error or its cause). */
function isUniqueViolation(e: unknown): boolean {
  const codeOf = (x: unknown) => (typeof x === 'object' && x !== null && 'code' in x ? x.code : undefined)
  return codeOf(e) === '23505' || codeOf(e instanceof Error ? e.cause : null) === '23505'
}
