import { AdminPartnerBody, type AdminPartnerBodyInput, AdminPartnerCategoryBody } from '@tulpar/contracts'
import { normaliseKzPhone } from '@tulpar/contracts/phone'
import type { MessageKey } from '../../i18n/i18n.ts'
import { adminErrorKey, field } from '../admin/index.server.ts'
import {
  type CategoryFormField,
  type CategoryFormValues,
  type FormErrors,
  LANGS,
  type Parsed,
  type PartnerFormField,
  type PartnerFormValues,
} from './admin-form-fields.ts'

/* The back office's partner and category forms, parsed with the API's own contracts. */

/** `43,25` or `43.25`; null when it is not a number. */
function coordinate(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'))
  return text.trim() !== '' && Number.isFinite(value) ? value : null
}

export function partnerFormValues(form: FormData): PartnerFormValues {
  const text = (name: string) => field(form, name).slice(0, 3000)
  const values = { isActive: form.has('isActive') } as PartnerFormValues
  for (const name of ['name', 'categoryId', 'cityId', 'phones', 'lat', 'lng', 'website', 'email'] as const)
    values[name] = text(name)
  for (const lang of LANGS) {
    values[`description.${lang}`] = text(`description.${lang}`)
    values[`address.${lang}`] = text(`address.${lang}`)
  }
  return values
}

/** Which form field an error of the contract (or of the service: `body.phones.0`) is about, and its message. */
function partnerFieldError(path: readonly PropertyKey[], values: PartnerFormValues): [PartnerFormField, MessageKey] {
  const [head, sub] = path.map(String)
  switch (head) {
    case 'categoryId':
    case 'cityId':
      return [head, 'admin.partner.error.choose']
    case 'lat':
    case 'lng':
      return [head, 'admin.partner.error.coords']
    case 'website':
      return ['website', 'admin.partner.error.website']
    case 'email':
      return ['email', 'admin.partner.error.email']
    case 'phones':
      return ['phones', values.phones.trim() === '' ? 'validation.required' : 'validation.phone']
    case 'description':
    case 'address': {
      const lang = LANGS.find((l) => l === sub) ?? 'ru'
      const key = `${head}.${lang}` as const
      return [key, values[key].trim() === '' ? 'validation.required' : 'error.validation.failed']
    }
    default:
      return ['name', values.name.trim() === '' ? 'validation.required' : 'error.validation.failed']
  }
}

export function parsePartnerForm(values: PartnerFormValues): Parsed<AdminPartnerBody, PartnerFormField> {
  const input: AdminPartnerBodyInput = {
    name: values.name,
    categoryId: Number(values.categoryId) || 0,
    cityId: Number(values.cityId) || 0,
    description: { ru: values['description.ru'], kk: values['description.kk'], en: values['description.en'] },
    address: { ru: values['address.ru'], kk: values['address.kk'], en: values['address.en'] },
    phones: values.phones
      .split(/[\n;]+/)
      .map((p) => p.trim())
      .filter(Boolean),
    lat: coordinate(values.lat) ?? Number.NaN,
    lng: coordinate(values.lng) ?? Number.NaN,
    website: values.website.trim() || null,
    email: values.email.trim() || null,
    isActive: values.isActive,
  }
  const parsed = AdminPartnerBody.safeParse(input)
  const errors: FormErrors<PartnerFormField> = {}
  // The service checks the numbers too; checked here as well, so one post shows every mistake at once.
  if (input.phones.some((p) => normaliseKzPhone(p) === null)) errors.phones = 'validation.phone'
  if (parsed.success && !errors.phones) return { ok: true, body: parsed.data }
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const [key, message] = partnerFieldError(issue.path, values)
    errors[key] ??= message
  }
  return { ok: false, errors }
}

/** The per-field errors of a service's FieldValidationError (`body.cityId`, `body.phones.1`), or null. */
export function partnerServiceErrors(error: unknown, values: PartnerFormValues): FormErrors<PartnerFormField> | null {
  if (!(error instanceof Error) || !('errors' in error) || !Array.isArray(error.errors)) return null
  const errors: FormErrors<PartnerFormField> = {}
  for (const e of error.errors as unknown[]) {
    const name = e && typeof e === 'object' && 'field' in e ? String(e.field) : ''
    const [key, message] = partnerFieldError(name.replace(/^body\./, '').split('.'), values)
    errors[key] ??= message
  }
  return errors
}

export function categoryFormValues(form: FormData): CategoryFormValues {
  const text = (name: string) => field(form, name).slice(0, 200)
  return {
    code: text('code').trim(),
    'names.ru': text('names.ru'),
    'names.kk': text('names.kk'),
    'names.en': text('names.en'),
    sort: text('sort'),
    isActive: form.has('isActive'),
  }
}

export function parseCategoryForm(values: CategoryFormValues): Parsed<AdminPartnerCategoryBody, CategoryFormField> {
  const sort = values.sort.trim() === '' ? 0 : Number(values.sort)
  const parsed = AdminPartnerCategoryBody.safeParse({
    code: values.code,
    names: { ru: values['names.ru'], kk: values['names.kk'], en: values['names.en'] },
    sort,
    isActive: values.isActive,
  })
  if (parsed.success) return { ok: true, body: parsed.data }
  const errors: FormErrors<CategoryFormField> = {}
  for (const issue of parsed.error.issues) {
    const [head, sub] = issue.path.map(String)
    if (head === 'names') {
      const lang = LANGS.find((l) => l === sub) ?? 'ru'
      errors[`names.${lang}`] ??=
        values[`names.${lang}`].trim() === '' ? 'validation.required' : 'error.validation.failed'
    } else if (head === 'sort') errors.sort ??= 'admin.categories.sortHint'
    else errors.code ??= values.code === '' ? 'validation.required' : 'admin.categories.codeHint'
  }
  return { ok: false, errors }
}

const ERROR_KEYS: Record<string, MessageKey> = {
  'partner.not_found': 'admin.partner.error.notFound',
  'partner_category.not_found': 'admin.categories.notFound',
  'partner_category.code_taken': 'admin.categories.codeTaken',
}

/** The message of a partners service error, else the back office's usual one. */
export function partnerAdminErrorKey(code: string): MessageKey {
  return ERROR_KEYS[code] ?? adminErrorKey(code)
}
