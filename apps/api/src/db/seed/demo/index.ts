export { restorePendingIndexes } from './bulk-load.ts'
export { generateListings } from './generate.ts'
export { DEMO_PASSWORD, hashPassword, verifyPassword } from './password.ts'
export {
  DEFAULT_SEED,
  SEED_STAGE_NAMES,
  type SeedDemoOptions,
  type SeedDemoResult,
  type SeedStep,
  seedDemo,
} from './seed-demo.ts'
export { generateBodyNumber, generateVin, isValidVin } from './vin.ts'
