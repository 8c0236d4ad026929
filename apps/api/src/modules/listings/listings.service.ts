import { type ListingCard, type ListingDetail, type ListingPreview, type Locale, STAFF_ROLES } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import type { ReferenceService } from '../reference/index.ts'
import { explainMissingListing } from './listings.detail.ts'
import { ListingIncompleteError, ListingNotFoundError } from './listings.errors.ts'
import { toListingCard, toListingDetail } from './listings.mapper.ts'
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

/** Who asks for a preview: its owner, or a moderator or admin. */
interface Viewer {
  id: string
  role?: string | null
}
// The moderation module's isStaff over the same roles; importing it would make the two modules import each other.
const isStaff = (v: Viewer) => (STAFF_ROLES as readonly (string | null | undefined)[]).includes(v.role)

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

    /** Cards of the listings on sale among `ids`, in that order; others (sold, removed, unknown) are left out. */
    async listCardsByIds(ids: number[], locale: Locale): Promise<ListingCard[]> {
      const rows = await repo.findListingCardsByIds(readDb, ids)
      return (await places.name(rows)).map((r) => toListingCard(r, locale))
    },

    /** Only published and sold listings are public; throws ListingGoneError (410) for removed ones, else ListingNotFoundError. */
    async getListing(id: number, locale: Locale): Promise<ListingDetail> {
      const found = await repo.findListingDetail(readDb, id)
      if (!found) throw await explainMissingListing(readDb, id)
      const [row, groups] = await Promise.all([places.nameDetail(found), reference.groupOptions(found.options, locale)])
      return toListingDetail(row, groups, locale)
    },

    /**
     * A listing as its page will show it, for its owner or staff before it is public: under review, returned by a
     * moderator, or a draft with every required field. Read from the primary (the seller usually has just sent
     * it). Anyone else, and a removed or unknown listing, get ListingNotFoundError; a draft still missing a
     * required field ListingIncompleteError.
     */
    async previewListing(viewer: Viewer, id: number, locale: Locale): Promise<ListingPreview> {
      const found = await repo.findListingPreview(db, id)
      if (!found || (found.ownerId !== viewer.id && !isStaff(viewer))) throw new ListingNotFoundError(id)
      if (!found.complete) throw new ListingIncompleteError(id)
      const { publishedAt, rejectionReason } = found
      // The page's fields are a public listing's; only the publication date may be missing.
      const [row, groups] = await Promise.all([
        places.nameDetail({ ...found, publishedAt: publishedAt ?? new Date(0) }),
        reference.groupOptions(found.options, locale),
      ])
      return {
        ...toListingDetail(row, groups, locale),
        publishedAt: publishedAt?.toISOString() ?? null,
        rejectionReason: found.status === 'rejected' ? rejectionReason : null,
      }
    },
  }
}
export type ListingsService = ReturnType<typeof createListingsService>
