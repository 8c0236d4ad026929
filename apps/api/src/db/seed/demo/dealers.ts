import { sql } from 'drizzle-orm'
import type { Database } from '../../client.ts'
import { cities, dealerMembers, dealerShowrooms, dealers } from '../../schema.ts'
import { copyObjects } from './copy.ts'
import { ACCOUNT_KEYS, accountRow, PROFILE_KEYS, profileRow, USER_KEYS, userRow } from './owners.ts'
import { generateId, generateUniquePhone } from './people.ts'
import type { Rng } from './random.ts'
import type { DemoOwner } from './types.ts'

/*
 * Three verified dealers (issue 38), so /dealers, a dealer's page, the badge on cards and /account/dealer show at
 * once on a fresh demo. Each has an owner and a manager with demo accounts (the demo password; docs/operations.md,
 * "Demo data"), showrooms with coordinates, and a share of the demo cars in its city as its stock.
 */

/** Cars of its city each demo dealer takes as its stock (every 7th published listing there, by id). */
const DEMO_DEALER_STOCK = 40

/**
 * A showroom: its address and pin, then its phone and hours where they are not the dealer's first phone and its
 * hours.
 */
type ShowroomRow = readonly [address: string, lat: number, lng: number, phone?: string, workingHours?: string]

/**
 * The demo dealers, one row each. Its owner and manager sign in as `dealer.{city}@demo.tulpar.kz` and
 * `manager.{city}@demo.tulpar.kz`; every dealer is a legal entity.
 */
interface DemoDealerRow {
  city: string
  legalName: string
  /** A BIN with its check digit (seed-demo.int.test.ts checks the seeded ones with the contracts' rule). */
  bin: string
  phones: [string, ...string[]]
  workingHours: string
  /** Staff let its cars skip the moderation queue (fraud signals still send one there). */
  trusted: boolean
  /** The owner's and the manager's names. */
  owner: string
  manager: string
  showrooms: ShowroomRow[]
  ru: string
  kk: string
  en: string
}

const DEMO_DEALERS: readonly DemoDealerRow[] = [
  {
    city: 'almaty',
    legalName: 'ТОО «Алатау Моторс»',
    bin: '080340001230',
    phones: ['+77273550011', '+77013550011'],
    workingHours: 'Пн–Сб 9:00–20:00, Вс 10:00–18:00',
    trusted: true,
    owner: 'Ерлан Сарсенбаев',
    manager: 'Асель Нурланова',
    showrooms: [
      ['ул. Толе би, 286', 43.2477, 76.8516],
      ['пр. Аль-Фараби, 77/8', 43.2187, 76.9284, '+77273550022', 'Ежедневно 10:00–21:00'],
    ],
    ru: 'Автосалон в Алматы с 2008 года: новые автомобили и автомобили с пробегом с проверенной историей, трейд-ин и кредит от банков-партнёров.',
    kk: '2008 жылдан бері Алматыдағы автосалон: жаңа көліктер және тарихы тексерілген жүрісі бар көліктер, трейд-ин және серіктес банктерден несие.',
    en: 'A car dealership in Almaty since 2008: new cars and used cars with a checked history, trade-in and loans from partner banks.',
  },
  {
    city: 'astana',
    legalName: 'ТОО «Есиль Авто Центр»',
    bin: '110540018756',
    phones: ['+77172270033'],
    workingHours: 'Пн–Пт 9:00–19:00, Сб 10:00–17:00',
    trusted: false,
    owner: 'Данияр Касымов',
    manager: 'Мадина Искакова',
    showrooms: [['ш. Алаш, 10', 51.1845, 71.3946]],
    ru: 'Дилерский центр в Астане: кроссоверы и седаны, подготовка к зиме, выездной осмотр по городу.',
    kk: 'Астанадағы дилерлік орталық: кроссоверлер мен седандар, қысқа дайындау, қала бойынша көлікті барып қарау.',
    en: 'A dealer centre in Astana: crossovers and sedans, winter preparation, inspections anywhere in the city.',
  },
  {
    city: 'shymkent',
    legalName: 'ТОО «Шымкент Кар Трейд»',
    bin: '140940025618',
    phones: ['+77252390044'],
    workingHours: 'Ежедневно 9:00–19:00',
    trusted: false,
    owner: 'Бауыржан Оспанов',
    manager: 'Гульнара Турсунова',
    showrooms: [['пр. Тауке хана, 35', 42.3417, 69.5901]],
    ru: 'Автомобили с пробегом в Шымкенте: каждая машина проходит диагностику, документы оформляем в день покупки.',
    kk: 'Шымкенттегі жүрісі бар көліктер: әр көлік диагностикадан өтеді, құжаттарды сатып алған күні рәсімдейміз.',
    en: 'Used cars in Shymkent: every car is diagnosed, and the papers are done on the day you buy.',
  },
]

