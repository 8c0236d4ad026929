import type { Branch, CompanyContacts, Locale } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { localName } from '../reference/index.ts'
import * as repo from './company.repository.ts'

const pick = (locale: Locale, ru: string, kk: string, en: string) => (locale === 'kk' ? kk : locale === 'en' ? en : ru)

/** Links that open a point in 2GIS (what most people in Kazakhstan use) and in Yandex Maps. */
export function mapLinks(lat: number, lng: number) {
  return {
    twoGis: `https://2gis.kz/geo/${lng},${lat}`,
    yandex: `https://yandex.kz/maps/?pt=${lng},${lat}&z=17&l=map`,
  }
}

export function createCompanyService({ db }: { db: Db }) {
  return {
    /** The company's contacts; throws NotFoundError before reference data is loaded. */
    async getContacts(locale: Locale): Promise<CompanyContacts> {
      const row = await repo.findContacts(db)
      if (!row) throw new NotFoundError('Company contacts')
      return {
        name: row.name,
        phones: row.phones,
        email: row.email,
        address: pick(locale, row.addressRu, row.addressKk, row.addressEn),
        workingHours: pick(locale, row.workingHoursRu, row.workingHoursKk, row.workingHoursEn),
        socials: row.socials,
      }
    },

    async listBranches(locale: Locale): Promise<Branch[]> {
      const rows = await repo.findBranches(db)
      return rows.map(({ branch: b, city }) => ({
        id: b.id,
        city: { id: city.id, slug: city.slug, name: localName(city, locale) },
        address: pick(locale, b.addressRu, b.addressKk, b.addressEn),
        phones: b.phones,
        socialLink: b.socialLink,
        workingHours: pick(locale, b.workingHoursRu, b.workingHoursKk, b.workingHoursEn),
        lat: b.lat,
        lng: b.lng,
        mapLinks: mapLinks(b.lat, b.lng),
      }))
    },

    /** Published reviews from the maps services, newest first. */
    async listReviews(limit = 6) {
      const rows = await repo.findPublishedReviews(db, limit)
      return rows.map((r) => ({
        id: r.id,
        author: r.author,
        rating: r.rating,
        text: r.text,
        source: r.source,
        sourceUrl: r.sourceUrl,
        reviewedOn: r.reviewedOn,
      }))
    },

    /** How many published reviews there are and their average rating (one decimal); null average when none. */
    async summariseReviews(): Promise<{ count: number; averageRating: number | null }> {
      const { count, average } = await repo.summarisePublishedReviews(db)
      return { count, averageRating: average === null ? null : Math.round(Number(average) * 10) / 10 }
    },
  }
}
export type CompanyService = ReturnType<typeof createCompanyService>
