import { beforeAll } from 'vitest'
import { useDealerTeam } from './dealers.ts'
import { createListing, type ListingOverrides } from './factories.ts'
import { type Account, type AccountSpec, useTestApp } from './suite.ts'

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
 * The desk tests' set-up: the app; the dealer team (useDealerTeam: a verified dealer with the owner and the manager,
 * another one with `otherOwner`) cast as CAST, with the file's `others`; and the dealer's car on sale that `car`
 * describes (whose, at what price...). Filled in by hooks registered here, so the file's own beforeAll hooks run after it and read it.
 */
export function useDealerDesk<K extends string = never>(setup: {
  others: Record<K, AccountSpec>
  car: (acc: Record<keyof typeof CAST, Account>) => ListingOverrides
}) {
  const t = useTestApp()
  // The team's two dealers (useDealerTeam) with the desk's cast, then the dealer's car.
  const team = useDealerTeam<keyof typeof CAST | K>(t, { ...CAST, ...setup.others })
  const { acc } = team
  const desk = { dealerId: 0, otherDealerId: 0, car: 0 }
  beforeAll(async () => {
    desk.dealerId = team.dealerId
    desk.otherDealerId = team.otherDealerId
    desk.car = (await createListing(t.db, { dealerId: desk.dealerId, ...setup.car(acc) })).id
  })
  /** A call to `/api{url}`, as `auth` (a guest without), with a JSON body when given. */
  const call = (method: 'GET' | 'POST', url: string, auth?: Auth, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, ...(auth ? { headers: auth } : {}), ...(payload ? { payload } : {}) })
  return { t, acc, desk, call }
}
