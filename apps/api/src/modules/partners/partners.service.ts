import type {
  Locale,
  PartnerCard,
  PartnerCategoryView,
  PartnerDetail,
  PartnerPage,
  PartnerRequestBody,
  PartnersQuery,
} from '@tulpar/contracts'
import { normaliseKzPhone } from '@tulpar/contracts/phone'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { FieldValidationError } from '../../lib/errors.ts'
import { keysetCursor } from '../../lib/keyset-cursor.ts'
import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limiter.ts'
import { mapLinks } from '../company/index.ts'
import { localName } from '../reference/index.ts'
import { InvalidPartnerRequestPhoneError, PartnerNotFoundError } from './partners.errors.ts'
import * as repo from './partners.repository.ts'

/**
 * Service requests per client address. Like call-backs: enough for a driver asking a few garages for a quote,
 * too few to flood the partners (or the leads desk) from one address.
 */
export const PARTNER_REQUEST_LIMITS = {
  perIpShort: { limit: 5, windowSeconds: 600 },
  perIpDay: { limit: 20, windowSeconds: 86_400 },
} as const

/** The spec's success notice (section 8): 'partner request received'. */
const PARTNER_REQUEST_RECEIVED = 'partner request received'

export interface PartnerClient {
  ip: string
  /** The signed-in user, when there is one: the lead is theirs too. */
  userId?: string | null
}

const pick = (locale: Locale, ru: string, kk: string, en: string) => (locale === 'kk' ? kk : locale === 'en' ? en : ru)

const CURSOR = keysetCursor(z.tuple([z.string().max(200), z.number().int().positive()]))

function encodeCursor(c: repo.PartnerCursor): string {
  return CURSOR.encode([c.name, c.id])
}

function decodeCursor(cursor: string): repo.PartnerCursor {
  const key = CURSOR.decode(cursor)
  if (key) return { name: key[0], id: key[1] }
  throw new FieldValidationError([
    { field: 'query.cursor', code: 'validation.invalid', message: 'The cursor is not one this API gave out' },
  ])
}

function toPartnerCard({ partner: p, category, city }: repo.PartnerWithRefs, locale: Locale): PartnerCard {
  return {
    id: p.id,
    name: p.name,
    category: { id: category.id, code: category.code, name: localName(category, locale) },
    city: { id: city.id, slug: city.slug, name: localName(city, locale) },
    address: pick(locale, p.addressRu, p.addressKk, p.addressEn),
    phones: p.phones,
  }
}

/** A service request as the leads desk records it (a `partner_request` lead). */
export interface PartnerRequestLead {
  partnerId: number
  phone: string
  name: string
  comment: string | null
  userId: string | null
}

export function createPartnersService({
  db,
  limiter,
  leads,
}: {
  db: Db
  limiter: RateLimiter
  /** The leads desk's intake (leads' LeadsService, passed in by services.ts: leads sits above partners). */
  leads: { recordPartnerRequest(lead: PartnerRequestLead): Promise<number> }
}) {
  async function requireShownPartner(id: number): Promise<repo.PartnerWithRefs> {
    const row = await repo.findShownPartner(db, id)
    if (!row) throw new PartnerNotFoundError(id)
    return row
  }

  return {
    /** Switched-on categories in the back office's order, with how many partners the site shows in each. */
    async listCategories(locale: Locale): Promise<PartnerCategoryView[]> {
      const rows = await repo.findShownCategories(db)
      return rows.map(({ category, partnersCount }) => ({
        id: category.id,
        code: category.code,
        name: localName(category, locale),
        partnersCount,
      }))
    },

    /**
     * Partners the site shows, by name, optionally of one category (code) and one city (slug); an unknown code or
     * slug matches nothing. Throws FieldValidationError for a cursor this API did not give out.
     */
    async listPartners(query: PartnersQuery, locale: Locale): Promise<PartnerPage> {
      const after = query.cursor ? decodeCursor(query.cursor) : null
      const rows = await repo.findShownPartners(
        db,
        { categoryCode: query.category, citySlug: query.city },
        after,
        query.limit + 1,
      )
      const page = rows.slice(0, query.limit)
      const last = page.at(-1)
      return {
        results: page.map((r) => toPartnerCard(r, locale)),
        nextCursor:
          rows.length > query.limit && last ? encodeCursor({ name: last.partner.name, id: last.partner.id }) : null,
      }
    },

    /** Throws PartnerNotFoundError for an unknown partner and for one the site does not show. */
    async getPartner(id: number, locale: Locale): Promise<PartnerDetail> {
      const row = await requireShownPartner(id)
      const p = row.partner
      return {
        ...toPartnerCard(row, locale),
        description: pick(locale, p.descriptionRu, p.descriptionKk, p.descriptionEn),
        website: p.website,
        lat: p.lat,
        lng: p.lng,
        mapLinks: mapLinks(p.lat, p.lng),
      }
    },

    /**
     * Stores a service request (name, phone as E.164, comment) as a `partner_request` lead for a partner the site
     * shows. Throws InvalidPartnerRequestPhoneError (400) for anything but a KZ mobile, RateLimitedError (429) and
     * PartnerNotFoundError (404).
     */
    async requestPartnerService(
      partnerId: number,
      body: PartnerRequestBody,
      client: PartnerClient,
    ): Promise<{ message: string; leadId: number }> {
      // Checked before the limits: a mistyped number must not use up the visitor's attempts.
      const phone = normaliseKzPhone(body.phone)
      if (!phone) throw new InvalidPartnerRequestPhoneError()
      await enforceRateLimits(limiter, [
        { key: `partner-request:ip:short:${client.ip}`, ...PARTNER_REQUEST_LIMITS.perIpShort },
        { key: `partner-request:ip:day:${client.ip}`, ...PARTNER_REQUEST_LIMITS.perIpDay },
      ])
      await requireShownPartner(partnerId)
      const comment = body.comment?.trim() ?? ''
      const leadId = await leads.recordPartnerRequest({
        partnerId,
        phone,
        name: body.name.trim(),
        comment: comment === '' ? null : comment,
        userId: client.userId ?? null,
      })
      return { message: PARTNER_REQUEST_RECEIVED, leadId }
    },
  }
}
export type PartnersService = ReturnType<typeof createPartnersService>
