import {
  BODY_TYPES,
  type BodyType,
  classifyVin,
  ENGINE_TYPES,
  type EngineType,
  type FieldError,
  type FieldStep,
  MAX_DESCRIPTION_LENGTH,
  MAX_MILEAGE_KM,
  MAX_PRICE_KZT,
  MIN_YEAR,
  mileageToKm,
  NEW_CAR_MAX_KM,
  normaliseVin,
  type SaveStepBody,
  type SaveStepInput,
  type StepErrorCode,
} from '@tulpar/contracts'
import { normaliseKzPhone } from '@tulpar/contracts/phone'
import type { Db } from '../../db/client.ts'
import { generationCovers, type ReferenceService } from '../reference/index.ts'
import * as repo from './selling.repository.ts'

/*
 * The rules of each step of the listing form. A step is checked against what earlier steps saved (the model
 * must belong to the brand, the generation to the model and the year, the engine to the model); the answer is
 * the columns to write, or field errors with the spec's texts.
 */

const MESSAGES: Record<StepErrorCode, string> = {
  required: 'This field is required',
  phone: 'Enter a valid phone number',
  vin: 'Enter a VIN of 17 characters (no I, O or Q) or a body number such as NZE121-3123456',
  not_in_list: 'Choose one of the offered values',
  year_range: 'This year does not fit the model',
  too_small: 'The value is too small',
  too_large: 'The value is too large',
  too_long: 'The text is too long',
  new_mileage: `A new car has at most ${NEW_CAR_MAX_KM} km`,
  locked: 'The brand and model of a listing under review or published cannot change; create a new listing',
  not_confirmed:
    'Confirm this number with the code we send by SMS (contact-phone/code/) before it replaces the current one',
}

export const fieldError = (field: string, code: StepErrorCode): FieldError => ({
  field: `body.${field}`,
  code,
  message: MESSAGES[code],
})

export interface StepResult {
  patch: repo.ListingPatch
  errors: FieldError[]
}

export interface StepDeps {
  db: Db
  reference: ReferenceService
  now: () => Date
}

const isBodyType = (v: string | null): v is BodyType => v !== null && (BODY_TYPES as readonly string[]).includes(v)
const isEngineType = (v: string | null): v is EngineType =>
  v !== null && (ENGINE_TYPES as readonly string[]).includes(v)
export const asBodyType = (v: string | null): BodyType | null => (isBodyType(v) ? v : null)
export const asEngineType = (v: string | null): EngineType | null => (isEngineType(v) ? v : null)

const present = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined

/** Columns that depend on the model: cleared in a draft when the brand or the model changes. */
const MODEL_DEPENDENT: repo.ListingPatch = {
  generationId: null,
  bodyType: null,
  engineType: null,
  engineVolumeCc: null,
  powerHp: null,
  transmission: null,
  drive: null,
}

/** Brand and model of a listing buyers or moderators see are fixed; a rejected one becomes a draft again. */
function identityChange(row: repo.ListingRow, field: 'brandId' | 'modelId'): StepResult | repo.ListingPatch {
  if (row.status === 'moderation' || row.status === 'published')
    return { patch: {}, errors: [fieldError(field, 'locked')] }
  return row.status === 'draft' ? MODEL_DEPENDENT : { ...MODEL_DEPENDENT, status: 'draft' }
}

async function brandStep(deps: StepDeps, b: SaveStepInput<'brand'>, row: repo.ListingRow): Promise<StepResult> {
  if (!present(b.brandId)) return { patch: {}, errors: [fieldError('brandId', 'required')] }
  if (!(await deps.reference.findBrandById(b.brandId)))
    return { patch: {}, errors: [fieldError('brandId', 'not_in_list')] }
  if (b.brandId === row.brandId) return { patch: {}, errors: [] }
  const change = identityChange(row, 'brandId')
  if ('errors' in change) return change
  return { patch: { ...change, brandId: b.brandId, modelId: null }, errors: [] }
}

async function modelStep(deps: StepDeps, b: SaveStepInput<'model'>, row: repo.ListingRow): Promise<StepResult> {
  if (!present(b.modelId)) return { patch: {}, errors: [fieldError('modelId', 'required')] }
  const model = await deps.reference.findModelById(b.modelId)
  if (!model || model.brandId !== row.brandId) return { patch: {}, errors: [fieldError('modelId', 'not_in_list')] }
  if (b.modelId === row.modelId) return { patch: {}, errors: [] }
  const change = identityChange(row, 'modelId')
  if ('errors' in change) return change
  return { patch: { ...change, modelId: b.modelId }, errors: [] }
}

