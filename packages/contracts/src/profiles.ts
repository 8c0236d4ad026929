import { z } from 'zod'
import { Locale, Role } from './enums.ts'

/** Spec section 3 profile. Field names follow the spec on the wire (snake_case, as the old backend). */
export const Profile = z
  .object({
    id: z.number().int(),
    city: z.number().int().nullable().describe('City id'),
    is_deleted: z.boolean(),
    phone: z.string().nullable().describe('E.164, e.g. +77011234567'),
    fcm_token: z.string().nullable(),
    full_name: z.string().nullable(),
    email: z.string().nullable(),
    photo: z.string().nullable().describe('Photo URL'),
    language: Locale,
    notify_promotions: z.boolean(),
    notify_news: z.boolean(),
    notify_price_changes: z.boolean(),
  })
  .meta({ id: 'Profile' })
export type Profile = z.infer<typeof Profile>

export const UpdateProfileBody = z
  .strictObject({
    // cities.id is an int4: a larger id must be refused here, not reach the query (found by the fuzz test).
    city: z.number().int().positive().max(2_147_483_647).nullable().optional(),
    phone: z.string().max(32).optional().describe('Any common KZ format; stored as E.164'),
    fcm_token: z.string().max(4096).nullable().optional(),
    full_name: z.string().trim().min(1).max(120).optional(),
    language: Locale.optional(),
    notify_promotions: z.boolean().optional(),
    notify_news: z.boolean().optional(),
    notify_price_changes: z.boolean().optional(),
  })
  .meta({ id: 'UpdateProfileBody' })
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>

export const ProfileParams = z.strictObject({
  profileId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})
export const CheckUserExistBody = z.strictObject({ email: z.email() })
export const RegisterByPhoneBody = z.strictObject({ phone: z.string().max(32) })
export const VerifyPhoneBody = z.strictObject({
  code: z.string().regex(/^\d{6}$/, 'The code is 6 digits'),
  phone: z
    .string()
    .max(32)
    .optional()
    .describe('Optional: the number the code was sent to (else remembered from register-by-phone)'),
})

export const AuthUser = z
  .object({
    id: z.string(),
    email: z.string().nullable(),
    name: z.string(),
    role: Role,
    phone_number: z.string().nullable(),
    email_verified: z.boolean(),
  })
  .meta({ id: 'AuthUser' })
export type AuthUser = z.infer<typeof AuthUser>
