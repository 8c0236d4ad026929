import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { createListing, createUser } from '../../testing/factories.ts'
import { type Car, cars, ctx, search } from '../../testing/search-catalogue.ts'

describe('facets', () => {
  const tally = (list: Car[], key: (c: Car) => string) => {
    const counts = new Map<string, number>()
    for (const c of list) counts.set(key(c), (counts.get(key(c)) ?? 0) + 1)
    return [...counts].map(([slug, count]) => ({ slug, count }))
  }
  const slugsAndCounts = (facets: { slug: string; count: number }[]) =>
    facets.map(({ slug, count }) => ({ slug, count }))

  test('count published listings per brand, with the total and names, sorted by name', async () => {
    const res = await ctx.t.app.inject('/api/cars/facets/')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.total).toBe(cars.length)
    // Lada, Tesla, Toyota: name order is slug order for these three.
    expect(slugsAndCounts(body.brands)).toEqual(
      tally(cars, (c) => c.brand).sort((a, b) => a.slug.localeCompare(b.slug)),
    )
    expect(body.brands.map((b: { name: string }) => b.name)).toEqual(['Lada', 'Tesla', 'Toyota'])
    expect(body.models).toEqual([])
  })

  test('with a brand, count its models (by name); hidden listings are not counted', async () => {
    const body = (await ctx.t.app.inject('/api/cars/facets/?brand=toyota')).json()
    const toyotas = cars.filter((c) => c.brand === 'toyota')
    const expected = tally(toyotas, (c) => c.model)
    expect(slugsAndCounts(body.models)).toEqual(expect.arrayContaining(expected.map((e) => expect.objectContaining(e))))
    expect(body.models).toHaveLength(expected.length)
    const names = body.models.map((m: { name: string }) => m.name)
    expect(names).toEqual([...names].sort())
    // The five hidden Camrys in Almaty are not among the counted ones.
    expect(body.models.find((m: { slug: string }) => m.slug === 'camry').count).toBe(
      toyotas.filter((c) => c.model === 'camry').length,
    )
  })

  test('with a brand and a city, count within that city', async () => {
    const body = (await ctx.t.app.inject('/api/cars/facets/?brand=toyota&city=astana')).json()
    const inAstana = cars.filter((c) => c.city === 'astana')
    expect(body.total).toBe(inAstana.length)
    expect(slugsAndCounts(body.brands)).toEqual(
      tally(inAstana, (c) => c.brand).sort((a, b) => a.slug.localeCompare(b.slug)),
    )
    expect(body.models).toEqual([{ slug: 'land-cruiser-300', name: expect.any(String), count: 1 }])
  })

  test('an unknown city has nothing; an unknown brand has no models', async () => {
    expect((await ctx.t.app.inject('/api/cars/facets/?city=atlantis')).json()).toEqual({
      total: 0,
      brands: [],
      models: [],
    })
    const body = (await ctx.t.app.inject('/api/cars/facets/?brand=no-such-brand')).json()
    expect(body.models).toEqual([])
    expect(body.total).toBe(cars.length)
  })

  test.each([
    ['model=camry', 'query.model'],
    ['brand=TOYOTA', 'query.brand'],
    ['city=', 'query.city'],
    ['lang=fr', 'query.lang'],
  ])('?%s is refused with a 400 naming %s', async (query, field) => {
    const res = await ctx.t.app.inject(`/api/cars/facets/?${query}`)
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field)
  })
})

