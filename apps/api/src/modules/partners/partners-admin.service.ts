import type {
  AdminActiveBody,
  AdminPartner,
  AdminPartnerBody,
  AdminPartnerCategory,
  AdminPartnerCategoryBody,
  AdminPartnerCategoryList,
  AdminPartnerPage,
  AdminPartnersQuery,
  Locale,
} from '@tulpar/contracts'
import { normaliseKzPhone } from '@tulpar/contracts/phone'
import type { Db } from '../../db/client.ts'
import { FieldValidationError } from '../../lib/errors.ts'
import { changedFields, recordAudit } from '../audit/index.ts'
import { type Actor, requireAdmin } from '../identity/index.ts'
import { localName } from '../reference/index.ts'
import { PartnerCategoryCodeTakenError, PartnerCategoryNotFoundError, PartnerNotFoundError } from './partners.errors.ts'
import * as repo from './partners.repository.ts'

type FieldError = { field: string; code: string; message: string }

function isUniqueViolation(error: unknown): boolean {
  const codeOf = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? String(e.code) : '')
  return codeOf(error) === '23505' || codeOf(error instanceof Error ? error.cause : null) === '23505'
}

function toAdminCategory(row: { category: repo.PartnerCategoryRow; partnersCount: number }): AdminPartnerCategory {
  const c = row.category
  return {
    id: c.id,
    code: c.code,
    names: { ru: c.nameRu, kk: c.nameKk, en: c.nameEn },
    sort: c.sort,
    isActive: c.isActive,
    partnersCount: row.partnersCount,
  }
}

function toAdminPartner({ partner: p, category, city }: repo.PartnerWithRefs, locale: Locale): AdminPartner {
  return {
    id: p.id,
    name: p.name,
    category: { id: category.id, code: category.code, name: localName(category, locale), isActive: category.isActive },
    city: { id: city.id, slug: city.slug, name: localName(city, locale) },
    description: { ru: p.descriptionRu, kk: p.descriptionKk, en: p.descriptionEn },
    address: { ru: p.addressRu, kk: p.addressKk, en: p.addressEn },
    phones: p.phones,
    lat: p.lat,
    lng: p.lng,
    website: p.website,
    email: p.email,
    isActive: p.isActive,
  }
}

function categoryValues(body: AdminPartnerCategoryBody): repo.CategoryValues {
  return {
    code: body.code,
    nameRu: body.names.ru,
    nameKk: body.names.kk,
    nameEn: body.names.en,
    sort: body.sort,
    isActive: body.isActive,
  }
}

