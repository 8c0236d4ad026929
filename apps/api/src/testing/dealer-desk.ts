import { eq } from 'drizzle-orm'
import { beforeAll } from 'vitest'
import type { Db } from '../db/client.ts'
import { cities, dealerMembers, dealers } from '../db/schema.ts'
import { createListing, type ListingOverrides } from './factories.ts'
import { type Account, type AccountSpec, useAccounts, useTestApp } from './suite.ts'

/** For the desk's tests: a verified dealer in Almaty with its owner and, when given, a manager; its id. */
async function verifiedDealerOf(db: Db, bin: string, ownerId: string, managerId?: string): Promise<number> {
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

/** Who every desk test acts as: the dealer's people, another dealer's owner, a private seller and staff. */
const CAST = {
  owner: { name: 'Ерлан Дилеров' },
  manager: { name: 'Айгерим Менеджер' },
  otherOwner: { name: 'Чужой Дилер' },
  privateUser: { name: 'Частный Продавец' },
  moderator: { name: 'Модератор', role: 'moderator' },
} satisfies Record<string, AccountSpec>

type Auth = Record<string, string>

/**
 * The desk tests' set-up: the app; the accounts of CAST and the file's `others`; a verified dealer with the owner
 * and the manager, and another one with `otherOwner`; and the dealer's car on sale that `car` describes (whose,
 * at what price...). Filled in by hooks registered here, so the file's own beforeAll hooks run after it and read it.
 */
export function useDealerDesk<K extends string = never>(setup: {
  others: Record<K, AccountSpec>
  car: (acc: Record<keyof typeof CAST, Account>) => ListingOverrides
}) {
  const t = useTestApp()
  const acc = useAccounts<keyof typeof CAST | K>(t, { ...CAST, ...setup.others })
  const desk = { dealerId: 0, otherDealerId: 0, car: 0 }
  beforeAll(async () => {
    desk.dealerId = await verifiedDealerOf(t.db, '070401400009', acc.owner.id, acc.manager.id)
    desk.otherDealerId = await verifiedDealerOf(t.db, '160440003337', acc.otherOwner.id)
    desk.car = (await createListing(t.db, { dealerId: desk.dealerId, ...setup.car(acc) })).id
  })
  /** A call to `/api{url}`, as `auth` (a guest without), with a JSON body when given. */
  const call = (method: 'GET' | 'POST', url: string, auth?: Auth, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, ...(auth ? { headers: auth } : {}), ...(payload ? { payload } : {}) })
  return { t, acc, desk, call }
}
