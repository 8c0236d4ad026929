import pg from 'pg'
import { DEMO_PASSWORD } from '../apps/api/src/db/seed/demo/password.ts'
import { demoEmail } from '../apps/api/src/db/seed/demo/people.ts'
import { createRng } from '../apps/api/src/db/seed/demo/random.ts'
import { benchDatabaseUrl } from './database.ts'
import { type Popularity, TRAFFIC_SEED } from './traffic-stream.ts'

/*
 * The signed-in quarter of the market: BENCH_USERS of the seeded sellers (seller1@demo.tulpar.kz, ..., the demo
 * password), signed in through the real API, each with FAVOURITES saved cars and CONVERSATIONS conversations with
 * sellers, the cars drawn with the car pages' popularity (so signed-in visitors meet their own hearts and "you wrote
 * to this seller" where they look most). Favourites and conversations stay in the bench database (a later run finds
 * them and adds none); the sessions are deleted when the part ends.
 *
 * The server limits sign-ins to 50 per client address per 15 minutes; each bench user signs in from an address of its
 * own, which the bench's server believes because it trusts one proxy hop (TRUST_PROXY_HOPS=1, as the e2e server
 * does: e2e/client-ip.ts).
 */
const BENCH_USERS = 200
const FAVOURITES = 10
const CONVERSATIONS = 3
const SESSION_COOKIE = 'tulpar.session_token'
const FIRST_MESSAGE = 'Здравствуйте! Машина ещё продаётся? Можно посмотреть в выходные?'

export interface BenchUsers {
  /** Each user's Cookie header (`tulpar.session_token=...`). */
  cookies: string[]
  favouritesAdded: number
  conversationsStarted: number
  /** Writes the API refused (a seller's own car, ...): counted, not fatal. */
  refused: number
  seconds: number
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function inTurn<T>(items: readonly T[], concurrency: number, work: (item: T, i: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++
        await work(items[i] as T, i)
      }
    }),
  )
}

export async function prepareBenchUsers(baseUrl: string, popularity: Popularity): Promise<BenchUsers> {
  const started = performance.now()
  const client = new pg.Client({ connectionString: benchDatabaseUrl() })
  await client.connect()
  try {
    const emails = Array.from({ length: BENCH_USERS * 2 }, (_, i) => demoEmail(i + 1))
    const users = await client.query<{ id: string; email: string }>(
      'select id, email from "user" where email = any($1) and not coalesce(banned, false)',
      [emails],
    )
    const byEmail = new Map(users.rows.map((u) => [u.email, u.id]))
    const chosen = emails.filter((e) => byEmail.has(e)).slice(0, BENCH_USERS)
    if (chosen.length === 0) throw new Error('the bench database has no demo sellers to sign in as')
    const ids = chosen.map((e) => byEmail.get(e) as string)
    const favourites = await client.query<{ user_id: string; n: string }>(
      'select user_id, count(*) as n from favourites where user_id = any($1) group by user_id',
      [ids],
    )
    const conversations = await client.query<{ buyer_id: string; n: string }>(
      `select buyer_id, count(*) as n from conversations where buyer_id = any($1) group by buyer_id`,
      [ids],
    )
    const hasFavourites = new Map(favourites.rows.map((r) => [r.user_id, Number(r.n)]))
    const hasConversations = new Map(conversations.rows.map((r) => [r.buyer_id, Number(r.n)]))

    const result: BenchUsers = { cookies: [], favouritesAdded: 0, conversationsStarted: 0, refused: 0, seconds: 0 }
    const cookies: string[] = new Array(chosen.length)
    await inTurn(chosen, 4, async (email, i) => {
      const origin = { origin: baseUrl }
      const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { ...origin, 'content-type': 'application/json', 'x-forwarded-for': `10.39.${i >> 8}.${i & 255}` },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      })
      const cookie = signIn.headers
        .getSetCookie()
        .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
        ?.split(';')[0]
      if (signIn.status !== 200 || !cookie)
        throw new Error(`sign-in of ${email}: ${signIn.status} ${await signIn.text()}`)
      cookies[i] = cookie
      const userId = byEmail.get(email) as string
      const rng = createRng(TRAFFIC_SEED + 100 + i)
      const headers = { ...origin, cookie }
      const saved = new Set<number>()
      while (saved.size < FAVOURITES) saved.add(popularity.draw(rng))
      for (const id of [...saved].slice(hasFavourites.get(userId) ?? 0)) {
        const res = await fetch(`${baseUrl}/api/favourites/${id}/`, { method: 'PUT', headers })
        await res.arrayBuffer()
        if (res.ok) result.favouritesAdded++
        else result.refused++
      }
      const sellers = new Set<number>()
      while (sellers.size < CONVERSATIONS) sellers.add(popularity.draw(rng))
      for (const listingId of [...sellers].slice(hasConversations.get(userId) ?? 0)) {
        const res = await fetch(`${baseUrl}/api/conversations/`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ listingId, body: FIRST_MESSAGE }),
        })
        await res.arrayBuffer()
        if (res.ok) result.conversationsStarted++
        else result.refused++
      }
    })
    result.cookies = cookies
    result.seconds = Math.round((performance.now() - started) / 100) / 10
    return result
  } finally {
    await client.end()
  }
}

/** Ends the bench users' sessions (deletes them), so runs do not pile sessions up in the bench database. */
export async function endBenchSessions(cookies: readonly string[]): Promise<void> {
  const tokens = cookies.map((c) => decodeURIComponent(c.slice(SESSION_COOKIE.length + 1)).split('.')[0])
  const client = new pg.Client({ connectionString: benchDatabaseUrl() })
  await client.connect()
  try {
    await client.query('delete from session where token = any($1)', [tokens])
  } finally {
    await client.end()
  }
}
