import { demoEmail, generateId, generatePersonName, generateUniquePhone } from './people.ts'
import { type Rng, weightedSampler } from './random.ts'
import type { DemoOwner, RefCity } from './types.ts'

/** Demo sellers and the identity rows (better-auth `user` and `account`, product `profiles`) behind them. */

const DAY_MS = 86_400_000
const byPopulation = (city: RefCity) => city.populationK

export interface OwnerOptions {
  count: number
  /** The first owner is `seller{startN}@demo.tulpar.kz`. */
  startN: number
  now: Date
  cities: readonly RefCity[]
  /** Phones already used (in the database or by earlier owners); new ones are added. */
  takenPhones: Set<string>
}

export function generateOwners(rng: Rng, options: OwnerOptions): DemoOwner[] {
  const cities = weightedSampler(options.cities, byPopulation)
  const owners: DemoOwner[] = []
  for (let i = 0; i < options.count; i++) {
    const n = options.startN + i
    const person = generatePersonName(rng)
    // Accounts are older than the listings (which span the last 90 days).
    const createdAt = new Date(options.now.getTime() - rng.float(95, 1500) * DAY_MS)
    owners.push({
      id: generateId(rng),
      n,
      name: person.fullName,
      email: demoEmail(n),
      phone: generateUniquePhone(rng, options.takenPhones),
      cityId: cities.draw(rng).id,
      createdAt,
    })
  }
  return owners
}

export const USER_KEYS = [
  'id',
  'name',
  'email',
  'emailVerified',
  'createdAt',
  'updatedAt',
  'role',
  'banned',
  'phoneNumber',
  'phoneNumberVerified',
] as const

export const ACCOUNT_KEYS = ['id', 'accountId', 'providerId', 'userId', 'password', 'createdAt', 'updatedAt'] as const

export const PROFILE_KEYS = [
  'userId',
  'cityId',
  'phone',
  'fullName',
  'email',
  'language',
  'createdAt',
  'updatedAt',
] as const

export function userRow(owner: DemoOwner): Record<(typeof USER_KEYS)[number], unknown> {
  return {
    id: owner.id,
    name: owner.name,
    email: owner.email,
    emailVerified: true,
    createdAt: owner.createdAt,
    updatedAt: owner.createdAt,
    role: 'user',
    banned: false,
    phoneNumber: owner.phone,
    phoneNumberVerified: true,
  }
}

/** A credential account; better-auth uses the user id as the account id for email and password sign-in. */
export function accountRow(
  rng: Rng,
  owner: DemoOwner,
  passwordHash: string,
): Record<(typeof ACCOUNT_KEYS)[number], unknown> {
  return {
    id: generateId(rng),
    accountId: owner.id,
    providerId: 'credential',
    userId: owner.id,
    password: passwordHash,
    createdAt: owner.createdAt,
    updatedAt: owner.createdAt,
  }
}

export function profileRow(owner: DemoOwner): Record<(typeof PROFILE_KEYS)[number], unknown> {
  return {
    userId: owner.id,
    cityId: owner.cityId,
    phone: owner.phone,
    fullName: owner.name,
    email: owner.email,
    language: 'ru',
    createdAt: owner.createdAt,
    updatedAt: owner.createdAt,
  }
}
