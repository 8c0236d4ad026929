import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { listings, outboxMessages } from '../db/schema.ts'
import { createFreshListingsService } from '../modules/fresh-listings/index.ts'
import { uniqueEmail } from './accounts.ts'
import { useAccounts, useTestApp } from './suite.ts'
import { TEST_PUBLIC_URL } from './test-app.ts'

/* The fresh-listings tests' set-up (the question, the link, the seller's button, buyers' reports, searches). */

export const FRESH_SECRET = 'test-secret-test-secret-test-secret-1234'
const DAY = 86_400_000
/** `days` days after `from` (now by default). */
export const later = (days: number, from = Date.now()) => new Date(from + days * DAY)

/**
 * The app on a fresh database, the people the tests act as (a seller, four buyers, a moderator), and what the tests
 * read and do: a listing's freshness, the outbox and inbox, the queued notices delivered, new people.
 */
export function useFreshListingsTest() {
  const t = useTestApp()
  const acc = useAccounts(t, {
    seller: { name: 'Продавец Ерлан' },
    buyer: { name: 'Покупатель Айгуль' },
    b2: { name: 'Покупатель Даурен' },
    b3: { name: 'Покупатель Мадина' },
    b4: { name: 'Покупатель Арман' },
    moderator: { name: 'Модератор', role: 'moderator' },
  })

  /** The service on a clock the test moves (the app's own runs on the real one). */
  function onClock(start: Date) {
    let now = start
    const service = createFreshListingsService({
      db: t.db,
      jobs: t.jobs,
      limiter: t.limiter,
      phones: t.services.phones,
      secret: FRESH_SECRET,
      publicUrl: TEST_PUBLIC_URL,
      clock: () => now,
    })
    return { service, at: (d: Date) => (now = d) }
  }

  const stateOf = async (id: number) => {
    const [row] = await t.db
      .select({
        status: listings.status,
        confirmedAt: listings.confirmedAt,
        askedAt: listings.confirmAskedAt,
        reason: listings.pauseReason,
      })
      .from(listings)
      .where(eq(listings.id, id))
    return row
  }
  const outbox = (recipient: string) =>
    t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient))
  const inbox = async (auth: Record<string, string>) =>
    (
      (await t.app.inject({ url: '/api/messages/', headers: auth })).json() as {
        results: { body: string; kind: string }[]
      }
    ).results
      .filter((m) => m.kind === 'system')
      .map((m) => m.body)
  /** Runs the queued seller messages, then their emails and SMS. */
  const deliver = async () => {
    const n = await t.jobs.drain(['fresh-notice'])
    await t.jobs.drain(['email', 'sms'])
    return n
  }
  let ip = 0
  const client = () => ({ 'x-forwarded-for': `10.9.${Math.floor(++ip / 250)}.${ip % 250}` })

  /** A new signed-in account, signed up from an address of its own (sign-ups are limited per address). */
  async function person(name: string) {
    const email = uniqueEmail()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'secret12', name },
      headers: client(),
    })
    expect(res.statusCode, res.body).toBe(200)
    return {
      id: (res.json() as { user: { id: string } }).user.id,
      email,
      auth: { authorization: `Bearer ${res.headers['set-auth-token']}` },
    }
  }

  return { t, ...acc, onClock, stateOf, outbox, inbox, deliver, client, person }
}
