import { z } from 'zod'
import { BodyType, Drive, EngineType, ListingStatus, MileageUnit, Steering, Transmission } from './enums.ts'
import { ListingDetail, MAX_MILEAGE_KM, MAX_PRICE_KZT } from './listings.ts'
import {
  FIELD_STEPS,
  MATERIAL_FIELDS,
  MATERIAL_PRICE_DROP,
  MAX_DESCRIPTION_LENGTH,
  MAX_LISTING_PHOTOS,
  MAX_PHOTO_BYTES,
  SELLING_STEPS,
} from './selling-rules.ts'

export const SellingStepName = z.enum(SELLING_STEPS)
export const FieldStepName = z.enum(FIELD_STEPS)

/**
 * Field error codes of a step (problem+json `errors[].code`), translated by the clients:
 * `required` ('This field is required'), `phone` ('Enter a valid phone number'), `vin`, `not_in_list` (a choice
 * that does not fit the earlier ones), `year_range`, `too_small`, `too_large`, `too_long`, `new_mileage`,
 * `locked` (brand or model of a listing under review or published).
 */
export const STEP_ERROR_CODES = [
  'required',
  'phone',
  'vin',
  'not_in_list',
  'year_range',
  'too_small',
  'too_large',
  'too_long',
  'new_mileage',
  'locked',
  'not_confirmed',
] as const
export type StepErrorCode = (typeof STEP_ERROR_CODES)[number]

const id = z.number().int().positive().max(2_147_483_647)
/** Every field may be missing or null in the body: the step's own validation answers 'This field is required'. */
const opt = <T extends z.ZodType>(schema: T) => schema.nullable().optional()

const BrandStep = z.strictObject({ step: z.literal('brand'), brandId: opt(id) })
const ModelStep = z.strictObject({ step: z.literal('model'), modelId: opt(id) })
const CharacteristicsStep = z.strictObject({
  step: z.literal('characteristics'),
  year: opt(z.number().int()),
  generationId: opt(id).describe('Required when a generation of the model covers the year'),
  bodyType: opt(BodyType),
})
const ModificationsStep = z.strictObject({
  step: z.literal('modifications'),
  steering: opt(Steering),
  engineType: opt(EngineType),
  modificationId: opt(id).describe('Engine modification of the model (volume in litres, power)'),
  hasGasEquipment: z.boolean().optional(),
  transmission: opt(Transmission),
  drive: opt(Drive),
  colour: opt(z.string().max(40)),
})
const OptionsStep = z.strictObject({ step: z.literal('options'), options: z.array(z.string().max(60)).max(200) })
const StateStep = z.strictObject({
  step: z.literal('state'),
  mileage: opt(z.number().int()),
  mileageUnit: MileageUnit.optional(),
  isNew: z.boolean().optional(),
  isCustomsCleared: z.boolean().optional(),
  isDamaged: z.boolean().optional(),
  hasWarranty: z.boolean().optional(),
})
const PriceStep = z.strictObject({
  step: z.literal('price'),
  priceKzt: opt(z.number().int()).describe('Whole tenge, more than 0'),
  vin: opt(z.string().max(40)).describe('VIN (17 characters without I, O, Q) or a body number like NZE121-3123456'),
  description: opt(z.string().max(MAX_DESCRIPTION_LENGTH * 2)),
  contactPhone: opt(z.string().max(32)).describe('A Kazakhstan mobile number in any common format'),
  isBargainAllowed: z.boolean().optional(),
  isExchangeAccepted: z.boolean().optional(),
  cityId: opt(id),
})

/** PATCH /listings/{id}/: one step's fields. Steps after a changed brand or model are cleared in a draft. */
export const SaveStepBody = z
  .discriminatedUnion('step', [
    BrandStep,
    ModelStep,
    CharacteristicsStep,
    ModificationsStep,
    OptionsStep,
    StateStep,
    PriceStep,
  ])
  .meta({ id: 'SaveStepBody' })
export type SaveStepBody = z.infer<typeof SaveStepBody>
export type SaveStepInput<S extends SaveStepBody['step']> = Extract<SaveStepBody, { step: S }>

export const SellerPhoto = z
  .object({
    id: z.number().int(),
    key: z.string().describe('URLs are /media/{key}/{card|gallery|full}.{avif|webp|jpg}'),
    width: z.number().int(),
    height: z.number().int(),
    position: z.number().int().describe('0 is the cover'),
  })
  .meta({ id: 'SellerPhoto' })
export type SellerPhoto = z.infer<typeof SellerPhoto>