// Keep the catalogue of this file unchanged for the tests above: the suites below add their own listings
// under a brand none of the fixtures use, and check only that brand.
describe('facet totals follow every listing change in the same transaction', () => {
  const facetCount = async (brand: string, city?: string) => {
    const body = (await ctx.t.app.inject(`/api/cars/facets/?brand=kia${city ? `&city=${city}` : ''}`)).json()
    return body.models.find((m: { slug: string }) => m.slug === brand)?.count ?? 0
  }
  const countsMatchListings = async () => {
    // Recompute every rollup row from listings and compare with what the triggers kept.
    const [diff] = await ctx.t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(sql`(
      with p as (select * from listings where status = 'published'),
      expected as (
        select nw.newness, ct.city_id, bm.brand_id, bm.model_id, count(*)::int as n
        from p
        cross join lateral (values ('all'), (case when p.is_new then 'new' else 'used' end)) nw(newness)
        cross join lateral (values (0), (p.city_id)) ct(city_id)
        cross join lateral (values (0, 0), (p.brand_id, 0), (p.brand_id, p.model_id)) bm(brand_id, model_id)
        group by 1, 2, 3, 4
      )
      (select newness, city_id, brand_id, model_id, n from expected
        except select newness, city_id, brand_id, model_id, n from listing_counts)
      union all
      (select newness, city_id, brand_id, model_id, n from listing_counts where n <> 0
        except select newness, city_id, brand_id, model_id, n from expected)
    ) as diff`)
    return diff?.n ?? -1
  }

  test('publishing, selling, moving, editing and deleting keep the totals exact', async () => {
    expect(await countsMatchListings()).toBe(0)
    const draft = await createListing(ctx.t.db, { brand: 'kia', model: 'rio', status: 'draft', publishedAt: null })
    expect(await facetCount('rio')).toBe(0)
    await ctx.t.db.execute(sql`update listings set status = 'published', published_at = now() where id = ${draft.id}`)
    expect(await facetCount('rio')).toBe(1)
    expect(await facetCount('rio', 'almaty')).toBe(1)
    // Views are not a counted column: the total stays.
    await ctx.t.db.execute(sql`update listings set views_count = views_count + 1 where id = ${draft.id}`)
    expect(await facetCount('rio')).toBe(1)
    await ctx.t.db.execute(
      sql`update listings set city_id = (select id from cities where slug = 'astana') where id = ${draft.id}`,
    )
    expect(await facetCount('rio', 'almaty')).toBe(0)
    expect(await facetCount('rio', 'astana')).toBe(1)
    await ctx.t.db.execute(
      sql`update listings set model_id = (select id from models where slug = 'sportage') where id = ${draft.id}`,
    )
    expect(await facetCount('rio')).toBe(0)
    expect(await facetCount('sportage')).toBe(1)
    const newOne = await search('brand=kia&newness=new')
    expect(newOne.count).toBe(0)
    await ctx.t.db.execute(sql`update listings set is_new = true where id = ${draft.id}`)
    expect((await search('brand=kia&newness=new')).count).toBe(1)
    await ctx.t.db.execute(sql`update listings set status = 'sold' where id = ${draft.id}`)
    expect(await facetCount('sportage')).toBe(0)
    expect((await search('brand=kia')).count).toBe(0)
    const a = await createListing(ctx.t.db, { brand: 'kia', model: 'rio' })
    await createListing(ctx.t.db, { brand: 'kia', model: 'rio' })
    expect(await facetCount('rio')).toBe(2)
    await ctx.t.db.execute(sql`delete from listings where id = ${a.id}`)
    expect(await facetCount('rio')).toBe(1)
    expect(await countsMatchListings()).toBe(0)
  })

  test('a multi-row statement (a bulk import) is counted once per row', async () => {
    const before = await facetCount('cerato')
    const owner = await createUser(ctx.t.db)
    await ctx.t.db.execute(sql`
      insert into listings (owner_id, status, brand_id, model_id, city_id, year, body_type, steering, engine_type,
        transmission, drive, colour, mileage, mileage_km, price_kzt, contact_phone, published_at)
      select ${owner.id}, s, (select id from brands where slug = 'kia'),
        (select id from models where slug = 'cerato'), (select id from cities where slug = 'almaty'), 2015, 'sedan',
        'left', 'petrol', 'AT', 'FWD', (select code from colours limit 1), 1000, 1000, 5000000, '+77010000000', now()
      from unnest(array['published', 'published', 'draft', 'published']::listing_status[]) s`)
    expect(await facetCount('cerato')).toBe(before + 3)
    await ctx.t.db.execute(
      sql`update listings set status = 'archived' where model_id = (select id from models where slug = 'cerato')`,
    )
    expect(await facetCount('cerato')).toBe(0)
    expect(await countsMatchListings()).toBe(0)
  })
})
