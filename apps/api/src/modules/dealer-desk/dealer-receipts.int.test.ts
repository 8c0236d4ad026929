import { beforeAll, describe, expect, test } from 'vitest'
import { checkoutHelpers, paymentIdOf } from '../../testing/checkout.ts'
import { useDealerDesk } from '../../testing/dealer-desk.ts'
import { createListing } from '../../testing/factories.ts'

/*
 * Receipts of paid promotion (issue 38, item 4: "receipts and active promotions in the seller's account and the dealer
 * desk"): a user's own paid receipts, never anyone else's, and the dealer's receipts on its desk for its people only.
 */

const { t, acc, desk, call } = useDealerDesk({
  others: { colleague: { name: 'Второй Менеджер' } },
  car: (acc) => ({ ownerId: acc.owner.id }),
})
const { press } = checkoutHelpers(() => t)

type Auth = Record<string, string>
interface ReceiptSeen {
  id: number
  product: string
  listingId: number | null
  amountKzt: number
  status: string
  refundKzt: number
  runsUntil: string | null
  buyer?: { id: string; name: string } | null
}
/** Orders and, unless told otherwise, pays at the local checkout: the checkout URL. */
async function bought(auth: Auth, listingId: number, product: string, days: number, outcome: 'pay' | 'cancel' = 'pay') {
  const res = await call('POST', '/promotions/orders/', auth, { listingId, product, days })
  expect(res.statusCode, res.body).toBe(201)
  await press(res.json().checkoutUrl, outcome)
  return res.json() as { id: number; checkoutUrl: string }
}
const mine = async (auth: Auth) => {
  const res = await call('GET', '/promotions/receipts/', auth)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().results as ReceiptSeen[]
}

let privateCar = 0
let ownersTop = 0
let managersHot: number[] = []
let privateHighlight = { id: 0, checkoutUrl: '' }
let privateRaise = 0
let unpaid = 0

beforeAll(async () => {
  const b = (await createListing(t.db, { ownerId: acc.manager.id, dealerId: desk.dealerId })).id
  privateCar = (await createListing(t.db, { ownerId: acc.privateUser.id })).id
  ownersTop = (await bought(acc.owner.auth, desk.car, 'top', 7)).id
  const bulk = await call('POST', `/dealers/${desk.dealerId}/stock/promote/`, acc.manager.auth, {
    ids: [desk.car, b],
    product: 'hot',
    days: 7,
  })
  expect(bulk.statusCode, bulk.body).toBe(201)
  await press(bulk.json().checkoutUrl, 'pay')
  managersHot = bulk.json().orders.map((o: { id: number }) => o.id)
  privateHighlight = await bought(acc.privateUser.auth, privateCar, 'highlight', 7)
  privateRaise = (await bought(acc.privateUser.auth, privateCar, 'raise', 0)).id
  unpaid = (await bought(acc.privateUser.auth, privateCar, 'top', 3, 'cancel')).id
})

describe('GET /api/promotions/receipts/', () => {
  test("a user sees the receipts of what they paid, running ones with their end, and nobody else's", async () => {
    const privates = await mine(acc.privateUser.auth)
    expect(privates.map((r) => r.id)).toEqual([privateRaise, privateHighlight.id])
    expect(privates.map((r) => r.id)).not.toContain(unpaid)
    const [raise, highlight] = privates
    expect(highlight).toMatchObject({ product: 'highlight', listingId: privateCar, amountKzt: 1990, status: 'paid' })
    expect(Date.parse(highlight?.runsUntil ?? '')).toBeGreaterThan(Date.now() + 6 * 86_400_000)
    // A raise is done when paid: nothing runs until a date.
    expect(raise).toMatchObject({ product: 'raise', amountKzt: 990, runsUntil: null })

    // The dealer's people each see what they paid themselves in their account; the desk has the dealer's.
    expect((await mine(acc.owner.auth)).map((r) => r.id)).toEqual([ownersTop])
    expect((await mine(acc.manager.auth)).map((r) => r.id).sort()).toEqual([...managersHot].sort())
    for (const who of [acc.colleague, acc.otherOwner, acc.moderator]) expect(await mine(who.auth)).toEqual([])
    expect((await call('GET', '/promotions/receipts/')).statusCode).toBe(401)
  })

  test('money given back shows as refunded, with the amount, and the promotion no longer runs', async () => {
    expect(await t.services.payments.refund(paymentIdOf(privateHighlight.checkoutUrl))).toBe(true)
    const highlight = (await mine(acc.privateUser.auth)).find((r) => r.id === privateHighlight.id)
    expect(highlight).toMatchObject({ status: 'refunded', refundKzt: 1990, runsUntil: null })
  })
})

describe('GET /api/dealers/{id}/receipts/', () => {
  test("the owner and a manager see all the dealer's receipts, with who paid each", async () => {
    for (const who of [acc.owner, acc.manager]) {
      const res = await call('GET', `/dealers/${desk.dealerId}/receipts/`, who.auth)
      expect(res.statusCode, res.body).toBe(200)
      const results = res.json().results as ReceiptSeen[]
      expect(results.map((r) => r.id).sort()).toEqual([ownersTop, ...managersHot].sort())
      expect(results.find((r) => r.id === ownersTop)?.buyer).toEqual({ id: acc.owner.id, name: 'Ерлан Дилеров' })
      for (const id of managersHot)
        expect(results.find((r) => r.id === id)).toMatchObject({
          product: 'hot',
          status: 'paid',
          buyer: { id: acc.manager.id, name: 'Айгерим Менеджер' },
        })
    }
  })

  test("another dealer's owner, a private seller and staff are refused, a guest is asked to sign in", async () => {
    for (const who of [acc.otherOwner, acc.privateUser, acc.moderator]) {
      const res = await call('GET', `/dealers/${desk.dealerId}/receipts/`, who.auth)
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('dealer.not_member')
    }
    expect((await call('GET', `/dealers/${desk.dealerId}/receipts/`)).statusCode).toBe(401)
    // Its own desk shows another dealer none of this dealer's receipts.
    const own = await call('GET', `/dealers/${desk.otherDealerId}/receipts/`, acc.otherOwner.auth)
    expect(own.json().results).toEqual([])
  })
})
