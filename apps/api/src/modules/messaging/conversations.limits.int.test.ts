import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createMemoryRateLimiter } from '../../lib/rate-limit.ts'
import { accountHelpers } from '../../testing/accounts.ts'
import { createListing } from '../../testing/factories.ts'
import { createTestApp } from '../../testing/test-app.ts'
import { user } from '../identity/identity.tables.ts'
import { CHAT_LIMITS } from './conversations.limits.ts'

/*
 * The chat's limits (issue 35) on a limiter whose clock the test moves: each case steps past the windows it does not
 * test, so it meets only the limit it is about.
 */
let t: Awaited<ReturnType<typeof createTestApp>>
let clock = Date.now()
const { signUp } = accountHelpers(() => t.app)

beforeAll(async () => {
  t = await createTestApp({ limiter: createMemoryRateLimiter({ now: () => clock }) })
})
afterAll(() => t.close())
// A new hour for each case: the sign-up limit per address (20 an hour) counts on the same clock.
beforeEach(() => {
  clock += 3_601_000
})

type Auth = Record<string, string>
const start = (auth: Auth, listingId: number, body: string) =>
  t.app.inject({ method: 'POST', url: '/api/conversations/', payload: { listingId, body }, headers: auth })
const send = (auth: Auth, id: number, body: string) =>
  t.app.inject({ method: 'POST', url: `/api/conversations/${id}/messages/`, payload: { body }, headers: auth })
/** Past the burst window: the next message meets only the longer limits. */
const afterBurst = () => {
  clock += CHAT_LIMITS.messagesBurst.windowSeconds * 1000
}

/** An account made two days ago: the normal limits. */
async function oldAccount() {
  const a = await signUp()
  await t.db
    .update(user)
    .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
    .where(eq(user.id, a.id))
  return a
}

async function conversationWith(buyer: Auth) {
  const seller = await oldAccount()
  const car = await createListing(t.db, { ownerId: seller.id })
  afterBurst()
  const res = await start(buyer, car.id, 'Здравствуйте, машина продаётся?')
  expect(res.statusCode, res.body).toBe(201)
  return { seller, conversationId: res.json().conversationId as number }
}

/** How many of `bodies` get through in a row, and the first refusal. */
async function sendUntilRefused(auth: Auth, id: number, n: number, body = 'Ещё вопрос') {
  for (let i = 0; i < n; i++) {
    const res = await send(auth, id, `${body} ${i}`)
    if (res.statusCode !== 201) return { sent: i, refusal: res }
  }
  return { sent: n, refusal: null }
}

function expectTooMany(res: Awaited<ReturnType<typeof send>> | null, maxRetryAfter: number) {
  expect(res?.statusCode).toBe(429)
  expect(res?.json()).toMatchObject({ code: 'rate_limited', status: 429 })
  const retryAfter = Number(res?.headers['retry-after'])
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter)
}

describe('messages in a burst', () => {
  test(`an account older than a day sends ${CHAT_LIMITS.messagesBurst.normal} in 10 s, then waits`, async () => {
    const buyer = await oldAccount()
    const { conversationId } = await conversationWith(buyer.auth)
    afterBurst()
    const { sent, refusal } = await sendUntilRefused(buyer.auth, conversationId, 30)
    expect(sent).toBe(CHAT_LIMITS.messagesBurst.normal)
    expectTooMany(refusal, CHAT_LIMITS.messagesBurst.windowSeconds)
    afterBurst()
    expect((await send(buyer.auth, conversationId, 'Я снова тут')).statusCode).toBe(201)
  })

  test(`a new account sends ${CHAT_LIMITS.messagesBurst.newAccount}`, async () => {
    const buyer = await signUp()
    const { conversationId } = await conversationWith(buyer.auth)
    afterBurst()
    const { sent, refusal } = await sendUntilRefused(buyer.auth, conversationId, 30)
    expect(sent).toBe(CHAT_LIMITS.messagesBurst.newAccount)
    expectTooMany(refusal, CHAT_LIMITS.messagesBurst.windowSeconds)
  })

  test('the listing’s owner answering is limited the same way; the other side can still write', async () => {
    const buyer = await oldAccount()
    const { seller, conversationId } = await conversationWith(buyer.auth)
    afterBurst()
    const { sent, refusal } = await sendUntilRefused(seller.auth, conversationId, 30)
    expect(sent).toBe(CHAT_LIMITS.messagesBurst.normal)
    expectTooMany(refusal, CHAT_LIMITS.messagesBurst.windowSeconds)
    // Counted per writer: the buyer is not held back by the seller's burst.
    expect((await send(buyer.auth, conversationId, 'Не спешите')).statusCode).toBe(201)
  })

  test('60 messages at once (issue 35): at most the burst gets through', async () => {
    const buyer = await signUp()
    const { conversationId } = await conversationWith(buyer.auth)
    afterBurst()
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => send(buyer.auth, conversationId, `${i}`)))
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(CHAT_LIMITS.messagesBurst.newAccount)
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(60 - CHAT_LIMITS.messagesBurst.newAccount)
  })
})