/** The owner's (or a moderator's) view of a listing in any status, drafts included. */
export const SellerListing = z
  .object({
    id: z.number().int(),
    status: ListingStatus,
    rejectionReason: z.string().nullable(),
    title: z.string().nullable().describe('Brand, model and year as far as they are known'),
    brandId: z.number().int().nullable(),
    modelId: z.number().int().nullable(),
    generationId: z.number().int().nullable(),
    year: z.number().int().nullable(),
    bodyType: BodyType.nullable(),
    steering: Steering.nullable(),
    engineType: EngineType.nullable(),
    modificationId: z.number().int().nullable().describe('The model modification matching engine and volume'),
    engineVolumeCc: z.number().int().nullable(),
    powerHp: z.number().int().nullable(),
    hasGasEquipment: z.boolean(),
    transmission: Transmission.nullable(),
    drive: Drive.nullable(),
    colour: z.string().nullable(),
    options: z.array(z.string()),
    mileage: z.number().int().nullable(),
    mileageUnit: MileageUnit,
    mileageKm: z.number().int().nullable(),
    isNew: z.boolean(),
    isCustomsCleared: z.boolean(),
    isDamaged: z.boolean(),
    hasWarranty: z.boolean(),
    priceKzt: z.number().int().nullable(),
    vin: z.string().nullable(),
    description: z.string().nullable(),
    contactPhone: z.string().nullable(),
    contactPhoneConfirmed: z
      .boolean()
      .describe('Whether the seller confirmed the contact phone by SMS code (needed before publishing)'),
    isBargainAllowed: z.boolean(),
    isExchangeAccepted: z.boolean(),
    cityId: z.number().int().nullable(),
    photos: z.array(SellerPhoto),
    completedSteps: z.array(FieldStepName).describe('Field steps whose saved values pass validation'),
    nextStep: SellingStepName.describe('Where to resume the form'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    publishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'SellerListing' })
export type SellerListing = z.infer<typeof SellerListing>

/** What buyers did with a listing, for its seller: on the car page they own and in "my listings". */
export const ListingStats = z
  .object({
    viewsCount: z.number().int().describe('Visitors a day counted once each, since publication'),
    phoneRevealsCount: z.number().int().describe('Times the seller number was revealed'),
    savedCount: z.number().int().describe('Users who keep it in their favourites now'),
  })
  .meta({ id: 'ListingStats' })
export type ListingStats = z.infer<typeof ListingStats>
/** Days of views the seller sees on their own car page. */
export const OWN_VIEWS_DAYS = 14

/** A listing seen by its seller on its own car page. */
export const OwnListing = ListingStats.extend({
  status: ListingStatus,
  viewsByDay: z
    .array(z.object({ day: z.iso.date(), views: z.number().int() }))
    .describe(`Visitors counted each day of the last ${OWN_VIEWS_DAYS} days (Almaty time), the oldest first`),
}).meta({ id: 'OwnListing' })
export type OwnListing = z.infer<typeof OwnListing>

/** One row of "my listings". */
export const MyListing = z
  .object({
    id: z.number().int(),
    status: ListingStatus,
    rejectionReason: z.string().nullable(),
    title: z.string().nullable(),
    priceKzt: z.number().int().nullable(),
    mileage: z.number().int().nullable(),
    mileageUnit: MileageUnit,
    coverKey: z.string().nullable(),
    coverIsIllustration: z.boolean(),
    photoCount: z.number().int(),
    ...ListingStats.shape,
    nextStep: SellingStepName,
    updatedAt: z.iso.datetime(),
    publishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'MyListing' })
export type MyListing = z.infer<typeof MyListing>

/**
 * A listing as buyers will see its page, for its owner (and staff) before it is public: under review, returned
 * by a moderator, or a draft with every required field. The same fields as a car's page; never cached.
 */
export const ListingPreview = ListingDetail.extend({
  publishedAt: z.iso.datetime().nullable().describe('Null until a moderator first approves it'),
  rejectionReason: z.string().nullable().describe("The moderator's reason when it was returned (status rejected)"),
}).meta({ id: 'ListingPreview' })
export type ListingPreview = z.infer<typeof ListingPreview>
export const MyListings = z.object({ results: z.array(MyListing) }).meta({ id: 'MyListings' })
export type MyListings = z.infer<typeof MyListings>

export const SellerListingParams = z.strictObject({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})
export const SellerPhotoParams = SellerListingParams.extend({
  photoId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})
export const ReorderPhotosBody = z
  .strictObject({ photoIds: z.array(z.number().int().positive()).min(1).max(MAX_LISTING_PHOTOS) })
  .meta({ id: 'ReorderPhotosBody' })
export const ChangePriceBody = z
  .strictObject({ priceKzt: z.number().int().min(1).max(MAX_PRICE_KZT) })
  .meta({ id: 'ChangePriceBody' })

/** The code from the SMS sent to the listing's contact phone. */
export const ConfirmContactPhoneBody = z
  .strictObject({
    code: z.string().regex(/^\d{6}$/, 'The code is 6 digits'),
    phone: z
      .string()
      .max(32)
      .optional()
      .describe("The number the code was sent to; the listing's contact phone if absent"),
  })
  .meta({ id: 'ConfirmContactPhoneBody' })
/** Where to send the code: a new number about to replace the contact phone, else the contact phone itself. */
export const SendContactPhoneCodeBody = z
  .strictObject({ phone: z.string().max(32).optional() })
  .meta({ id: 'SendContactPhoneCodeBody' })
export type SendContactPhoneCodeBody = z.infer<typeof SendContactPhoneCodeBody>
export type ConfirmContactPhoneBody = z.infer<typeof ConfirmContactPhoneBody>
export const ContactPhoneCodeSent = z
  .object({ message: z.string(), phone: z.string().describe('E.164 number the code was sent to') })
  .meta({ id: 'ContactPhoneCodeSent' })

/** Answers of the actions that the clients announce with a notice (spec section 8). */
export const SellingNotice = z.enum([
  'listing.sent_to_moderation',
  // A verified dealer's car that staff trust it to publish, without a fraud signal, skips the queue (issue 38).
  'listing.published',
  'listing.deleted',
  'listing.sold',
])
export const SellingActionResult = z
  .object({
    code: SellingNotice,
    message: z.string().describe("e.g. 'Your listing has been sent for moderation.'"),
    listing: SellerListing.nullable().describe('null after deletion'),
  })
  .meta({ id: 'SellingActionResult' })
export type SellingActionResult = z.infer<typeof SellingActionResult>

export const SELLING_DOCS = {
  photos:
    `Multipart form data, one or more parts named \`photos\`: JPEG, PNG, WebP or AVIF, at most ` +
    `${MAX_PHOTO_BYTES / 1024 / 1024} MB each and ${MAX_LISTING_PHOTOS} per listing. The content is sniffed (a renamed ` +
    'file that is not a photo is refused), the orientation fixed, EXIF and GPS removed; card, gallery and full ' +
    'variants are stored in AVIF, WebP and JPEG.',
  material:
    `A published listing goes back to moderation when one of ${MATERIAL_FIELDS.join(', ')} changes, photos are ` +
    `added or removed, or the price drops by more than ${MATERIAL_PRICE_DROP * 100}%.`,
  mileage: `Mileage in km at most ${MAX_MILEAGE_KM.toLocaleString('en')}; miles are converted to km for search.`,
} as const

/* Reference lists for the form. */
export const FormModel = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  yearFrom: z.number().int(),
  yearTo: z.number().int().nullable(),
  bodyTypes: z.array(BodyType),
})
export type FormModel = z.infer<typeof FormModel>
export const FormGeneration = z.object({
  id: z.number().int(),
  name: z.string(),
  yearFrom: z.number().int(),
  yearTo: z.number().int().nullable(),
})
export type FormGeneration = z.infer<typeof FormGeneration>
export const FormModification = z.object({
  id: z.number().int(),
  engineType: EngineType,
  engineVolumeCc: z.number().int(),
  volumeL: z.number().describe('Engine volume in litres (0 for electric)'),
  powerHp: z.number().int(),
  transmissions: z.array(Transmission),
  drives: z.array(Drive),
})
export type FormModification = z.infer<typeof FormModification>
const CodeNameItem = z.object({ code: z.string(), name: z.string() })
export const FormVocabularies = z
  .object({
    bodyTypes: z.array(CodeNameItem),
    engineTypes: z.array(CodeNameItem),
    colours: z.array(CodeNameItem.extend({ hex: z.string() })),
    optionGroups: z.array(CodeNameItem.extend({ options: z.array(CodeNameItem) })),
  })
  .meta({ id: 'FormVocabularies' })
export type FormVocabularies = z.infer<typeof FormVocabularies>
export const BrandParams = z.strictObject({ brandId: z.coerce.number().int().positive().max(2_147_483_647) })
export const ModelParams = z.strictObject({ modelId: z.coerce.number().int().positive().max(2_147_483_647) })
export const GenerationsQuery = z.strictObject({ year: z.coerce.number().int().min(1900).max(2100).optional() })
