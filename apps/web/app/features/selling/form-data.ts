import type { FieldStep } from '@tulpar/contracts/selling-rules'
import type { MessageKey } from '../../i18n/i18n.ts'

/*
 * The step form posts plain form fields (it works without JavaScript); these turn them into the API's step body
 * and the API's field errors back into translated messages. Pure: unit-tested.
 */

type Values = Record<string, string | string[]>

/** The form's entries as strings (repeated names as arrays), echoed back to refill the form after an error. */
export function formValues(form: FormData): Values {
  const values: Values = {}
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') continue
    const prev = values[name]
    values[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value]
  }
  return values
}

const text = (v: Values, name: string): string | null => {
  const raw = v[name]
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim()
  return value ? value : null
}
/** A whole number, or null when empty; NaN stays NaN so the API refuses it rather than us guessing. */
const int = (v: Values, name: string): number | null => {
  const value = text(v, name)?.replace(/[\s\u00a0]/g, '')
  if (!value) return null
  return /^-?\d+$/.test(value) ? Number(value) : Number.NaN
}
const flag = (v: Values, name: string): boolean => v[name] !== undefined
const list = (v: Values, name: string): string[] => {
  const raw = v[name]
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]
}

/** The PATCH body of one step from its form values (checkbox absent = false). */
export function stepBody(step: FieldStep, v: Values): Record<string, unknown> {
  switch (step) {
    case 'brand':
      return { step, brandId: int(v, 'brandId') }
    case 'model':
      return { step, modelId: int(v, 'modelId') }
    case 'characteristics':
      return { step, year: int(v, 'year'), generationId: int(v, 'generationId'), bodyType: text(v, 'bodyType') }
    case 'modifications':
      return {
        step,
        steering: text(v, 'steering'),
        engineType: text(v, 'engineType'),
        modificationId: int(v, 'modificationId'),
        hasGasEquipment: flag(v, 'hasGasEquipment'),
        transmission: text(v, 'transmission'),
        drive: text(v, 'drive'),
        colour: text(v, 'colour'),
      }
    case 'options':
      return { step, options: list(v, 'options') }
    case 'state':
      return {
        step,
        mileage: int(v, 'mileage'),
        mileageUnit: text(v, 'mileageUnit') ?? 'km',
        isNew: flag(v, 'isNew'),
        isCustomsCleared: flag(v, 'isCustomsCleared'),
        isDamaged: flag(v, 'isDamaged'),
        hasWarranty: flag(v, 'hasWarranty'),
      }
    case 'price':
      return {
        step,
        priceKzt: int(v, 'priceKzt'),
        vin: text(v, 'vin'),
        description: text(v, 'description'),
        contactPhone: text(v, 'contactPhone'),
        isBargainAllowed: flag(v, 'isBargainAllowed'),
        isExchangeAccepted: flag(v, 'isExchangeAccepted'),
        cityId: int(v, 'cityId'),
      }
  }
}

const CODE_KEYS: Record<string, MessageKey> = {
  required: 'validation.required',
  phone: 'validation.phone',
  vin: 'sell.error.vin',
  not_in_list: 'sell.error.not_in_list',
  year_range: 'sell.error.year_range',
  too_small: 'sell.error.too_small',
  too_large: 'sell.error.too_large',
  too_long: 'sell.error.too_long',
  new_mileage: 'sell.error.new_mileage',
  locked: 'sell.error.locked',
  not_confirmed: 'sell.error.not_confirmed',
}

export type FieldMessages = Record<string, MessageKey>

/**
 * API field errors (`body.year` + `year_range`, or zod's `invalid_type`) as message keys by field name. A value the
 * schema refused (a word in a number field) reads as 'choose one of the offered values' or 'too small'.
 */
export function fieldMessages(errors: { field: string; code: string }[]): FieldMessages {
  const out: FieldMessages = {}
  for (const e of errors) {
    const field = e.field.replace(/^body\./, '').split('.')[0] ?? ''
    if (!field || out[field]) continue
    out[field] = CODE_KEYS[e.code] ?? (e.code === 'too_small' ? 'sell.error.too_small' : 'sell.error.not_in_list')
  }
  return out
}

/** Which step a field belongs to, to send the seller back there from the publish step. */
/** The form the "send code" button posts; it lives outside the step form, so Enter in the code field publishes. */
export const SEND_CODE_FORM = 'send-phone-code'

export const FIELD_STEP: Record<string, FieldStep | 'photos'> = {
  brandId: 'brand',
  modelId: 'model',
  year: 'characteristics',
  generationId: 'characteristics',
  bodyType: 'characteristics',
  steering: 'modifications',
  engineType: 'modifications',
  modificationId: 'modifications',
  transmission: 'modifications',
  drive: 'modifications',
  colour: 'modifications',
  options: 'options',
  mileage: 'state',
  priceKzt: 'price',
  vin: 'price',
  description: 'price',
  contactPhone: 'price',
  cityId: 'price',
  photos: 'photos',
}

const PHOTO_ERRORS: Record<string, MessageKey> = {
  'photo.not_image': 'photo.error.not_image',
  'photo.too_large': 'photo.error.too_large',
  'photo.too_many': 'photo.error.too_many',
  'photo.invalid': 'photo.error.invalid',
  'photo.too_many_pixels': 'photo.error.too_many_pixels',
  'photo.too_small': 'photo.error.too_small',
  // A proxy in front of us may refuse a big body before our API sees it.
  'http.413': 'photo.error.too_large',
}

export function photoErrorKey(code: string | null): MessageKey {
  return (code && PHOTO_ERRORS[code]) || 'generic.failed'
}
