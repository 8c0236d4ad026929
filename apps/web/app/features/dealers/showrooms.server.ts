import type { Services } from '@tulpar/api'
import { type Locale, type MyDealer, ShowroomInput } from '@tulpar/contracts'
import type { MessageKey } from '../../i18n/i18n.ts'
import { type FormOutcome, formOutcome } from '../../lib/service-errors.ts'
import { dealerErrorKey } from './dealer-errors.ts'

/** A showroom form's fields that can be wrong, each with its translated message. */
type ShowroomField = 'cityId' | 'address' | 'coordinates' | 'phones' | 'workingHours'
const FIELD_MESSAGES: Record<ShowroomField, MessageKey> = {
  cityId: 'dealer.showroom.error.city',
  address: 'dealer.showroom.error.address',
  coordinates: 'dealer.showroom.error.coordinates',
  phones: 'dealer.showroom.error.phones',
  workingHours: 'dealer.showroom.error.hours',
}

export type ShowroomFormResult =
  | { ok: true; done: MessageKey }
  | { ok: false; error: MessageKey; fields: Partial<Record<ShowroomField, MessageKey>>; index: string }

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value.trim() : ''
}
const coordinate = (value: string) => (value === '' ? undefined : Number(value.replace(',', '.')))

/** The showroom the form describes, or the translated errors of its fields (the contract's own rules). */
function parseShowroom(form: FormData): { ok: true; value: ShowroomInput } | { ok: false; fields: ShowroomFormResult } {
  const parsed = ShowroomInput.safeParse({
    cityId: Number(text(form, 'cityId')) || 0,
    address: text(form, 'address'),
    lat: coordinate(text(form, 'lat')),
    lng: coordinate(text(form, 'lng')),
    phones: text(form, 'phones')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    workingHours: text(form, 'workingHours'),
  })
  if (parsed.success) return { ok: true, value: parsed.data }
  const fields: Partial<Record<ShowroomField, MessageKey>> = {}
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '')
    const field: ShowroomField | null =
      key === 'lat' || key === 'lng' ? 'coordinates' : key in FIELD_MESSAGES ? (key as ShowroomField) : null
    if (field) fields[field] = FIELD_MESSAGES[field]
  }
  return { ok: false, fields: { ok: false, error: 'dealer.showroom.invalid', fields, index: text(form, 'index') } }
}

/** The showrooms kept, as the edit call takes them back (the API replaces the whole set). */
const inputsOf = (dealer: MyDealer): ShowroomInput[] =>
  dealer.showrooms.map((s) => ({
    cityId: s.city.id,
    address: s.address,
    ...(s.lat === null || s.lng === null ? {} : { lat: s.lat, lng: s.lng }),
    phones: s.phones,
    workingHours: s.workingHours,
  }))

/**
 * `/account/dealer`'s showroom forms: save one (its `index` among the kept ones, or a new one when empty) or remove
 * one. The owner's edit call does the rest (owner only; its refusals are translated like the page's other forms).
 */
export async function changeShowrooms(
  services: Services,
  user: Parameters<Services['dealers']['update']>[0],
  dealerId: number,
  form: FormData,
  locale: Locale,
): Promise<ShowroomFormResult & { status?: number }> {
  const mine = await formOutcome(services.dealers.getMine(user, dealerId, locale), dealerErrorKey)
  if (!mine.ok) return { ok: false, error: mine.error, fields: {}, index: '', status: mine.status }
  const kept = inputsOf(mine.value)
  const index = Number(text(form, 'index'))
  const known = text(form, 'index') !== '' && Number.isInteger(index) && index >= 0 && index < kept.length
  let next: ShowroomInput[]
  if (text(form, 'intent') === 'showroom-remove') {
    if (!known) return { ok: false, error: 'dealer.error.invalid', fields: {}, index: '', status: 400 }
    next = kept.filter((_, i) => i !== index)
  } else {
    const parsed = parseShowroom(form)
    if (!parsed.ok) return { ...parsed.fields, status: 400 }
    next = known ? kept.map((s, i) => (i === index ? parsed.value : s)) : [...kept, parsed.value]
  }
  const saved: FormOutcome<unknown> = await formOutcome(
    services.dealers.update(user, dealerId, { showrooms: next }, locale),
    dealerErrorKey,
  )
  return saved.ok
    ? { ok: true, done: 'dealer.showroom.saved' }
    : { ok: false, error: saved.error, fields: {}, index: text(form, 'index'), status: saved.status }
}
