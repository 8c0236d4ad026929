import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { cities, moderationEvents, user } from '../../db/schema.ts'
import { createListing } from '../../testing/factories.ts'
import { listingRow, makeModerator, photoJpeg, useSellingApp } from '../../testing/selling.ts'

/*
 * A verified dealer that staff trust to publish at once (issue 38): its people's cars skip the moderation queue,
 * unless a fraud signal fires (then they wait like any other car). Everyone else's cars wait as before.
 */

const { t, refs, signUp, json, fillAll, upload } = useSellingApp()
type Auth = Record<string, string>
const DAY_MS = 86_400_000
const CHECKLIST = { registryChecked: true, contactConfirmed: true, addressConfirmed: true, applicantAuthorised: true }

let moderator: Auth = {}
let owner = { id: '', auth: {} as Auth }
let trusted = 0

/** An account opened `days` ago (a new account is one of the fraud signals). */
async function accountAged(days: number) {
  const account = await signUp()
  await t.db
    .update(user)
    .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
    .where(eq(user.id, account.id))
  return account
}

/** A dealer applied for by `applicant`, decided by staff with the whole checklist. */
async function verifiedDealer(applicant: Auth, bin: string, trustedToPublish: boolean): Promise<number> {
  const [almaty] = await t.db.select({ id: cities.id }).from(cities).where(eq(cities.slug, 'almaty'))
  const applied = await json('POST', '/api/dealers/', applicant, {
    kind: 'legal_entity',
    bin,
    legalName: 'ТОО «Доверенный Дилер»',
    cityId: almaty?.id,
    phones: ['+7 727 355 00 11'],
    workingHours: 'Пн–Сб 9:00–19:00',
  })
  expect(applied.statusCode, applied.body).toBe(201)
  const id: number = applied.json().id
  const decided = await json('POST', `/api/admin/dealers/${id}/decision/`, moderator, {
    status: 'verified',
    checklist: CHECKLIST,
    trustedToPublish,
  })
  expect(decided.statusCode, decided.body).toBe(200)
  return id
}

/** A Camry sold as the dealer, every step filled in, one photo, then sent by `seller`: the publish answer. */
async function sendAsDealer(seller: Auth, dealerId: number) {
  const draft = await json('POST', `/api/dealers/${dealerId}/listings/`, seller)
  expect(draft.statusCode, draft.body).toBe(201)
  const id: number = draft.json().id
  await fillAll(seller, id, refs)
  const photo = await upload(seller, id, [{ name: 'a.jpg', type: 'image/jpeg', data: await photoJpeg() }])
  expect(photo.statusCode).toBe(200)
  const res = await json('POST', `/api/listings/${id}/publish/`, seller)
  expect(res.statusCode, res.body).toBe(200)
  return { id, code: res.json().code as string, status: res.json().listing.status as string }
}

const eventsOf = (listingId: number) =>
  t.db
    .select({ action: moderationEvents.action, actorId: moderationEvents.actorId, comment: moderationEvents.comment })
    .from(moderationEvents)
    .where(eq(moderationEvents.listingId, listingId))
    .orderBy(asc(moderationEvents.id))

const inQueue = async (listingId: number) => {
  const res = await json('GET', '/api/admin/moderation/queue/?limit=50', moderator)
  expect(res.statusCode).toBe(200)
  return (res.json().results as { id: number }[]).some((r) => r.id === listingId)
}

beforeAll(async () => {
  const staff = await signUp()
  await makeModerator(t.db, staff.id)
  moderator = staff.auth
  owner = await accountAged(30)
  trusted = await verifiedDealer(owner.auth, '080340001230', true)
})

