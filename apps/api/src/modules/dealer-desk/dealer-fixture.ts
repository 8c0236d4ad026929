import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { cities, dealerMembers, dealers } from '../../db/schema.ts'

/** For the desk's tests: a verified dealer in Almaty with its owner and, when given, a manager; its id. */
export async function verifiedDealerOf(db: Db, bin: string, ownerId: string, managerId?: string): Promise<number> {
  const [almaty] = await db.select({ id: cities.id }).from(cities).where(eq(cities.slug, 'almaty'))
  const [row] = await db
    .insert(dealers)
    .values({
      legalName: `ТОО «${bin}»`,
      kind: 'legal_entity',
      bin,
      status: 'verified',
      cityId: almaty?.id ?? 1,
      phones: ['+77273550011'],
      workingHours: '9–19',
    })
    .returning({ id: dealers.id })
  if (!row) throw new Error('dealer not created')
  await db.insert(dealerMembers).values({ dealerId: row.id, userId: ownerId, role: 'owner' })
  if (managerId) await db.insert(dealerMembers).values({ dealerId: row.id, userId: managerId, role: 'manager' })
  return row.id
}