async function characteristicsStep(
  deps: StepDeps,
  b: SaveStepInput<'characteristics'>,
  row: repo.ListingRow,
): Promise<StepResult> {
  const errors: FieldError[] = []
  const model = row.modelId ? await deps.reference.findModelById(row.modelId) : null
  const maxYear = deps.now().getUTCFullYear() + 1
  if (!present(b.year)) errors.push(fieldError('year', 'required'))
  else if (b.year < MIN_YEAR || b.year > maxYear)
    errors.push(fieldError('year', b.year < MIN_YEAR ? 'too_small' : 'too_large'))
  else if (!model || b.year < model.yearFrom || b.year > (model.yearTo ?? maxYear))
    errors.push(fieldError('year', 'year_range'))
  if (!present(b.bodyType)) errors.push(fieldError('bodyType', 'required'))
  else if (!model?.bodyTypes.includes(b.bodyType)) errors.push(fieldError('bodyType', 'not_in_list'))
  let generationId: number | null = null
  if (model && present(b.year) && !errors.some((e) => e.field === 'body.year')) {
    const year = b.year
    const covering = (await deps.reference.listGenerations(model.id)).filter((g) => generationCovers(g, year))
    // A generation is asked for only where the reference data knows the model's generations for that year.
    if (covering.length > 0 && !present(b.generationId)) errors.push(fieldError('generationId', 'required'))
    else if (present(b.generationId) && !covering.some((g) => g.id === b.generationId))
      errors.push(fieldError('generationId', 'not_in_list'))
    else generationId = b.generationId ?? null
  }
  if (errors.length > 0) return { patch: {}, errors }
  return { patch: { year: b.year, generationId, bodyType: b.bodyType }, errors }
}

async function modificationsStep(
  deps: StepDeps,
  b: SaveStepInput<'modifications'>,
  row: repo.ListingRow,
): Promise<StepResult> {
  const errors: FieldError[] = []
  const mods = row.modelId ? await deps.reference.listModifications(row.modelId) : []
  if (!present(b.steering)) errors.push(fieldError('steering', 'required'))
  if (!present(b.engineType)) errors.push(fieldError('engineType', 'required'))
  else if (!mods.some((m) => m.engineType === b.engineType)) errors.push(fieldError('engineType', 'not_in_list'))
  const mod = mods.find((m) => m.id === b.modificationId && m.engineType === b.engineType)
  if (!present(b.modificationId)) errors.push(fieldError('modificationId', 'required'))
  else if (present(b.engineType) && !mod) errors.push(fieldError('modificationId', 'not_in_list'))
  if (!present(b.transmission)) errors.push(fieldError('transmission', 'required'))
  else if (mod && !mod.transmissions.includes(b.transmission)) errors.push(fieldError('transmission', 'not_in_list'))
  if (!present(b.drive)) errors.push(fieldError('drive', 'required'))
  else if (mod && !mod.drives.includes(b.drive)) errors.push(fieldError('drive', 'not_in_list'))
  if (!present(b.colour)) errors.push(fieldError('colour', 'required'))
  else if (!(await repo.existingColour(deps.db, b.colour))) errors.push(fieldError('colour', 'not_in_list'))
  if (errors.length > 0 || !mod) return { patch: {}, errors }
  return {
    patch: {
      steering: b.steering,
      engineType: mod.engineType,
      engineVolumeCc: mod.engineType === 'electric' ? null : mod.engineVolumeCc,
      powerHp: mod.powerHp,
      hasGasEquipment: b.hasGasEquipment ?? row.hasGasEquipment,
      transmission: b.transmission,
      drive: b.drive,
      colour: b.colour,
    },
    errors,
  }
}

async function optionsStep(deps: StepDeps, b: SaveStepInput<'options'>): Promise<StepResult> {
  const codes = [...new Set(b.options)]
  const known = await repo.existingOptionCodes(deps.db, codes)
  if (codes.some((c) => !known.has(c))) return { patch: {}, errors: [fieldError('options', 'not_in_list')] }
  return { patch: { options: codes }, errors: [] }
}

