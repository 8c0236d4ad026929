import type { DealerList, DealerListQuery, Locale, MyDealer, MyDealers, PublicDealer } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import type { SessionUser } from '../identity/index.ts'
import type { DealerAccess } from './dealer-access.ts'
import { DealerNotFoundError } from './dealers.errors.ts'
import { cityOf, describe, kindOf, logoOf, toMyDealer } from './dealers.mapper.ts'
import * as repo from './dealers.repository.ts'

interface PagesDeps {
  db: Db
  access: DealerAccess
  /** Published cars per dealer. */
  countListings(dealerIds: number[]): Promise<Map<number, number>>
}

/** Reading dealers: the public list and page of verified dealers, and a user's own dealers. */
export function createDealerPages({ db, access, countListings }: PagesDeps) {
  return {
    /** Verified dealers by name, in a city (its slug) or all Kazakhstan; an unknown city lists none. */
    async listVerified(q: DealerListQuery, locale: Locale): Promise<DealerList> {
      const cityId = q.city ? await repo.findCityIdBySlug(db, q.city) : null
      if (q.city && cityId === null) return { results: [] }
      const rows = await repo.findVerifiedDealers(db, cityId)
      const counts = await countListings(rows.map((r) => r.dealer.id))
      return {
        results: rows.map((r) => ({
          id: r.dealer.id,
          name: r.dealer.legalName,
          city: cityOf(r.city, locale),
          logo: logoOf(r.dealer),
          showroomCount: r.showroomCount,
          listingCount: counts.get(r.dealer.id) ?? 0,
        })),
      }
    },

    /** A verified dealer's public page data. Throws DealerNotFoundError for any other (not yet verified, suspended). */
    async getPublic(dealerId: number, locale: Locale): Promise<PublicDealer> {
      const found = await repo.findDealer(db, dealerId)
      if (found?.dealer.status !== 'verified') throw new DealerNotFoundError(dealerId)
      const [showrooms, counts] = await Promise.all([access.showroomsOf([dealerId], locale), countListings([dealerId])])
      const d = found.dealer
      return {
        id: d.id,
        name: d.legalName,
        kind: kindOf(d),
        city: cityOf(found.city, locale),
        phones: d.phones,
        workingHours: d.workingHours,
        description: describe(d, locale),
        logo: logoOf(d),
        showrooms: showrooms.get(dealerId) ?? [],
        listingCount: counts.get(dealerId) ?? 0,
      }
    },

    /** The dealers the user works for, with their role in each. */
    async listMine(u: SessionUser, locale: Locale): Promise<MyDealers> {
      const rows = await repo.findDealersOfUser(db, u.id)
      const showrooms = await access.showroomsOf(
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
      return access.myDealer(dealerId, await access.requireMember(u, dealerId), locale)
    },
  }
}