/** Partners and their categories in the back office. Every use case is for admins only (requireAdmin). */
export function createPartnersAdminService({ db }: { db: Db }) {
  async function categoryById(id: number): Promise<AdminPartnerCategory> {
    const row = await repo.findCategoryWithCount(db, id)
    if (!row) throw new PartnerCategoryNotFoundError(id)
    return toAdminCategory(row)
  }

  async function partnerById(id: number, locale: Locale): Promise<AdminPartner> {
    const row = await repo.findPartnerWithRefs(db, id)
    if (!row) throw new PartnerNotFoundError(id)
    return toAdminPartner(row, locale)
  }

  /** The columns of a partner from an admin's body: the category and city must exist, phones become E.164. */
  async function partnerValues(body: AdminPartnerBody): Promise<repo.PartnerValues> {
    const errors: FieldError[] = []
    const [categoryKnown, cityKnown] = await Promise.all([
      repo.categoryExists(db, body.categoryId),
      repo.cityExists(db, body.cityId),
    ])
    if (!categoryKnown)
      errors.push({ field: 'body.categoryId', code: 'partner.category_unknown', message: 'No such category' })
    if (!cityKnown) errors.push({ field: 'body.cityId', code: 'partner.city_unknown', message: 'No such city' })
    const phones: string[] = []
    body.phones.forEach((raw, i) => {
      const phone = normaliseKzPhone(raw)
      if (!phone)
        errors.push({ field: `body.phones.${i}`, code: 'phone.invalid', message: 'Enter a valid phone number' })
      else if (!phones.includes(phone)) phones.push(phone)
    })
    if (errors.length > 0) throw new FieldValidationError(errors)
    return {
      name: body.name,
      categoryId: body.categoryId,
      cityId: body.cityId,
      descriptionRu: body.description.ru,
      descriptionKk: body.description.kk,
      descriptionEn: body.description.en,
      addressRu: body.address.ru,
      addressKk: body.address.kk,
      addressEn: body.address.en,
      phones,
      lat: body.lat,
      lng: body.lng,
      website: body.website,
      email: body.email,
      isActive: body.isActive,
    }
  }

  /** Runs a category write; a code another category has is PartnerCategoryCodeTakenError (409). */
  async function writeCategory<T>(code: string, ownId: number | null, write: () => Promise<T>): Promise<T> {
    const holder = await repo.findCategoryIdByCode(db, code)
    if (holder !== null && holder !== ownId) throw new PartnerCategoryCodeTakenError(code)
    try {
      return await write()
    } catch (error) {
      // Two admins saving the same new code at once: the unique index decides.
      if (isUniqueViolation(error)) throw new PartnerCategoryCodeTakenError(code)
      throw error
    }
  }

  /** An edit's audit record with only the fields it changed (none changed: no record). */
  async function auditChange(
    tx: Db,
    u: Actor,
    action: 'partner.updated' | 'partner.activated' | 'partner_category.updated' | 'partner_category.activated',
    id: number,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ) {
    const changed = changedFields(before, after)
    if (!changed) return
    const targetType = action.startsWith('partner_category') ? 'partner_category' : 'partner'
    await recordAudit(tx, u, { action, targetType, targetId: id, ...changed })
  }

  return {
    async listCategories(u: Actor): Promise<AdminPartnerCategoryList> {
      requireAdmin(u)
      return { results: (await repo.findAllCategories(db)).map(toAdminCategory) }
    },

    /** Throws PartnerCategoryCodeTakenError when the code is in use. */
    async createCategory(u: Actor, body: AdminPartnerCategoryBody): Promise<AdminPartnerCategory> {
      requireAdmin(u)
      const values = categoryValues(body)
      const id = await writeCategory(body.code, null, () =>
        db.transaction(async (tx) => {
          const id = await repo.insertCategory(tx, values)
          await recordAudit(tx, u, {
            action: 'partner_category.created',
            targetType: 'partner_category',
            targetId: id,
            after: values,
          })
          return id
        }),
      )
      return categoryById(id)
    },

    /** Throws PartnerCategoryNotFoundError, and PartnerCategoryCodeTakenError for another category's code. */
    async replaceCategory(u: Actor, id: number, body: AdminPartnerCategoryBody): Promise<AdminPartnerCategory> {
      requireAdmin(u)
      const values = categoryValues(body)
      const found = await writeCategory(body.code, id, () =>
        db.transaction(async (tx) => {
          const old = await repo.findCategoryWithCount(tx, id)
          if (!old || !(await repo.updateCategory(tx, id, values))) return false
          await auditChange(tx, u, 'partner_category.updated', id, old.category, values)
          return true
        }),
      )
      if (!found) throw new PartnerCategoryNotFoundError(id)
      return categoryById(id)
    },

    /** Switching a category off hides it and its partners from the site. Throws PartnerCategoryNotFoundError. */
    async setCategoryActive(u: Actor, id: number, body: AdminActiveBody): Promise<AdminPartnerCategory> {
      requireAdmin(u)
      const found = await db.transaction(async (tx) => {
        const old = await repo.findCategoryWithCount(tx, id)
        if (!old || !(await repo.updateCategory(tx, id, { isActive: body.isActive }))) return false
        await auditChange(tx, u, 'partner_category.activated', id, old.category, { isActive: body.isActive })
        return true
      })
      if (!found) throw new PartnerCategoryNotFoundError(id)
      return categoryById(id)
    },

    /** Every partner, switched on or not, oldest first (keyset on id). */
    async listPartners(u: Actor, q: AdminPartnersQuery, locale: Locale): Promise<AdminPartnerPage> {
      requireAdmin(u)
      const rows = await repo.findAllPartners(
        db,
        { categoryCode: q.category, q: q.q || undefined },
        q.cursor ?? null,
        q.limit + 1,
      )
      const page = rows.slice(0, q.limit)
      const last = page.at(-1)
      return {
        results: page.map((r) => toAdminPartner(r, locale)),
        nextCursor: rows.length > q.limit && last ? last.partner.id : null,
      }
    },

    /** Throws PartnerNotFoundError. */
    async getPartner(u: Actor, id: number, locale: Locale): Promise<AdminPartner> {
      requireAdmin(u)
      return partnerById(id, locale)
    },

    /** Throws FieldValidationError for an unknown category or city and for a phone that is not a KZ number. */
    async createPartner(u: Actor, body: AdminPartnerBody, locale: Locale): Promise<AdminPartner> {
      requireAdmin(u)
      const values = await partnerValues(body)
      const id = await db.transaction(async (tx) => {
        const id = await repo.insertPartner(tx, values)
        await recordAudit(tx, u, { action: 'partner.created', targetType: 'partner', targetId: id, after: values })
        return id
      })
      return partnerById(id, locale)
    },

    /** Replaces every field; throws PartnerNotFoundError and the FieldValidationError of createPartner. */
    async replacePartner(u: Actor, id: number, body: AdminPartnerBody, locale: Locale): Promise<AdminPartner> {
      requireAdmin(u)
      if (!(await repo.findPartnerWithRefs(db, id))) throw new PartnerNotFoundError(id)
      const values = await partnerValues(body)
      const found = await db.transaction(async (tx) => {
        const old = await repo.findPartnerWithRefs(tx, id)
        if (!old || !(await repo.updatePartner(tx, id, values))) return false
        await auditChange(tx, u, 'partner.updated', id, old.partner, values)
        return true
      })
      if (!found) throw new PartnerNotFoundError(id)
      return partnerById(id, locale)
    },

    /** Switching a partner off hides it from the site; its leads stay. Throws PartnerNotFoundError. */
    async setPartnerActive(u: Actor, id: number, body: AdminActiveBody, locale: Locale): Promise<AdminPartner> {
      requireAdmin(u)
      const found = await db.transaction(async (tx) => {
        const old = await repo.findPartnerWithRefs(tx, id)
        if (!old || !(await repo.updatePartner(tx, id, { isActive: body.isActive }))) return false
        await auditChange(tx, u, 'partner.activated', id, old.partner, { isActive: body.isActive })
        return true
      })
      if (!found) throw new PartnerNotFoundError(id)
      return partnerById(id, locale)
    },
  }
}
export type PartnersAdminService = ReturnType<typeof createPartnersAdminService>
