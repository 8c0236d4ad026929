import type {
  DealerChecklist,
  DealerLogo,
  DealerRole,
  DealerStatus,
  Locale,
  MyDealer,
  Showroom,
  ShowroomInput,
} from '@tulpar/contracts'
import { mapLinks } from '../company/index.ts'
import { photoUrl } from '../media/index.ts'
import { localName } from '../reference/index.ts'
import type { CityNames, DealerRow } from './dealers.repository.ts'

/*
 * Dealers' rows as the API gives them: pure mappings, no I/O. What a reader may see of a dealer is decided by the
 * service that calls them.
 */

export const cityOf = (c: CityNames, locale: Locale) => ({ id: c.id, slug: c.slug, name: localName(c, locale) })

export const kindOf = (d: DealerRow) => (d.kind === 'sole_proprietor' ? 'sole_proprietor' : 'legal_entity')

/** The logo's files (the `card` variant is the logo's one square), or null for a dealer without one. */
export const logoOf = (d: DealerRow): DealerLogo | null =>
  d.logoKey
    ? {
        avif: photoUrl(d.logoKey, 'card', 'avif'),
        webp: photoUrl(d.logoKey, 'card', 'webp'),
        jpeg: photoUrl(d.logoKey, 'card', 'jpeg'),
      }
    : null

/** The description in the reader's language, else the first one the dealer gave. */
export function describe(d: DealerRow, locale: Locale): string {
  const own = locale === 'kk' ? d.descriptionKk : locale === 'en' ? d.descriptionEn : d.descriptionRu
  return own || d.descriptionRu || d.descriptionKk || d.descriptionEn
}

export function checklistOf(stored: Record<string, boolean>): DealerChecklist {
  return {
    registryChecked: stored.registryChecked === true,
    contactConfirmed: stored.contactConfirmed === true,
    addressConfirmed: stored.addressConfirmed === true,
    applicantAuthorised: stored.applicantAuthorised === true,
  }
}

export const showroomRows = (rows: ShowroomInput[]) =>
  rows.map((s) => ({
    cityId: s.cityId,
    address: s.address,
    lat: s.lat ?? null,
    lng: s.lng ?? null,
    phones: s.phones,
    workingHours: s.workingHours,
  }))

/** The pin in 2GIS and Yandex Maps, or a search for the address in its city when the dealer gave no coordinates. */
export function showroomMapLinks(s: { lat: number | null; lng: number | null; address: string }, city: string) {
  if (s.lat !== null && s.lng !== null) return mapLinks(s.lat, s.lng)
  const query = encodeURIComponent(`${city}, ${s.address}`)
  return { twoGis: `https://2gis.kz/search/${query}`, yandex: `https://yandex.kz/maps/?text=${query}` }
}

/** The dealer as its own people see it. */
export function toMyDealer(
  d: DealerRow,
  city: CityNames,
  role: DealerRole,
  showrooms: Showroom[],
  locale: Locale,
): MyDealer {
  return {
    id: d.id,
    legalName: d.legalName,
    kind: kindOf(d),
    bin: d.bin,
    status: d.status as DealerStatus,
    city: cityOf(city, locale),
    phones: d.phones,
    workingHours: d.workingHours,
    description: { ru: d.descriptionRu, kk: d.descriptionKk, en: d.descriptionEn },
    logo: logoOf(d),
    showrooms,
    myRole: role,
    trustedToPublish: d.trustedToPublish,
    note: d.note,
    createdAt: d.createdAt.toISOString(),
  }
}