describe("a trusted dealer's car", () => {
  test('is published at once, with an approval by the system in its history, and is in the catalogue', async () => {
    const sent = await sendAsDealer(owner.auth, trusted)
    expect(sent).toMatchObject({ code: 'listing.published', status: 'published' })
    const row = await listingRow(t.db, sent.id)
    expect(row?.status).toBe('published')
    expect(row?.dealerId).toBe(trusted)
    expect(row?.publishedAt).toBeInstanceOf(Date)
    expect(await eventsOf(sent.id)).toEqual([
      { action: 'submitted', actorId: owner.id, comment: null },
      { action: 'approved', actorId: null, comment: expect.stringContaining('trusted to publish') },
    ])
    expect(await inQueue(sent.id)).toBe(false)
    const catalogue = await json('GET', `/api/cars/?dealer=${trusted}`, {})
    expect((catalogue.json().results as { id: number }[]).map((c) => c.id)).toContain(sent.id)
  })

  test("waits in the queue when the seller's account is new (a manager who joined today)", async () => {
    const manager = await signUp()
    const invited = await json('POST', `/api/dealers/${trusted}/members/`, owner.auth, { contact: manager.email })
    expect(invited.statusCode, invited.body).toBe(201)
    await t.db.update(user).set({ createdAt: new Date() }).where(eq(user.id, manager.id))
    const sent = await sendAsDealer(manager.auth, trusted)
    expect(sent.status).toBe('moderation')
  })

  test('waits in the queue when a fraud signal fires: a car with another seller’s VIN', async () => {
    // Another owner's car on sale with the Camry's VIN (fillAll writes JTNB11HK3J3012345).
    const other = await signUp()
    await createListing(t.db, { ownerId: other.id, vin: 'JTNB11HK3J3012345' })
    const sent = await sendAsDealer(owner.auth, trusted)
    expect(sent).toMatchObject({ code: 'listing.sent_to_moderation', status: 'moderation' })
    expect((await eventsOf(sent.id)).map((e) => e.action)).toEqual(['submitted'])
    expect(await inQueue(sent.id)).toBe(true)
  })
})

describe('everyone else', () => {
  test('a verified dealer staff do not trust: its cars wait in the queue', async () => {
    const applicant = await accountAged(30)
    const untrusted = await verifiedDealer(applicant.auth, '110540018756', false)
    const sent = await sendAsDealer(applicant.auth, untrusted)
    expect(sent).toMatchObject({ code: 'listing.sent_to_moderation', status: 'moderation' })
    expect(await inQueue(sent.id)).toBe(true)
  })

  test('a trusted dealer suspended after its car was started: the car waits in the queue', async () => {
    const applicant = await accountAged(30)
    const dealer = await verifiedDealer(applicant.auth, '140940025618', true)
    const draft = await json('POST', `/api/dealers/${dealer}/listings/`, applicant.auth)
    const id: number = draft.json().id
    await fillAll(applicant.auth, id, refs)
    await upload(applicant.auth, id, [{ name: 'c.jpg', type: 'image/jpeg', data: await photoJpeg('#aa3300') }])
    const suspended = await json('POST', `/api/admin/dealers/${dealer}/decision/`, moderator, {
      status: 'suspended',
      note: 'Жалобы покупателей',
    })
    expect(suspended.statusCode).toBe(200)
    const res = await json('POST', `/api/listings/${id}/publish/`, applicant.auth)
    expect(res.json()).toMatchObject({ code: 'listing.sent_to_moderation', listing: { status: 'moderation' } })
  })

  test("a trusted dealer's member selling privately: the private car waits in the queue", async () => {
    const created = await json('POST', '/api/listings/', owner.auth)
    const id: number = created.json().id
    await fillAll(owner.auth, id, refs)
    await upload(owner.auth, id, [{ name: 'b.jpg', type: 'image/jpeg', data: await photoJpeg('#222222') }])
    const res = await json('POST', `/api/listings/${id}/publish/`, owner.auth)
    expect(res.json().code).toBe('listing.sent_to_moderation')
    const [row] = await t.db
      .select({ status: moderationEvents.action })
      .from(moderationEvents)
      .where(and(eq(moderationEvents.listingId, id), eq(moderationEvents.action, 'approved')))
    expect(row).toBeUndefined()
  })
})
