import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { user } from '../modules/identity/identity.tables.ts'
import { accountHelpers } from '../testing/accounts.ts'
import { useDealerTeam } from '../testing/dealers.ts'
import { createListing } from '../testing/factories.ts'
import { useTestApp } from '../testing/suite.ts'
import { TEST_PUBLIC_URL } from '../testing/test-app.ts'
import { ALL_VIEWERS, listenViewerChanges, VIEWERS_CHANNEL } from './viewer-changes.ts'

/*
 * A signed-in visitor's own part of a page (name, hearts, unread count, profile city) is kept a few seconds per
 * session by the web and dropped on the database's notifications (migration 0035, decision 037): every change to
 * what that part shows must name the users whose part changed, and nobody else.
 */
const t = useTestApp()
const team = useDealerTeam(t, { buyer: { name: 'Покупатель Айгуль' }, stranger: { name: 'Посторонний' } })
const { acc } = team
const received: (string[] | typeof ALL_VIEWERS)[] = []
let stop: () => Promise<void>

beforeAll(async () => {
  stop = await listenViewerChanges(t.database, (users) => received.push(users), { warn() {}, error() {} })
})
afterAll(() => stop())

let markers = 0
/** Waits until every notification committed so far has arrived (delivered in commit order, so a marker's is last). */
async function delivered(): Promise<void> {
  const marker = `marker-${++markers}`
  await t.db.execute(sql`select pg_notify(${VIEWERS_CHANNEL}, ${marker})`)
  await expect.poll(() => received.some((u) => u !== ALL_VIEWERS && u.includes(marker)), { timeout: 10_000 }).toBe(true)
}

/** The users named by what `change` commits (each once, sorted), or `*`. */
async function namedBy(change: () => Promise<unknown>): Promise<string[] | typeof ALL_VIEWERS> {
  await delivered()
  received.length = 0
  await change()
  await delivered()
  const all = received.filter((u) => u === ALL_VIEWERS || !u[0]?.startsWith('marker-'))
  if (all.includes(ALL_VIEWERS)) return ALL_VIEWERS
  return [...new Set(all.flat())].sort()
}

const sorted = (...ids: string[]) => [...ids].sort()

describe("what names a visitor whose own part changed (the web's viewer cache)", () => {
  test('a heart given and taken back names only its owner', async () => {
    const car = await createListing(t.db, { ownerId: acc.stranger.id })
    const put = () => t.app.inject({ method: 'PUT', url: `/api/favourites/${car.id}/`, headers: acc.buyer.auth })
    expect(await namedBy(put)).toEqual([acc.buyer.id])
    const del = () => t.app.inject({ method: 'DELETE', url: `/api/favourites/${car.id}/`, headers: acc.buyer.auth })
    expect(await namedBy(del)).toEqual([acc.buyer.id])
  })

  test('a profile change (the city in the header) names its owner', async () => {
    const profile = (await t.app.inject({ url: '/api/profiles/me/', headers: acc.buyer.auth })).json()[0]
    const [almaty] = (await t.app.inject('/api/company/cities/')).json()
    const change = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/profiles/update/${profile.id}/`,
        headers: acc.buyer.auth,
        payload: { city: almaty.id },
      })
    expect(await namedBy(change)).toEqual([acc.buyer.id])
  })

  test("a message about a dealer's car names both sides and every member of the dealer; a read mark the same", async () => {
    const car = await createListing(t.db, { ownerId: acc.manager.id, dealerId: team.dealerId })
    let conversationId = 0
    const first = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/conversations/',
        payload: { listingId: car.id, body: 'Здравствуйте, машина ещё продаётся?' },
        headers: acc.buyer.auth,
      })
      expect(res.statusCode).toBe(201)
      conversationId = res.json().conversationId
    }
    const dealerSide = sorted(acc.buyer.id, acc.owner.id, acc.manager.id)
    expect(await namedBy(first)).toEqual(dealerSide)
    const reply = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversationId}/messages/`,
        payload: { body: 'Да, приезжайте' },
        headers: acc.owner.auth,
      })
    expect(await namedBy(reply)).toEqual(dealerSide)
    // The seller's seat is shared: the manager reading it changes the owner's unread count too.
    const read = () => t.app.inject({ method: 'POST', url: '/api/messages/read/', headers: acc.manager.auth })
    const named = await namedBy(read)
    expect(named).toEqual(expect.arrayContaining(dealerSide))
    expect(named).not.toContain(acc.otherOwner.id)
    expect(named).not.toContain(acc.stranger.id)
  })

  test('signing out (a session ended) and an account change (a ban, a new name) name the account', async () => {
    const { cookieSession } = accountHelpers(() => t.app)
    const cookie = await cookieSession(acc.stranger.email, acc.stranger.password)
    const signOut = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: TEST_PUBLIC_URL } })
    expect(await namedBy(signOut)).toEqual([acc.stranger.id])
    const rename = () => t.db.update(user).set({ name: 'Новое имя' }).where(eq(user.id, acc.stranger.id))
    expect(await namedBy(rename)).toEqual([acc.stranger.id])
  })

  test('joining or leaving a dealer names the member; too many users for one notification name everyone', async () => {
    const leave = () => t.db.execute(sql`delete from dealer_members where user_id = ${acc.manager.id}`)
    expect(await namedBy(leave)).toEqual([acc.manager.id])
    const many = Array.from({ length: 300 }, (_, i) => `user-${String(i).padStart(28, '0')}`).join(',')
    expect(await namedBy(() => t.db.execute(sql`select tulpar_viewers_notify(${many})`))).toBe(ALL_VIEWERS)
  })

  test('what no visitor part shows names nobody (a car viewed)', async () => {
    const car = await createListing(t.db, { ownerId: acc.stranger.id })
    const view = () => t.app.inject({ url: `/api/cars/${car.id}/` })
    expect(await namedBy(view)).toEqual([])
  })
})
