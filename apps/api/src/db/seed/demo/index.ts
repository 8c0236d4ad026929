export { generateListings } from './generate.ts'
export { DEMO_PASSWORD, hashPassword, verifyPassword } from './password.ts'
export { DEFAULT_SEED, type SeedDemoOptions, type SeedDemoResult, seedDemo } from './seed-demo.ts'
export { generateBodyNumber, generateVin, isValidVin } from './vin.ts'