describe('messages an hour', () => {
  test(`a new account sends ${CHAT_LIMITS.messagesHour.newAccount} an hour, however slowly`, async () => {
    const buyer = await signUp()
    const { conversationId } = await conversationWith(buyer.auth)
    let sent = 1
    let refusal = null
    for (; sent < CHAT_LIMITS.messagesHour.newAccount + 5; sent++) {
      afterBurst()
      const res = await send(buyer.auth, conversationId, `Вопрос ${sent}`)
      if (res.statusCode !== 201) {
        refusal = res
        break
      }
    }
    expect(sent).toBe(CHAT_LIMITS.messagesHour.newAccount)
    expectTooMany(refusal, 3600)
    expect(Number(refusal?.headers['retry-after'])).toBeGreaterThan(CHAT_LIMITS.messagesBurst.windowSeconds)
  })
})

describe('new conversations', () => {
  async function startMany(buyer: Auth, n: number, body: string) {
    const seller = await oldAccount()
    const cars = await Promise.all(Array.from({ length: n }, () => createListing(t.db, { ownerId: seller.id })))
    const answers = []
    for (const car of cars) {
      afterBurst()
      answers.push(await start(buyer, car.id, body))
    }
    return { answers, cars }
  }

  test(`an account older than a day starts ${CHAT_LIMITS.conversationsHour.normal} an hour; writing on in them is not a new one`, async () => {
    const buyer = await oldAccount()
    const n = CHAT_LIMITS.conversationsHour.normal
    const { answers, cars } = await startMany(buyer.auth, n + 1, 'Здравствуйте, торг уместен?')
    expect(answers.slice(0, n).every((r) => r.statusCode === 201)).toBe(true)
    expectTooMany(answers[n] ?? null, 3600)
    // The first car's conversation goes on through the same call.
    afterBurst()
    expect((await start(buyer.auth, cars[0]?.id ?? 0, 'И ещё вопрос')).statusCode).toBe(201)
  })

  test(`a new account starts ${CHAT_LIMITS.conversationsHour.newAccount}`, async () => {
    const buyer = await signUp()
    const n = CHAT_LIMITS.conversationsHour.newAccount
    const { answers } = await startMany(buyer.auth, n + 1, 'Здравствуйте, торг уместен?')
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(n)
    expectTooMany(answers[n] ?? null, 3600)
  })
})

describe('texts the scam warnings flag', () => {
  const scam = 'Внесите предоплату 50 000 на карту, и машина ваша'

  test(`an account older than a day sends ${CHAT_LIMITS.flaggedHour.normal} an hour; plain texts go on`, async () => {
    const buyer = await oldAccount()
    const { conversationId } = await conversationWith(buyer.auth)
    const answers = []
    for (let i = 0; i <= CHAT_LIMITS.flaggedHour.normal; i++) {
      afterBurst()
      answers.push(await send(buyer.auth, conversationId, `${scam} ${i}`))
    }
    expect(answers.slice(0, -1).every((r) => r.statusCode === 201)).toBe(true)
    expectTooMany(answers.at(-1) ?? null, 3600)
    afterBurst()
    expect((await send(buyer.auth, conversationId, 'Когда можно посмотреть?')).statusCode).toBe(201)
  })

  test(`a new account’s prepayment text to 25 sellers at once (issue 35): ${CHAT_LIMITS.flaggedHour.newAccount} get through`, async () => {
    const scammer = await signUp()
    const sellers = await Promise.all(Array.from({ length: 5 }, () => oldAccount()))
    const cars = await Promise.all(
      Array.from({ length: 25 }, (_, i) => createListing(t.db, { ownerId: sellers[i % 5]?.id ?? '' })),
    )
    afterBurst()
    const answers = await Promise.all(cars.map((car) => start(scammer.auth, car.id, scam)))
    expect(answers.filter((r) => r.statusCode === 201).length).toBeLessThanOrEqual(CHAT_LIMITS.flaggedHour.newAccount)
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(
      25 - CHAT_LIMITS.flaggedHour.newAccount,
    )
    // One at a time, the flagged limit is what stops it.
    const slow = await signUp()
    const sent = []
    for (const car of cars.slice(0, CHAT_LIMITS.conversationsHour.newAccount)) {
      afterBurst()
      sent.push((await start(slow.auth, car.id, scam)).statusCode)
    }
    const allowed = CHAT_LIMITS.flaggedHour.newAccount
    expect(sent).toEqual([...Array(allowed).fill(201), ...Array(sent.length - allowed).fill(429)])
  })
})