const CHECKLIST = { registryChecked: true, contactConfirmed: true, addressConfirmed: true, applicantAuthorised: true }
const DAY_MS = 86_400_000

/**
 * Makes the demo dealers whose city the reference data has (a test's tiny reference may lack some), once: a
 * database that has any dealer already is left as it is (the seed run again adds listings only). Returns how many
 * dealers were made.
 */
export async function seedDemoDealers(
  database: Database,
  { rng, now, passwordHash, takenPhones }: { rng: Rng; now: Date; passwordHash: string; takenPhones: Set<string> },
): Promise<number> {
  const db = database.db
  if ((await db.select({ id: dealers.id }).from(dealers).limit(1)).length > 0) return 0
  const cityIds = new Map(
    (await db.select({ id: cities.id, slug: cities.slug }).from(cities)).map((c) => [c.slug, c.id]),
  )
  // Accounts a year old: older than the listings they take over (which span the last 90 days).
  const createdAt = new Date(now.getTime() - 365 * DAY_MS)
  const person = (name: string, email: string, cityId: number): DemoOwner => ({
    id: generateId(rng),
    n: 0,
    name,
    email,
    phone: generateUniquePhone(rng, takenPhones),
    cityId,
    createdAt,
  })
  const made = DEMO_DEALERS.flatMap((dealer) => {
    const cityId = cityIds.get(dealer.city)
    if (cityId === undefined) return []
    const owner = person(dealer.owner, `dealer.${dealer.city}@demo.tulpar.kz`, cityId)
    const manager = person(dealer.manager, `manager.${dealer.city}@demo.tulpar.kz`, cityId)
    return [{ dealer, cityId, owner, manager }]
  })
  if (made.length === 0) return 0
  const accounts = made.flatMap((m) => [m.owner, m.manager])
  await copyObjects(database, 'user', USER_KEYS, accounts.map(userRow))
  await copyObjects(
    database,
    'account',
    ACCOUNT_KEYS,
    accounts.map((a) => accountRow(rng, a, passwordHash)),
  )
  await copyObjects(database, 'profiles', PROFILE_KEYS, accounts.map(profileRow))

  for (const { dealer, cityId, owner, manager } of made) {
    const [row] = await db
      .insert(dealers)
      .values({
        legalName: dealer.legalName,
        kind: 'legal_entity',
        bin: dealer.bin,
        status: 'verified',
        cityId,
        phones: dealer.phones,
        workingHours: dealer.workingHours,
        descriptionRu: dealer.ru,
        descriptionKk: dealer.kk,
        descriptionEn: dealer.en,
        checklist: CHECKLIST,
        trustedToPublish: dealer.trusted,
        appliedBy: owner.id,
        decidedAt: now,
        createdAt,
        updatedAt: now,
      })
      .returning({ id: dealers.id })
    if (!row) throw new Error(`demo dealer ${dealer.legalName} not made`)
    const showrooms = dealer.showrooms.map(
      ([address, lat, lng, phone = dealer.phones[0], workingHours = dealer.workingHours], sort) => ({
        dealerId: row.id,
        cityId,
        address,
        lat,
        lng,
        phones: [phone],
        workingHours,
        sort,
      }),
    )
    await db.insert(dealerShowrooms).values(showrooms)
    await db.insert(dealerMembers).values([
      { dealerId: row.id, userId: owner.id, role: 'owner', addedAt: createdAt },
      { dealerId: row.id, userId: manager.id, role: 'manager', addedAt: createdAt },
    ])
    // Its stock: every 7th car on sale in its city (by id, so the same seed gives the same stock), sold by its
    // owner and its manager in turn, with their numbers as the contact. A seller keeps a car on sale of their own
    // (one whose id is not a multiple of 7): the demo sellers' journeys start from their first car.
    await db.execute(sql`
      update listings l set dealer_id = ${row.id},
        owner_id = case when s.k % 2 = 0 then ${owner.id} else ${manager.id} end,
        contact_phone = case when s.k % 2 = 0 then ${owner.phone} else ${manager.phone} end
      from (
        select c.id, row_number() over (order by c.id) as k from listings c
        where c.city_id = ${cityId} and c.status = 'published' and c.dealer_id is null and c.id % 7 = 0
          and exists (
            select 1 from listings kept
            where kept.owner_id = c.owner_id and kept.status = 'published' and kept.id % 7 <> 0
          )
        order by c.id limit ${DEMO_DEALER_STOCK}
      ) s
      where l.id = s.id`)
  }
  return made.length
}
