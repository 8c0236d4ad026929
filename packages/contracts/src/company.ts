import { z } from 'zod'
import { LocalizedText } from './enums.ts'

export const City = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string().describe('Name in the request language'),
    names: LocalizedText,
    lat: z.number(),
    lng: z.number(),
  })
  .meta({ id: 'City' })
export type City = z.infer<typeof City>

export const CompanyContacts = z
  .object({
    name: z.string(),
    phones: z.array(z.string()),
    email: z.string(),
    address: z.string(),
    workingHours: z.string(),
    socials: z.record(z.string(), z.string()),
  })
  .meta({ id: 'CompanyContacts' })
export type CompanyContacts = z.infer<typeof CompanyContacts>

export const Branch = z
  .object({
    id: z.number().int(),
    city: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
    address: z.string(),
    phones: z.array(z.string()),
    socialLink: z.string(),
    workingHours: z.string(),
    lat: z.number(),
    lng: z.number(),
    mapLinks: z.object({ twoGis: z.string(), yandex: z.string() }),
  })
  .meta({ id: 'Branch' })
export type Branch = z.infer<typeof Branch>

/** Query accepted by the localised reference calls. */
export const LangQuery = z.strictObject({ lang: z.enum(['ru', 'kk', 'en']).optional() })