function stateStep(b: SaveStepInput<'state'>, row: repo.ListingRow): StepResult {
  const unit = b.mileageUnit ?? row.mileageUnit
  const isNew = b.isNew ?? row.isNew
  if (!present(b.mileage)) return { patch: {}, errors: [fieldError('mileage', 'required')] }
  if (b.mileage < 0) return { patch: {}, errors: [fieldError('mileage', 'too_small')] }
  const km = mileageToKm(b.mileage, unit)
  if (km > MAX_MILEAGE_KM) return { patch: {}, errors: [fieldError('mileage', 'too_large')] }
  if (isNew && km > NEW_CAR_MAX_KM) return { patch: {}, errors: [fieldError('mileage', 'new_mileage')] }
  return {
    patch: {
      mileage: b.mileage,
      mileageUnit: unit,
      mileageKm: km,
      isNew,
      isCustomsCleared: b.isCustomsCleared ?? row.isCustomsCleared,
      isDamaged: b.isDamaged ?? row.isDamaged,
      hasWarranty: b.hasWarranty ?? row.hasWarranty,
    },
    errors: [],
  }
}

async function priceStep(deps: StepDeps, b: SaveStepInput<'price'>, row: repo.ListingRow): Promise<StepResult> {
  const errors: FieldError[] = []
  if (!present(b.priceKzt)) errors.push(fieldError('priceKzt', 'required'))
  else if (b.priceKzt <= 0) errors.push(fieldError('priceKzt', 'too_small'))
  else if (b.priceKzt > MAX_PRICE_KZT) errors.push(fieldError('priceKzt', 'too_large'))
  const vinText = b.vin ? normaliseVin(b.vin) : ''
  if (vinText && !classifyVin(vinText)) errors.push(fieldError('vin', 'vin'))
  const description = b.description?.trim() ?? ''
  if (description.length > MAX_DESCRIPTION_LENGTH) errors.push(fieldError('description', 'too_long'))
  const phone = b.contactPhone?.trim() ? normaliseKzPhone(b.contactPhone) : null
  if (!b.contactPhone?.trim()) errors.push(fieldError('contactPhone', 'required'))
  else if (!phone) errors.push(fieldError('contactPhone', 'phone'))
  if (!present(b.cityId)) errors.push(fieldError('cityId', 'required'))
  else if (!(await deps.reference.findCityById(b.cityId))) errors.push(fieldError('cityId', 'not_in_list'))
  if (errors.length > 0) return { patch: {}, errors }
  return {
    patch: {
      priceKzt: b.priceKzt,
      vin: vinText || null,
      description: description || null,
      contactPhone: phone,
      isBargainAllowed: b.isBargainAllowed ?? row.isBargainAllowed,
      isExchangeAccepted: b.isExchangeAccepted ?? row.isExchangeAccepted,
      cityId: b.cityId,
    },
    errors,
  }
}

/** Checks one step against the listing as saved; returns the columns to write or the field errors. */
export function validateStep(deps: StepDeps, body: SaveStepBody, row: repo.ListingRow): Promise<StepResult> {
  switch (body.step) {
    case 'brand':
      return brandStep(deps, body, row)
    case 'model':
      return modelStep(deps, body, row)
    case 'characteristics':
      return characteristicsStep(deps, body, row)
    case 'modifications':
      return modificationsStep(deps, body, row)
    case 'options':
      return optionsStep(deps, body)
    case 'state':
      return Promise.resolve(stateStep(body, row))
    case 'price':
      return priceStep(deps, body, row)
  }
}

/** The saved listing as the body of each field step, to check it whole before it goes to moderation. */
export function stepBodiesOf(row: repo.ListingRow, modificationId: number | null): Record<FieldStep, SaveStepBody> {
  return {
    brand: { step: 'brand', brandId: row.brandId },
    model: { step: 'model', modelId: row.modelId },
    characteristics: {
      step: 'characteristics',
      year: row.year,
      generationId: row.generationId,
      bodyType: asBodyType(row.bodyType),
    },
    modifications: {
      step: 'modifications',
      steering: row.steering,
      engineType: asEngineType(row.engineType),
      modificationId,
      hasGasEquipment: row.hasGasEquipment,
      transmission: row.transmission,
      drive: row.drive,
      colour: row.colour,
    },
    options: { step: 'options', options: row.options },
    state: {
      step: 'state',
      mileage: row.mileage,
      mileageUnit: row.mileageUnit,
      isNew: row.isNew,
      isCustomsCleared: row.isCustomsCleared,
      isDamaged: row.isDamaged,
      hasWarranty: row.hasWarranty,
    },
    price: {
      step: 'price',
      priceKzt: row.priceKzt,
      vin: row.vin,
      description: row.description,
      contactPhone: row.contactPhone,
      isBargainAllowed: row.isBargainAllowed,
      isExchangeAccepted: row.isExchangeAccepted,
      cityId: row.cityId,
    },
  }
}
