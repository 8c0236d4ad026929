import { eq } from 'drizzle-orm'
import { beforeAll } from 'vitest'
import type { Db } from '../db/client.ts'
import { cities, dealerMembers, dealers } from '../db/schema.ts'
import { type Account, type AccountSpec, type TestApp, useAccounts } from './suite.ts'

/* Dealers as the dealer tests meet them (issue 38): verified, in Almaty, with their people. */

/**
 * A verified dealer in Almaty (written directly: applying and verifying are the dealers module's tests) with its
 * owner and managers when given; its id. The name is `ТОО <bin>` unless given.
 */
export async function createVerifiedDealer(
  db: Db,
  {
    bin,
    legalName = `ТОО ${bin}`,
    phones = ['+77273550011'],
    ownerId,
    managerIds = [],
  }: { bin: string; legalName?: string; phones?: string[]; ownerId?: string; managerIds?: string[] },
): Promise<number> {
  const [almaty] = await db.select({ id: cities.id }).from(cities).where(eq(cities.slug, 'almaty'))
  if (!almaty) throw new Error('no Almaty')
  const [d] = await db
    .insert(dealers)
    .values({
      legalName,
      kind: 'legal_entity',
      bin,
      status: 'verified',
      cityId: almaty.id,
      phones,
      workingHours: '9-19',
    })
    .returning({ id: dealers.id })
  if (!d) throw new Error('no dealer')
  const people = [
    ...(ownerId ? [{ userId: ownerId, role: 'owner' as const }] : []),
    ...managerIds.map((userId) => ({ userId, role: 'manager' as const })),
  ]
  if (people.length > 0) await db.insert(dealerMembers).values(people.map((p) => ({ dealerId: d.id, ...p })))
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
