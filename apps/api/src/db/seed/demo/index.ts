export { restorePendingIndexes } from './bulk-load.ts'
export { verifyPassword } from './password.ts'
export {
  SEED_STAGE_NAMES,
  type SeedStep,
  seedDemo,
} from './seed-demo.ts'
export { isValidVin } from './vin.ts'
