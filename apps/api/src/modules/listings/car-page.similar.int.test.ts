import { SIMILAR_LISTINGS_LIMIT, similarCarsPath } from '@tulpar/contracts'
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { listings } from '../../db/schema.ts'
import { createListing, createUser } from '../../testing/factories.ts'
import { createTestApp } from '../../testing/test-app.ts'
import {
  nearestByPriceQueries,
  sameBody,
  sameBrandAndBody,
  sameModel,
  similarCandidatesQuery,
  similarCardsQuery,
} from './car-page.repository.ts'

/* A car's similar cars: by its id (the app, the removed and paused pages) and by its price band (the car page). */

let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const detail = async (id: number) => (await t.app.inject(`/api/cars/${id}/`)).json()

describe('GET /api/cars/{id}/similar/', () => {
  const similar = {
    base: 0,
    rio_6_1: 0,
    rio_5_95: 0,
    rio_9: 0,
    rio_draft: 0,
    rio_sold: 0,
    k5: 0,
    sportage: 0,
    granta_sedan: 0,
    solaris: 0,
    accent: 0,
    polo: 0,
    vesta: 0,
    rio_archived: 0,
  }
  let base: number
  beforeAll(async () => {
    const owner = await createUser(t.db)
    const make = async (name: keyof typeof similar, o: Parameters<typeof createListing>[1]) => {
      similar[name] = (await createListing(t.db, { ownerId: owner.id, city: 'shymkent', ...o })).id
    }
    // Kia: a base Rio sedan at 6 M, other Rios around it, a Kia sedan of another model, other sedans.
    await make('base', { brand: 'kia', model: 'rio', bodyType: 'sedan', priceKzt: 6_000_000 })
    base = similar.base
    await make('rio_6_1', { brand: 'kia', model: 'rio', bodyType: 'sedan', priceKzt: 6_100_000 })
    await make('rio_5_95', { brand: 'kia', model: 'rio', bodyType: 'sedan', priceKzt: 5_950_000 })
    await make('rio_9', { brand: 'kia', model: 'rio', bodyType: 'sedan', priceKzt: 9_000_000 })
    await make('rio_draft', { brand: 'kia', model: 'rio', status: 'draft', publishedAt: null, priceKzt: 6_000_000 })
    await make('rio_sold', { brand: 'kia', model: 'rio', status: 'sold', priceKzt: 6_000_000 })
    await make('k5', { brand: 'kia', model: 'k5', bodyType: 'sedan', priceKzt: 6_000_000 })
    await make('sportage', { brand: 'kia', model: 'sportage', bodyType: 'crossover', priceKzt: 6_000_000 })
    await make('granta_sedan', { brand: 'lada', model: 'granta', bodyType: 'sedan', priceKzt: 5_000_000 })
    await make('solaris', { brand: 'hyundai', model: 'solaris', bodyType: 'sedan', priceKzt: 6_050_000 })
    await make('accent', { brand: 'hyundai', model: 'accent', bodyType: 'sedan', priceKzt: 7_000_000 })
    await make('polo', { brand: 'volkswagen', model: 'polo', bodyType: 'sedan', priceKzt: 6_400_000 })
    await make('vesta', { brand: 'lada', model: 'vesta', bodyType: 'sedan', priceKzt: 6_600_000 })
    await make('rio_archived', { brand: 'kia', model: 'rio', status: 'archived', priceKzt: 6_020_000 })
  })

  const similarIds = async (id: number) => {
    const res = await t.app.inject(`/api/cars/${id}/similar/`)
    expect(res.statusCode).toBe(200)
    return (res.json().results as { id: number }[]).map((r) => r.id)
  }

  test('same model first by nearest price, then the brand and body type, then the body type', async () => {
    const got = await similarIds(base)
    expect(got.slice(0, 4)).toEqual([similar.rio_5_95, similar.rio_6_1, similar.rio_9, similar.k5])
    // Then sedans of other brands, nearest price first; the Sportage is a crossover and comes nowhere.
    expect(got.indexOf(similar.solaris)).toBeGreaterThan(3)
    expect(got.indexOf(similar.solaris)).toBeLessThan(got.indexOf(similar.granta_sedan))
    expect(got).not.toContain(similar.sportage)
    expect(got).not.toContain(base)
    for (const hidden of [similar.rio_draft, similar.rio_sold, similar.rio_archived]) expect(got).not.toContain(hidden)
    expect(got.length).toBeLessThanOrEqual(8)
    expect(new Set(got).size).toBe(got.length)
  })

  test('answers at most 8 cards, localised', async () => {
    const res = await t.app.inject(`/api/cars/${base}/similar/?lang=en`)
    const body = res.json()
    expect(body.results.length).toBe(8)
    expect(body.results[0]).toMatchObject({ brand: { slug: 'kia' }, model: { slug: 'rio' } })
    expect(body.results.find((r: { city: { slug: string } }) => r.city.slug === 'shymkent').city.name).toBe('Shymkent')
  })

  test('a removed car still lists the same model (its 410 page points there); hidden ones are 404', async () => {
    const got = await similarIds(similar.rio_archived)
    // 6.02 M: the base (6.0 M) is nearest, then 5.95 M, then 6.1 M.
    expect(got.slice(0, 3)).toEqual([similar.base, similar.rio_5_95, similar.rio_6_1])
    expect((await t.app.inject(`/api/cars/${similar.rio_draft}/similar/`)).statusCode).toBe(404)
    expect((await t.app.inject('/api/cars/987654321/similar/')).statusCode).toBe(404)
    expect((await t.app.inject('/api/cars/0/similar/')).statusCode).toBe(400)
  })

  describe("GET /api/cars/similar/: a price band's list, the same for every car of it (decision 045)", () => {
    const bandOf = async (id: number, lang: 'ru' | 'en' = 'ru') => {
      const car = await detail(id)
      return similarCarsPath(
        { modelId: car.model.id, brandId: car.brand.id, bodyType: car.bodyType, priceKzt: car.priceKzt },
        lang,
      )
    }
    const bandIds = async (path: string) => {
      const res = await t.app.inject(path)
      expect(res.statusCode, res.body).toBe(200)
      return (res.json().results as { id: number }[]).map((r) => r.id)
    }

    test('the Rios of one band share an address and a list: the model first, its own cars included, at most 9', async () => {
      const path = await bandOf(base)
      expect(await bandOf(similar.rio_5_95)).toBe(path)
      expect(await bandOf(similar.rio_6_1)).toBe(path)
      expect(await bandOf(similar.rio_9)).not.toBe(path)
      const got = await bandIds(path)
      // Nearest a price inside the band (5.46-6.28 M): the three Rios in it, then the 9 M Rio, then the K5.
      expect(new Set(got.slice(0, 3))).toEqual(new Set([base, similar.rio_5_95, similar.rio_6_1]))
      expect(got.slice(3, 5)).toEqual([similar.rio_9, similar.k5])
      expect(got).not.toContain(similar.sportage)
      for (const hidden of [similar.rio_draft, similar.rio_sold, similar.rio_archived])
        expect(got).not.toContain(hidden)
      expect(got).toHaveLength(SIMILAR_LISTINGS_LIMIT + 1)
      expect(new Set(got).size).toBe(got.length)
    })

    test('in the language asked for', async () => {
      const res = await t.app.inject(await bandOf(base, 'en'))
      const cards = res.json().results as { city: { slug: string; name: string } }[]
      expect(cards.find((c) => c.city.slug === 'shymkent')?.city.name).toBe('Shymkent')
    })

    test.each([
      ['no band', (p: string) => p.replace(/&band=\d+/, '')],
      ['a band below 0', (p: string) => p.replace(/band=\d+/, 'band=-1')],
      ['a band past the highest', (p: string) => p.replace(/band=\d+/, 'band=201')],
      ['a model that is not a number', (p: string) => p.replace(/model=\d+/, 'model=rio')],
      ['an unknown body type', (p: string) => p.replace(/body=\w+/, 'body=spaceship')],
      ['an unknown language', (p: string) => p.replace(/lang=\w+/, 'lang=de')],
      ['an unknown parameter', (p: string) => `${p}&window=3`],
    ])('%s is a 400 problem', async (_name, broken) => {
      const res = await t.app.inject(`${broken(await bandOf(base))}`)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.headers['content-type']).toContain('application/problem+json')
    })

    test('a model with no car on sale is an empty list, not an error', async () => {
      expect(await bandIds('/api/cars/similar/?model=2147483647&brand=2147483647&band=100')).toEqual([])
    })
  })

  test('each lookup is a range scan of its own index, never a scan of the table', async () => {
    // The planner's choice depends on statistics: give it a catalogue-like spread (5,000 cars over every model,
    // five body types, prices up to 31 M), analyse, look at the plans, and roll it all back.
    const rollback = new Error('rollback')
    const plans: Record<string, string> = {}
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`
          with m as (select array_agg(id order by id) as ids from models)
          insert into listings (owner_id, status, brand_id, model_id, year, body_type, steering, engine_type,
            transmission, drive, colour, mileage, mileage_km, price_kzt, contact_phone, city_id, published_at)
          select b.owner_id, 'published', md.brand_id, md.id, 2000 + g % 25,
            (array['sedan','crossover','hatchback','suv','wagon'])[1 + g % 5], b.steering, b.engine_type,
            b.transmission, b.drive, b.colour, b.mileage, b.mileage_km, 1000000 + (g * 7919) % 30000000,
            b.contact_phone, b.city_id, now()
          from generate_series(1, 5000) g
          cross join m
          join models md on md.id = m.ids[1 + g % array_length(m.ids, 1)]
          cross join (select * from listings where id = ${base}) b`)
        await tx.execute(sql`analyze listings`)
        const [kia] = await tx.select().from(listings).where(eq(listings.id, base))
        if (!kia?.modelId || !kia.brandId) throw new Error('no base listing')
        const tiers = {
          listings_pub_model_price_idx: sameModel(kia.modelId),
          listings_pub_brand_body_price_idx: sameBrandAndBody(kia.brandId, 'sedan'),
          listings_pub_body_price_idx: sameBody('sedan'),
        }
        for (const [indexName, where] of Object.entries(tiers)) {
          const queries = nearestByPriceQueries(tx, where, 6_000_000, base, 16)
          for (const [i, query] of queries.entries()) {
            // Both drivers answer { rows: [{ 'QUERY PLAN': ... }] }; the text is all this test reads.
            plans[`${indexName}#${i}`] = JSON.stringify(await tx.execute(sql`explain ${query}`))
          }
        }
        // What the service runs: all six halves in one statement.
        const union = similarCandidatesQuery(
          tx,
          { id: base, modelId: kia.modelId, brandId: kia.brandId, bodyType: 'sedan', priceKzt: 6_000_000 },
          16,
        )
        plans.union = JSON.stringify(await tx.execute(sql`explain ${union}`))
        // And the statement around it, which picks the 8 and reads their cards by primary key.
        const cards = similarCardsQuery(
          tx,
          { id: base, modelId: kia.modelId, brandId: kia.brandId, bodyType: 'sedan', priceKzt: 6_000_000 },
          16,
          8,
        )
        plans.cards = JSON.stringify(await tx.execute(sql`explain ${cards}`))
        throw rollback
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error
      })
    const { union, cards, ...halves } = plans
    expect(cards).not.toContain('Seq Scan')
    expect(cards).toContain('listings_pkey')
    for (const indexName of ['model_price', 'brand_body_price', 'body_price']) {
      expect(union).toContain(`listings_pub_${indexName}_idx`)
    }
    expect(union).not.toContain('Seq Scan')
    expect(Object.keys(halves)).toHaveLength(6)
    for (const [key, plan] of Object.entries(halves)) {
      expect(plan, key).toContain(key.split('#')[0])
      expect(plan, key).not.toContain('Seq Scan')
      // The price bound is an index condition: the scan starts at the price and stops after 8 rows (or, for a
      // handful of rows, the planner sorts those few).
      expect(plan, key).toMatch(/Index Cond: \([^"]*price_kzt [<>]/)
    }
    // Rolled back: the other tests still see only their own few cars.
    const [total] = await t.db.select({ n: count() }).from(listings)
    expect(total?.n).toBeLessThan(1000)
  })
})
