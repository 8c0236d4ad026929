import { AddGarageCarBody, UpdateGarageCarBody } from '@tulpar/contracts'
import { classifyVin } from '@tulpar/contracts/selling-rules'
import type { MessageKey } from '../../i18n/i18n.ts'
import { type FieldMessages, fieldMessages } from '../selling/index.ts'

/*
 * The garage's forms post plain fields (they work without JavaScript); these turn them into the API's bodies, or
 * into translated field messages. Pure: unit-tested.
 */

export type Values = Record<string, string>

/** The form's text entries (the garage's forms repeat no name). */
export function garageValues(form: FormData): Values {
  const values: Values = {}
  for (const [name, value] of form.entries()) if (typeof value === 'string') values[name] = value
  return values
}

const text = (v: Values, name: string): string | null => v[name]?.trim() || null
/** A whole number typed with or without spaces (95 000); NaN for anything else. */
const int = (v: Values, name: string): number | null => {
  const value = text(v, name)?.replace(/[\s\u00a0]/g, '')
  if (!value) return null
  return /^\d+$/.test(value) ? Number(value) : Number.NaN
}

/**
 * Engine volume as people write it: litres (1.6, 2,5) or cm³ (1598). Null when empty, NaN for anything else
 * (a volume between 10 and 50 is neither).
 */
export function volumeCc(input: string | null | undefined): number | null {
  const value = input?.trim().replace(',', '.').replace(/\s/g, '')
  if (!value) return null
  if (!/^\d+(\.\d+)?$/.test(value)) return Number.NaN
  const n = Number(value)
  if (n > 0 && n <= 10) return Math.round(n * 1000)
  if (n >= 50 && Number.isInteger(n)) return n
  return Number.NaN
}

type Parsed<T> = { body: T; errors: null } | { body: null; errors: FieldMessages }

/** zod's issues and the API's field errors as the form's messages ('too_big' reads as 'too large'). */
export function issuesToMessages(issues: { path: PropertyKey[]; code: string }[]): FieldMessages {
  return fieldMessages(
    issues.map((i) => ({ field: String(i.path[0] ?? ''), code: i.code === 'too_big' ? 'too_large' : i.code })),
  )
}

function details(v: Values, errors: FieldMessages) {
  const volume = volumeCc(v.engineVolume)
  if (Number.isNaN(volume)) errors.engineVolumeCc = 'garage.error.volume'
  const engineType = text(v, 'engineType')
  const vin = text(v, 'vin')
  // The same check as the API's, so every field's message comes back at once.
  if (vin && !classifyVin(vin)) errors.vin = 'sell.error.vin'
  return {
    mileageKm: int(v, 'mileageKm'),
    vin,
    steering: text(v, 'steering'),
    isCustomsCleared: v.isCustomsCleared !== undefined,
    engineType,
    engineVolumeCc: engineType === 'electric' ? null : volume,
  }
}

/** Empty required fields, and words typed into number fields, named before zod has its say. */
function required(errors: FieldMessages, body: Record<string, unknown>, names: string[]) {
  const missing: MessageKey = 'validation.required'
  const notNumber: MessageKey = 'garage.error.number'
  for (const [name, value] of Object.entries(body))
    if (typeof value === 'number' && Number.isNaN(value) && !errors[name]) errors[name] = notNumber
  for (const name of names) if (body[name] === null && !errors[name]) errors[name] = missing
}

/** The add form (brand, model, year, mileage; VIN, steering, customs, engine optional) as POST /garage/'s body. */
export function addCarBody(v: Values): Parsed<AddGarageCarBody> {
  const errors: FieldMessages = {}
  const body = { brandId: int(v, 'brandId'), modelId: int(v, 'modelId'), year: int(v, 'year'), ...details(v, errors) }
  required(errors, body, ['brandId', 'modelId', 'year', 'mileageKm'])
  const parsed = AddGarageCarBody.safeParse(body)
  if (!parsed.success) Object.assign(errors, { ...issuesToMessages(parsed.error.issues), ...errors })
  return parsed.success && Object.keys(errors).length === 0
    ? { body: parsed.data, errors: null }
    : { body: null, errors }
}

/** The edit form of one car (mileage required; VIN, steering, customs, engine as typed, empty clears). */
export function editCarBody(v: Values): Parsed<UpdateGarageCarBody> {
  const errors: FieldMessages = {}
  const body = details(v, errors)
  required(errors, body, ['mileageKm'])
  const parsed = UpdateGarageCarBody.safeParse(body)
  if (!parsed.success) Object.assign(errors, { ...issuesToMessages(parsed.error.issues), ...errors })
  return parsed.success && Object.keys(errors).length === 0
    ? { body: parsed.data, errors: null }
    : { body: null, errors }
}
