import type { DealerRole, Locale, MyDealer, Showroom, ShowroomInput } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { FieldValidationError } from '../../lib/errors.ts'
import type { SessionUser } from '../identity/index.ts'
import { DealerNotFoundError, NotMemberError, OwnerOnlyError } from './dealers.errors.ts'
import { cityOf, showroomMapLinks, toMyDealer } from './dealers.mapper.ts'
import * as repo from './dealers.repository.ts'

/**
 * What every part of the dealers' service shares: who the caller is to a dealer, read from the database at each
 * call (a removed member loses access at once), and the dealer's own view with its showrooms.
 */
export function createDealerAccess(db: Db) {
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

  /** The caller's role in the dealer; NotMemberError for anyone else (staff included: they use the back office). */
  async function requireMember(u: SessionUser, dealerId: number): Promise<DealerRole> {
    const found = await repo.findDealer(db, dealerId)
    if (!found) throw new DealerNotFoundError(dealerId)
    const role = await repo.findMemberRole(db, dealerId, u.id)
    if (role !== 'owner' && role !== 'manager') throw new NotMemberError()
    return role
  }

  return {
    showroomsOf,
    requireMember,

    /** OwnerOnlyError for a manager, NotMemberError for anyone else. */
    async requireOwner(u: SessionUser, dealerId: number): Promise<void> {
      if ((await requireMember(u, dealerId)) !== 'owner') throw new OwnerOnlyError()
    },

    /** The dealer as its people see it, with the caller's role. Throws DealerNotFoundError. */
    async myDealer(dealerId: number, role: DealerRole, locale: Locale): Promise<MyDealer> {
      const found = await repo.findDealer(db, dealerId)
      if (!found) throw new DealerNotFoundError(dealerId)
      const showrooms = await showroomsOf([dealerId], locale)
      return toMyDealer(found.dealer, found.city, role, showrooms.get(dealerId) ?? [], locale)
    },

    /** Every city the dealer and its showrooms name exists (400 with the field otherwise). */
    async checkCities(cityId: number | undefined, showrooms: ShowroomInput[] | undefined): Promise<void> {
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
    },
  }
}
export type DealerAccess = ReturnType<typeof createDealerAccess>

/** A unique index refused the row (node-postgres and PGlite give the code on the error or its cause). */
export function isUniqueViolation(e: unknown): boolean {
  const codeOf = (x: unknown) => (typeof x === 'object' && x !== null && 'code' in x ? x.code : undefined)
  return codeOf(e) === '23505' || codeOf(e instanceof Error ? e.cause : null) === '23505'
}
