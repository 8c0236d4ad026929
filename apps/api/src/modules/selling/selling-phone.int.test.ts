import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { confirmedPhones, user } from '../../db/schema.ts'
import { uniquePhone } from '../../testing/accounts.ts'
import { fieldsOf, listingRow, makeModerator, photoJpeg, useSellingApp } from '../../testing/selling.ts'
import { latestOutboxMessage } from '../delivery/index.ts'

/* Issue 10, item 12: a listing goes to moderation only with a contact phone its owner confirmed by SMS code. */

const { t, refs, signUp, json, createDraft, save, fillAll, upload } = useSellingApp()
type Auth = Record<string, string>

let ipN = 0
/** Each test acts from its own client address, so the per-address SMS limit of one test does not reach another. */
const fromNewAddress = (auth: Auth): Auth => ({ ...auth, 'x-forwarded-for': `198.51.100.${++ipN}` })

const publish = (auth: Auth, id: number) => json('POST', `/api/listings/${id}/publish/`, auth)
const sendCode = (auth: Auth, id: number) => json('POST', `/api/listings/${id}/contact-phone/code/`, auth)
const confirm = (auth: Auth, id: number, code: string) =>
  json('POST', `/api/listings/${id}/contact-phone/confirm/`, auth, { code })

/** A complete listing with a photo whose contact phone (a number of its own) nobody has confirmed. */
async function completeDraft(auth: Auth, phone = uniquePhone()) {
  const id = await createDraft(auth)
  await fillAll(auth, id, refs, { confirmPhone: false })
  const price = await json('GET', `/api/listings/${id}/`, auth)
  expect((await save(auth, id, { ...priceStep(price.json()), contactPhone: phone })).statusCode).toBe(200)
  expect((await upload(auth, id, [{ name: 'a.jpg', type: 'image/jpeg', data: await photoJpeg() }])).statusCode).toBe(
    200,
  )
  return { id, phone }
}

function priceStep(l: { priceKzt: number; vin: string; description: string; cityId: number }) {
  return {
    step: 'price',
    priceKzt: l.priceKzt,
    vin: l.vin,
    description: l.description,
    isBargainAllowed: true,
    isExchangeAccepted: false,
    cityId: l.cityId,
  }
}

