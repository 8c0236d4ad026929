export { BODY_TYPE_SEEDS } from './body-types.ts'
export { BRANDS } from './brands.ts'
export { CITIES } from './cities.ts'
export { COLOUR_SEEDS } from './colours.ts'
export type { CompanyContactsSeed } from './company.ts'
export { BRANCHES, COMPANY_CONTACTS } from './company.ts'
export { ENGINE_TYPE_SEEDS } from './engine-types.ts'
export { OPTION_GROUP_SEEDS } from './options.ts'
export { PARTNER_CATEGORY_SEEDS, PARTNERS } from './partners.ts'
export { REVIEWS } from './reviews.ts'
export type {
  BranchSeed,
  BrandSeed,
  CitySeed,
  CodeNameSeed,
  ColourSeed,
  EngineSeed,
  GenerationSeed,
  ModelSeed,
  OptionGroupSeed,
  PartnerCategorySeed,
  PartnerSeed,
  ReviewSeed,
} from './types.ts'
