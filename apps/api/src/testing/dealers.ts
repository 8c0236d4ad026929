import { eq } from 'drizzle-orm'
import { beforeAll } from 'vitest'
import type { Db } from '../db/client.ts'
import { cities, dealerMembers, dealers } from '../db/schema.ts'
import { type Account, type AccountSpec, type TestApp, useAccounts } from './suite.ts'

/* Dealers as the dealer tests meet them (issue 38): verified, in Almaty, with their people. */

/** A verified dealer in Almaty with its owner and its managers (written directly); its id. */
async function createVerifiedDealer(
  db: Db,
  { bin, ownerId, managerIds = [] }: { bin: string; ownerId: string; managerIds?: string[] },
): Promise<number> {
  const [almaty] = await db.select({ id: cities.id }).from(cities).where(eq(cities.slug, 'almaty'))
  if (!almaty) throw new Error('no Almaty')
  const [d] = await db
    .insert(dealers)
    .values({
      legalName: `ТОО ${bin}`,
      kind: 'legal_entity',
      bin,
      status: 'verified',
      cityId: almaty.id,
      phones: ['+77273550011'],
      workingHours: '9-19',
    })
    .returning({ id: dealers.id })
  if (!d) throw new Error('no dealer')
  await db.insert(dealerMembers).values({ dealerId: d.id, userId: ownerId, role: 'owner' })
  for (const userId of managerIds) await db.insert(dealerMembers).values({ dealerId: d.id, userId, role: 'manager' })
  return d.id
}

type TeamRole = 'owner' | 'manager' | 'otherOwner'

/**
 * The people a dealer test acts as and their two dealers, made before the file's tests: `owner` and `manager` of
 * `dealerId`, `otherOwner` of `otherDealerId`, and any `extra` accounts (a private seller, staff). The objects are
 * filled in then: read them in hooks and tests.
 */
export function useDealerTeam<K extends string = never>(t: TestApp, extra: Record<K, AccountSpec> = {} as never) {
  const acc: Record<TeamRole | K, Account> = useAccounts<TeamRole | K>(t, {
    owner: { name: 'Владелец Салона' },
    manager: { name: 'Менеджер Салона' },
    otherOwner: { name: 'Чужой Дилер' },
    ...extra,
  } as Record<TeamRole | K, AccountSpec>)
  const team = { acc, dealerId: 0, otherDealerId: 0 }
  beforeAll(async () => {
    team.dealerId = await createVerifiedDealer(t.db, {
      bin: '070401400009',
      ownerId: acc.owner.id,
      managerIds: [acc.manager.id],
    })
    team.otherDealerId = await createVerifiedDealer(t.db, { bin: '160440003337', ownerId: acc.otherOwner.id })
  })
  return team
}
