import type { ListingDetail, Locale } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import type { ReferenceService } from '../reference/index.ts'
import { explainMissingListing } from './listings.detail.ts'
import { toListingDetail } from './listings.mapper.ts'
import * as repo from './listings.repository.ts'
import { createPlaces, type Places } from './search.places.ts'
import { createListingSearch } from './search.service.ts'

export interface ListingsServiceDeps {
  db: Db
  /** Public reads (search, a listing's page, illustrations): the read replica when there is one. */
  readDb?: Db
  reference: ReferenceService
  /** The process's copy of reference names (shared with the car page's similar cards). */
  places?: Places
}

export function createListingsService({
  db,
  readDb = db,
  reference,
  places = createPlaces(readDb),
}: ListingsServiceDeps) {
  const search = createListingSearch({ db: readDb, places })

  return {
    searchListings: search.searchListings,
    resolveSearchFilter: search.resolveSearchFilter,
    listFacets: search.listFacets,

    /** Whether the demo illustration under `key` is a photo of some listing (only those are ever drawn). */
    isIllustrationInUse: (key: string) => repo.isIllustrationInUse(readDb, key),

    /** Of these photo keys (`listings/{id}/{name}`), the ones a listing still has: the rest may be swept. */
    ownedPhotoKeys: (keys: string[]) => repo.findOwnedPhotoKeys(db, keys),

    /** The newest published listings (home page). */
    listNewest: search.listNewestCards,

    /** Only published and sold listings are public; throws ListingGoneError (410) for removed ones, else ListingNotFoundError. */
    async getListing(id: number, locale: Locale): Promise<ListingDetail> {
      const found = await repo.findListingDetail(readDb, id)
      if (!found) throw await explainMissingListing(readDb, id)
      const [row, groups] = await Promise.all([places.nameDetail(found), reference.groupOptions(found.options, locale)])
      return toListingDetail(row, groups, locale)
    },
  }
}
export type ListingsService = ReturnType<typeof createListingsService>
