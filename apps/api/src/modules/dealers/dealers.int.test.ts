import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { auditEvents, cities, listings, user } from '../../db/schema.ts'
import { createListing } from '../../testing/factories.ts'
import { useAccounts, useTestApp } from '../../testing/suite.ts'

const t = useTestApp()
const acc = useAccounts(t, {
  owner: { name: 'Ерлан Дилеров' },
  manager: { name: 'Айгерим Менеджер' },
  other: { name: 'Чужой Дилер' },
  privateUser: { name: 'Частный Продавец' },
  spammer: { name: 'Много Заявок' },
  moderator: { name: 'Модератор', role: 'moderator' },
})

type Auth = Record<string, string>
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, auth?: Auth, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    ...(auth ? { headers: auth } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

// Valid numbers (check digits computed in packages/contracts/src/business-id.test.ts).
const BIN_A = '070401400009'
const BIN_B = '160440003337'
const IIN_C = '870101300148'
let almaty = 0
let astana = 0

const application = (bin: string, overrides: Record<string, unknown> = {}) => ({
  kind: 'legal_entity',
  bin,
  legalName: 'ТОО «Алем Моторс»',
  cityId: almaty,
  phones: ['+7 727 355 00 11', '8 701 555 44 33'],
  workingHours: 'Пн–Сб 9:00–19:00',
  description: { ru: 'Официальный дилер', kk: 'Ресми дилер', en: 'Official dealer' },
  showrooms: [
    {
      cityId: almaty,
      address: 'пр. Суюнбая, 153',
      lat: 43.2911,
      lng: 76.9581,
      phones: ['+77273550011'],
      workingHours: 'Ежедневно 9:00–20:00',
    },
  ],
  ...overrides,
})

const fullChecklist = {
  registryChecked: true,
  contactConfirmed: true,
  addressConfirmed: true,
  applicantAuthorised: true,
}

let dealerA = 0
let dealerB = 0

beforeAll(async () => {
  const [a] = await t.db.select().from(cities).where(eq(cities.slug, 'almaty'))
  const [b] = await t.db.select().from(cities).where(eq(cities.slug, 'astana'))
  if (!a || !b) throw new Error('reference cities missing')
  almaty = a.id
  astana = b.id
})

describe('applying to open a dealer account', () => {
  test('a guest is asked to sign in; bad numbers, unknown cities and unknown fields are refused', async () => {
    expect((await call('POST', '/dealers/', undefined, application(BIN_A))).statusCode).toBe(401)
    const badCheck = await call('POST', '/dealers/', acc.owner.auth, application('070401400008'))
    expect(badCheck.statusCode).toBe(400)
    expect(badCheck.json().errors).toEqual([expect.objectContaining({ field: 'body.bin' })])
    for (const bin of ['07040140000', 'ABCDEFGHIJKL', '0704014000090']) {
      const res = await call('POST', '/dealers/', acc.owner.auth, application(bin))
      expect(res.statusCode).toBe(400)
    }
    // A sole proprietor's IIN must be a real birth date; a BIN a real registration month (both with good check digits).
    const badDate = await call(
      'POST',
      '/dealers/',
      acc.owner.auth,
      application('871301300148', { kind: 'sole_proprietor' }),
    )
    expect(badDate.statusCode).toBe(400)
    expect(badDate.json().errors).toEqual([expect.objectContaining({ field: 'body.bin', message: 'Not a valid IIN' })])
    expect((await call('POST', '/dealers/', acc.owner.auth, application('191300000011'))).statusCode).toBe(400)
    const noCity = await call('POST', '/dealers/', acc.owner.auth, application(BIN_A, { cityId: 999_999 }))
    expect(noCity.statusCode).toBe(400)
    expect(noCity.json().errors).toEqual([expect.objectContaining({ field: 'body.cityId', code: 'unknown_city' })])
    expect((await call('POST', '/dealers/', acc.owner.auth, { ...application(BIN_A), extra: 1 })).statusCode).toBe(400)
    expect(
      (await call('POST', '/dealers/', acc.owner.auth, application(BIN_A, { phones: ['12345'] }))).statusCode,
    ).toBe(400)
    const huge = await call('POST', '/dealers/', acc.owner.auth, {
      ...application(BIN_A),
      legalName: 'x'.repeat(70_000),
    })
    expect(huge.statusCode).toBe(413)
  })

  test('the applicant becomes the owner of an application waiting for staff; no public page yet', async () => {
    const res = await call('POST', '/dealers/?lang=en', acc.owner.auth, application(BIN_A))
    expect(res.statusCode).toBe(201)
    const dealer = res.json()
    dealerA = dealer.id
    expect(dealer).toMatchObject({
      status: 'applied',
      myRole: 'owner',
      bin: BIN_A,
      phones: ['+77273550011', '+77015554433'],
      trustedToPublish: false,
      city: { slug: 'almaty', name: 'Almaty' },
    })
    expect(dealer.showrooms[0].mapLinks.twoGis).toBe('https://2gis.kz/geo/76.9581,43.2911')
    expect(dealer.showrooms[0].mapLinks.yandex).toContain('pt=76.9581,43.2911')
    expect((await call('GET', `/dealers/${dealerA}/`)).statusCode).toBe(404)
    const list = (await call('GET', '/dealers/')).json().results as { id: number }[]
    expect(list.map((d) => d.id)).not.toContain(dealerA)
    const mine = (await call('GET', '/dealers/mine/', acc.owner.auth)).json().results as { id: number }[]
    expect(mine.map((d) => d.id)).toContain(dealerA)
  })

  test('one waiting application per user, and one live dealer per number', async () => {
    const again = await call('POST', '/dealers/', acc.owner.auth, application(BIN_B))
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('dealer.application_pending')
    const taken = await call('POST', '/dealers/', acc.other.auth, application(BIN_A))
    expect(taken.statusCode).toBe(409)
    expect(taken.json().code).toBe('dealer.bin_taken')
    const b = await call(
      'POST',
      '/dealers/',
      acc.other.auth,
      application(BIN_B, { legalName: 'ТОО «Астана Авто»', cityId: astana, showrooms: [] }),
    )
    expect(b.statusCode).toBe(201)
    dealerB = b.json().id
  })

  test('applications are limited per user and day (429 with Retry-After)', async () => {
    const statuses: number[] = []
    for (const bin of [IIN_C, IIN_C, IIN_C, IIN_C])
      statuses.push(
        (await call('POST', '/dealers/', acc.spammer.auth, application(bin, { kind: 'sole_proprietor' }))).statusCode,
      )
    expect(statuses).toEqual([201, 409, 409, 429])
  })
})

describe('staff verification', () => {
  test('only staff see the applications and decide', async () => {
    expect((await call('GET', '/admin/dealers/')).statusCode).toBe(401)
    expect((await call('GET', '/admin/dealers/', acc.owner.auth)).statusCode).toBe(403)
    const decide = await call('POST', `/admin/dealers/${dealerA}/decision/`, acc.owner.auth, {
      status: 'verified',
      checklist: fullChecklist,
    })
    expect(decide.statusCode).toBe(403)
    const list = await call('GET', '/admin/dealers/?status=applied', acc.moderator.auth)
    expect(list.statusCode).toBe(200)
    const found = (list.json().results as { id: number; owner: { name: string } }[]).find((d) => d.id === dealerA)
    expect(found?.owner.name).toBe('Ерлан Дилеров')
  })

  test('verifying needs the whole checklist; rejecting and suspending need a note', async () => {
    const partial = await call('POST', `/admin/dealers/${dealerA}/decision/`, acc.moderator.auth, {
      status: 'verified',
      checklist: { ...fullChecklist, addressConfirmed: false },
    })
    expect(partial.statusCode).toBe(409)
    expect(partial.json().code).toBe('dealer.checklist_incomplete')
    const noNote = await call('POST', `/admin/dealers/${dealerA}/decision/`, acc.moderator.auth, {
      status: 'rejected',
    })
    expect(noNote.statusCode).toBe(400)
    expect(noNote.json().errors).toEqual([expect.objectContaining({ field: 'body.note' })])
    expect(
      (
        await call('POST', '/admin/dealers/999999/decision/', acc.moderator.auth, {
          status: 'verified',
          checklist: fullChecklist,
        })
      ).statusCode,
    ).toBe(404)
  })

  test('a verified dealer is public with its showrooms, listed in its city; the decision is audited', async () => {
    for (const id of [dealerA, dealerB]) {
      const res = await call('POST', `/admin/dealers/${id}/decision/`, acc.moderator.auth, {
        status: 'verified',
        checklist: fullChecklist,
        note: 'Проверено по реестру',
      })
      expect(res.statusCode).toBe(200)
    }
    const page = await call('GET', `/dealers/${dealerA}/?lang=kk`)
    expect(page.statusCode).toBe(200)
    expect(page.json()).toMatchObject({ id: dealerA, name: 'ТОО «Алем Моторс»', description: 'Ресми дилер' })
    expect(page.json().showrooms).toHaveLength(1)
    const inAlmaty = (await call('GET', '/dealers/?city=almaty')).json().results as { id: number }[]
    expect(inAlmaty.map((d) => d.id)).toContain(dealerA)
    expect(inAlmaty.map((d) => d.id)).not.toContain(dealerB)
    expect((await call('GET', '/dealers/?city=nowhere')).json().results).toEqual([])
    const [record] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, 'dealer'), eq(auditEvents.targetId, String(dealerA))))
    expect(record).toMatchObject({ action: 'dealer.verified', actorId: acc.moderator.id, actorRole: 'moderator' })
    expect(record?.before).toEqual({ status: 'applied', trustedToPublish: false })
  })
})