async function codeSentTo(phone: string): Promise<string> {
  const sms = await latestOutboxMessage(t.db, phone, 'sms')
  const code = sms?.body.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no code sent to ${phone}`)
  return code
}

/** A six-digit code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('publishing needs a confirmed contact phone', () => {
  test('the owner is refused until the code from the SMS confirms the phone; then the listing goes to moderation unchanged', async () => {
    const s = await signUp()
    const auth = fromNewAddress(s.auth)
    const { id, phone } = await completeDraft(auth)
    const before = (await json('GET', `/api/listings/${id}/`, auth)).json()
    expect(before.contactPhoneConfirmed).toBe(false)

    const refused = await publish(auth, id)
    expect(refused.statusCode).toBe(409)
    expect(refused.headers['content-type']).toContain('application/problem+json')
    expect(refused.json()).toMatchObject({ code: 'selling.phone_not_confirmed', status: 409 })
    expect((await listingRow(t.db, id))?.status).toBe('draft')

    const sent = await sendCode(auth, id)
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json()).toEqual({ message: 'code sent', phone })
    const code = await codeSentTo(phone)

    const bad = await confirm(auth, id, wrong(code))
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('phone.code_invalid')
    expect((await publish(auth, id)).json().code).toBe('selling.phone_not_confirmed')

    const ok = await confirm(auth, id, code)
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().contactPhoneConfirmed).toBe(true)

    const res = await publish(auth, id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().listing.status).toBe('moderation')
    // Nothing of the draft was lost on the way.
    const { status, updatedAt, contactPhoneConfirmed, ...fields } = res.json().listing
    const { status: s0, updatedAt: u0, contactPhoneConfirmed: c0, ...fieldsBefore } = before
    expect(fields).toEqual(fieldsBefore)
  })

  test('a number once confirmed serves the next listing; a new number needs its own code', async () => {
    const s = await signUp()
    const auth = fromNewAddress(s.auth)
    const first = await completeDraft(auth)
    await sendCode(auth, first.id)
    expect((await confirm(auth, first.id, await codeSentTo(first.phone))).statusCode).toBe(200)
    expect((await publish(auth, first.id)).statusCode).toBe(200)

    const second = await completeDraft(auth, first.phone)
    expect((await publish(auth, second.id)).statusCode).toBe(200)
    const third = await completeDraft(auth)
    expect((await publish(auth, third.id)).json().code).toBe('selling.phone_not_confirmed')
  })

  test("the account's own phone, verified by SMS at sign-in, counts; an unverified one does not", async () => {
    const phone = uniquePhone()
    const s = await signUp()
    await t.db.update(user).set({ phoneNumber: phone, phoneNumberVerified: false }).where(eq(user.id, s.id))
    const { id } = await completeDraft(s.auth, phone)
    expect((await publish(s.auth, id)).json().code).toBe('selling.phone_not_confirmed')
    await t.db.update(user).set({ phoneNumberVerified: true }).where(eq(user.id, s.id))
    expect((await publish(s.auth, id)).statusCode).toBe(200)
  })

  test("nobody else can send or confirm a code for someone's listing (404), a guest must sign in (401)", async () => {
    const owner = await signUp()
    const { id, phone } = await completeDraft(fromNewAddress(owner.auth))
    const stranger = await signUp()
    const moderator = await signUp()
    await makeModerator(t.db, moderator.id)
    for (const other of [stranger, moderator]) {
      const auth = fromNewAddress(other.auth)
      expect((await sendCode(auth, id)).statusCode).toBe(404)
      expect((await confirm(auth, id, '123456')).statusCode).toBe(404)
    }
    expect(await latestOutboxMessage(t.db, phone, 'sms')).toBeNull()
    // Someone else's code for the number does not confirm it for the owner either.
    const strangerDraft = await completeDraft(fromNewAddress(stranger.auth), phone)
    await sendCode(fromNewAddress(stranger.auth), strangerDraft.id)
    expect((await confirm(stranger.auth, strangerDraft.id, await codeSentTo(phone))).statusCode).toBe(200)
    expect((await publish(owner.auth, id)).json().code).toBe('selling.phone_not_confirmed')

    for (const res of [await sendCode({}, id), await confirm({}, id, '123456'), await publish({}, id)]) {
      expect(res.statusCode).toBe(401)
    }
  })

  test('wrong codes are capped per code and per number; a new code does not reset the number', async () => {
    const s = await signUp()
    const auth = fromNewAddress(s.auth)
    const { id, phone } = await completeDraft(auth)
    expect((await confirm(auth, id, '123456')).json().code).toBe('phone.no_pending_code')
    await sendCode(auth, id)
    const code = await codeSentTo(phone)
    for (let i = 0; i < 5; i++) expect((await confirm(auth, id, wrong(code))).json().code).toBe('phone.code_invalid')
    // Five wrong guesses: the code is void, the right one included.
    const spent = await confirm(auth, id, code)
    expect(spent.statusCode).toBe(429)
    expect(spent.json().code).toBe('phone.too_many_attempts')

    // A minute later a new code may be sent, but the number's hourly cap of checks carries on.
    await t.limiter.reset(`sms:num:min:${phone}`)
    expect((await sendCode(auth, id)).statusCode).toBe(200)
    const second = await codeSentTo(phone)
    // 7 of the number's 10 checks an hour are used (one without a code, five wrong, one on the void code).
    for (let i = 0; i < 3; i++) expect((await confirm(auth, id, wrong(second))).statusCode).toBe(400)
    const capped = await confirm(auth, id, second)
    expect(capped.statusCode).toBe(429)
    expect(capped.json().code).toBe('auth.too_many_requests')
    expect((await publish(auth, id)).json().code).toBe('selling.phone_not_confirmed')
  })

  test('codes to a contact phone share the limits of the phone sign-in (one a minute per number)', async () => {
    const s = await signUp()
    const auth = fromNewAddress(s.auth)
    const { id, phone } = await completeDraft(auth)
    expect((await sendCode(auth, id)).statusCode).toBe(200)
    const again = await sendCode(auth, id)
    expect(again.statusCode).toBe(429)
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0)
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/register-by-phone/',
      headers: { 'x-forwarded-for': `198.51.100.${++ipN}` },
      payload: { phone },
    })
    expect(signIn.statusCode).toBe(429)
  })

  test('a listing without a contact phone has nothing to confirm', async () => {
    const s = await signUp()
    const id = await createDraft(s.auth)
    const { contactPhone } = (await json('GET', `/api/listings/${id}/`, s.auth)).json()
    expect(contactPhone).toBeNull()
    const res = await sendCode(fromNewAddress(s.auth), id)
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('selling.no_contact_phone')
  })

  test('a listing under review or published switches its contact phone only to a confirmed number', async () => {
    const s = await signUp()
    const auth = fromNewAddress(s.auth)
    const { id, phone } = await completeDraft(auth)
    await sendCode(auth, id)
    await confirm(auth, id, await codeSentTo(phone))
    expect((await publish(auth, id)).statusCode).toBe(200)
    const listing = (await json('GET', `/api/listings/${id}/`, auth)).json()
    const newPhone = uniquePhone()
    const change = { ...priceStep(listing), contactPhone: newPhone }

    const refused = await save(auth, id, change)
    expect(refused.statusCode).toBe(400)
    expect(fieldsOf(refused)).toEqual({ contactPhone: 'not_confirmed' })
    expect((await listingRow(t.db, id))?.contactPhone).toBe(phone)

    expect((await json('POST', `/api/listings/${id}/contact-phone/code/`, auth, { phone: '12345' })).statusCode).toBe(
      400,
    )
    const sent = await json('POST', `/api/listings/${id}/contact-phone/code/`, auth, { phone: newPhone })
    expect(sent.json()).toEqual({ message: 'code sent', phone: newPhone })
    const code = await codeSentTo(newPhone)
    const bad = await json('POST', `/api/listings/${id}/contact-phone/confirm/`, auth, {
      code: wrong(code),
      phone: newPhone,
    })
    expect(bad.json().code).toBe('phone.code_invalid')
    expect((await save(auth, id, change)).statusCode).toBe(400)
    const ok = await json('POST', `/api/listings/${id}/contact-phone/confirm/`, auth, { code, phone: newPhone })
    expect(ok.statusCode, ok.body).toBe(200)
    const saved = await save(auth, id, change)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ contactPhone: newPhone, contactPhoneConfirmed: true, status: 'moderation' })
  })

  test('deleting the account erases the numbers it confirmed', async () => {
    const s = await signUp()
    const auth = fromNewAddress(s.auth)
    const { id, phone } = await completeDraft(auth)
    await sendCode(auth, id)
    expect((await confirm(auth, id, await codeSentTo(phone))).statusCode).toBe(200)
    const mine = () => t.db.select().from(confirmedPhones).where(eq(confirmedPhones.userId, s.id))
    expect(await mine()).toHaveLength(1)
    expect((await json('DELETE', '/api/profiles/me/', s.auth)).statusCode).toBe(200)
    expect(await mine()).toEqual([])
  })

  test('staff approve a listing whatever their own phones', async () => {
    const s = await signUp()
    const { id } = await completeDraft(s.auth)
    const moderator = await signUp()
    await makeModerator(t.db, moderator.id)
    // The moderator has no confirmed phone; the owner confirmed theirs.
    await fillAll(s.auth, id, refs)
    expect((await publish(s.auth, id)).statusCode).toBe(200)
    const approved = await json('POST', `/api/admin/listings/${id}/approve/`, moderator.auth, {})
    expect(approved.statusCode, approved.body).toBe(200)
    expect((await listingRow(t.db, id))?.status).toBe('published')
  })
})
