import type { Locale } from '@tulpar/contracts'
import type { MessageKey } from '../../i18n/i18n.ts'

/* The fields of the back office's partner and category forms (browser-safe: the pages render them). */

export const LANGS: readonly Locale[] = ['ru', 'kk', 'en']

export type PartnerFormField =
  | 'name'
  | 'categoryId'
  | 'cityId'
  | `description.${Locale}`
  | `address.${Locale}`
  | 'phones'
  | 'lat'
  | 'lng'
  | 'website'
  | 'email'
export type PartnerFormValues = Record<PartnerFormField, string> & { isActive: boolean }
export type FormErrors<F extends string> = Partial<Record<F, MessageKey>>
export type Parsed<T, F extends string> = { ok: true; body: T } | { ok: false; errors: FormErrors<F> }

export type CategoryFormField = 'code' | `names.${Locale}` | 'sort'
export type CategoryFormValues = Record<CategoryFormField, string> & { isActive: boolean }