describe("the dealer's people", () => {
  test('the owner adds an existing account by e-mail or phone; unknown and repeated ones are refused', async () => {
    const added = await call('POST', `/dealers/${dealerA}/members/`, acc.owner.auth, {
      contact: acc.manager.email.toUpperCase(),
    })
    expect(added.statusCode).toBe(201)
    expect((added.json().results as { name: string; role: string }[]).map((m) => [m.name, m.role])).toEqual([
      ['Ерлан Дилеров', 'owner'],
      ['Айгерим Менеджер', 'manager'],
    ])
    const again = await call('POST', `/dealers/${dealerA}/members/`, acc.owner.auth, { contact: acc.manager.email })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('dealer.already_member')
    const nobody = await call('POST', `/dealers/${dealerA}/members/`, acc.owner.auth, { contact: 'nobody@example.kz' })
    expect(nobody.statusCode).toBe(404)
    expect(nobody.json().code).toBe('dealer.invitee_not_found')
    expect(
      (await call('POST', `/dealers/${dealerA}/members/`, acc.owner.auth, { contact: 'not a contact' })).statusCode,
    ).toBe(400)
    await t.db.update(user).set({ phoneNumber: '+77019998877' }).where(eq(user.id, acc.privateUser.id))
    const byPhone = await call('POST', `/dealers/${dealerA}/members/`, acc.owner.auth, { contact: '8 701 999 88 77' })
    expect(byPhone.statusCode).toBe(201)
    expect(
      (await call('DELETE', `/dealers/${dealerA}/members/${acc.privateUser.id}/`, acc.owner.auth)).statusCode,
    ).toBe(200)
  })

  test('a manager sees the dealer and its people but cannot edit it or add or remove anyone', async () => {
    const mine = (await call('GET', '/dealers/mine/', acc.manager.auth)).json().results as { myRole: string }[]
    expect(mine.map((d) => d.myRole)).toEqual(['manager'])
    expect((await call('GET', `/dealers/${dealerA}/members/`, acc.manager.auth)).statusCode).toBe(200)
    const edit = await call('PATCH', `/dealers/${dealerA}/`, acc.manager.auth, { workingHours: 'Круглосуточно' })
    expect(edit.statusCode).toBe(403)
    expect(edit.json().code).toBe('dealer.owner_only')
    const invite = await call('POST', `/dealers/${dealerA}/members/`, acc.manager.auth, {
      contact: acc.privateUser.email,
    })
    expect(invite.statusCode).toBe(403)
    expect(invite.json().code).toBe('dealer.owner_only')
    const remove = await call('DELETE', `/dealers/${dealerA}/members/${acc.owner.id}/`, acc.manager.auth)
    expect(remove.statusCode).toBe(403)
  })

  test("another dealer's people, private users and guests cannot touch the dealer", async () => {
    for (const who of [acc.other, acc.privateUser]) {
      const edit = await call('PATCH', `/dealers/${dealerA}/`, who.auth, { legalName: 'Захвачено' })
      expect(edit.statusCode).toBe(403)
      expect(edit.json().code).toBe('dealer.not_member')
      expect((await call('GET', `/dealers/${dealerA}/members/`, who.auth)).statusCode).toBe(403)
      expect((await call('POST', `/dealers/${dealerA}/listings/`, who.auth)).statusCode).toBe(403)
    }
    expect((await call('PATCH', `/dealers/${dealerA}/`, undefined, { legalName: 'x' })).statusCode).toBe(401)
    expect((await call('GET', `/dealers/${dealerA}/members/`)).statusCode).toBe(401)
    expect((await call('GET', '/dealers/999999/members/', acc.owner.auth)).statusCode).toBe(404)
  })

  test('the owner edits the account; showrooms replace the set; the number stays', async () => {
    const res = await call('PATCH', `/dealers/${dealerA}/?lang=ru`, acc.owner.auth, {
      workingHours: 'Пн–Вс 9:00–21:00',
      showrooms: [
        {
          cityId: almaty,
          address: 'ул. Толе би, 300',
          lat: 43.246,
          lng: 76.87,
          phones: ['+77272000000'],
          workingHours: '10:00–20:00',
        },
        {
          cityId: astana,
          address: 'пр. Туран, 55',
          lat: 51.12,
          lng: 71.42,
          phones: ['+77172000000'],
          workingHours: '10:00–19:00',
        },
      ],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().workingHours).toBe('Пн–Вс 9:00–21:00')
    expect((res.json().showrooms as { address: string }[]).map((s) => s.address)).toEqual([
      'ул. Толе би, 300',
      'пр. Туран, 55',
    ])
    expect((await call('PATCH', `/dealers/${dealerA}/`, acc.owner.auth, { bin: BIN_B })).statusCode).toBe(400)
    expect(
      (await call('PATCH', `/dealers/${dealerA}/`, acc.owner.auth, { showrooms: [{ cityId: almaty }] })).statusCode,
    ).toBe(400)
  })
})

describe("the dealer's cars", () => {
  test('a member starts a draft as the dealer; the catalogue filters by dealer and cards name it', async () => {
    const draft = await call('POST', `/dealers/${dealerA}/listings/`, acc.manager.auth)
    expect(draft.statusCode).toBe(201)
    const [row] = await t.db.select().from(listings).where(eq(listings.id, draft.json().id))
    expect(row).toMatchObject({ dealerId: dealerA, ownerId: acc.manager.id, status: 'draft' })

    const { id: carA } = await createListing(t.db, { ownerId: acc.manager.id, dealerId: dealerA })
    const { id: carB } = await createListing(t.db, { ownerId: acc.other.id, dealerId: dealerB })
    const { id: privateCar } = await createListing(t.db, { ownerId: acc.privateUser.id })
    const page = await call('GET', `/cars/?dealer=${dealerA}`)
    expect(page.statusCode).toBe(200)
    const cards = page.json().results as { id: number; dealer: { id: number; name: string } | null }[]
    expect(cards.map((c) => c.id)).toEqual([carA])
    expect(page.json()).toMatchObject({ count: 1, countIsExact: true })
    expect(cards[0]?.dealer).toEqual({ id: dealerA, name: 'ТОО «Алем Моторс»' })
    const all = (await call('GET', '/cars/')).json().results as { id: number; dealer: unknown }[]
    expect(all.find((c) => c.id === privateCar)?.dealer).toBeNull()
    expect(all.find((c) => c.id === carB)?.dealer).toEqual({ id: dealerB, name: 'ТОО «Астана Авто»' })
    const detail = await call('GET', `/cars/${carA}/`)
    expect(detail.json().dealer).toEqual({ id: dealerA, name: 'ТОО «Алем Моторс»' })
    expect((await call('GET', `/dealers/${dealerA}/`)).json().listingCount).toBe(1)
    expect((await call('GET', '/cars/?dealer=abc')).statusCode).toBe(400)
  })

  test('a dealer not yet verified cannot sell', async () => {
    const c = await call('POST', '/dealers/', acc.privateUser.auth, application('120500001235'))
    expect(c.statusCode).toBe(201)
    const res = await call('POST', `/dealers/${c.json().id}/listings/`, acc.privateUser.auth)
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('dealer.not_verified')
  })

  test('a removed manager loses access at once and their cars of the dealer pass to the owner', async () => {
    const remove = await call('DELETE', `/dealers/${dealerA}/members/${acc.manager.id}/`, acc.owner.auth)
    expect(remove.statusCode).toBe(200)
    expect((remove.json().results as { role: string }[]).map((m) => m.role)).toEqual(['owner'])
    const members = await call('GET', `/dealers/${dealerA}/members/`, acc.manager.auth)
    expect(members.statusCode).toBe(403)
    expect(members.json().code).toBe('dealer.not_member')
    expect((await call('POST', `/dealers/${dealerA}/listings/`, acc.manager.auth)).statusCode).toBe(403)
    expect((await call('GET', '/dealers/mine/', acc.manager.auth)).json().results).toEqual([])
    const left = await t.db.select().from(listings).where(eq(listings.ownerId, acc.manager.id))
    expect(left.filter((l) => l.dealerId === dealerA)).toEqual([])
    const self = await call('DELETE', `/dealers/${dealerA}/members/${acc.owner.id}/`, acc.owner.auth)
    expect(self.statusCode).toBe(409)
    expect(self.json().code).toBe('dealer.owner_stays')
    const gone = await call('DELETE', `/dealers/${dealerA}/members/${acc.manager.id}/`, acc.owner.auth)
    expect(gone.statusCode).toBe(404)
  })

  test('a suspended dealer loses its page, its place in the list and its badge', async () => {
    const res = await call('POST', `/admin/dealers/${dealerB}/decision/`, acc.moderator.auth, {
      status: 'suspended',
      note: 'Жалобы покупателей',
    })
    expect(res.statusCode).toBe(200)
    expect((await call('GET', `/dealers/${dealerB}/`)).statusCode).toBe(404)
    expect(((await call('GET', '/dealers/')).json().results as { id: number }[]).map((d) => d.id)).not.toContain(
      dealerB,
    )
    const cards = (await call('GET', `/cars/?dealer=${dealerB}`)).json().results as { dealer: unknown }[]
    expect(cards.map((c) => c.dealer)).toEqual([null])
    const mine = (await call('GET', '/dealers/mine/', acc.other.auth)).json().results as {
      status: string
      note: string
    }[]
    expect(mine[0]).toMatchObject({ status: 'suspended', note: 'Жалобы покупателей' })
  })
})
