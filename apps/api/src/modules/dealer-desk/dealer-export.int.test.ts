import { beforeAll, describe, expect, test } from 'vitest'
import { listingPhoneReveals, listingViews } from '../../db/schema.ts'
import { useDealerDesk } from '../../testing/dealer-desk.ts'
import { createListing } from '../../testing/factories.ts'
import { viewDay } from '../listings/index.ts'

/* The dealer desk's CSV exports (issue 38): the stock and the statistics, formula-safe, for the dealer's people. */

const { t, acc, desk, call } = useDealerDesk({
  others: {},
  car: (acc) => ({ ownerId: acc.owner.id, externalId: '=HYPERLINK("http://x")' }),
})

const get = (url: string, auth?: Record<string, string>) => call('GET', url, auth)

let dealerId = 0
let car = 0
let sold = 0

beforeAll(async () => {
  ;({ dealerId, car } = desk)
  sold = (await createListing(t.db, { ownerId: acc.manager.id, dealerId, status: 'sold', externalId: 'A-2' })).id
  await createListing(t.db, { ownerId: acc.otherOwner.id, externalId: 'FOREIGN' })
  await t.db.insert(listingViews).values({ listingId: car, day: viewDay(new Date()), visitorHash: 'v' })
  await t.db.insert(listingPhoneReveals).values({ listingId: car, day: viewDay(new Date()), reveals: 3 })
})

describe('the dealer desk CSV exports', () => {
  test("the stock: every status of the dealer's cars, text/csv with a safe file name, formulas written as text", async () => {
    const res = await get(`/dealers/${dealerId}/stock.csv`, acc.manager.auth)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="dealer-${dealerId}-stock-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    )
    const lines = res.body.split('\r\n').filter(Boolean)
    expect(lines[0]).toBe(
      'id,external_id,status,make,model,year,price_kzt,mileage,mileage_unit,vin,published_at,updated_at',
    )
    expect(lines).toHaveLength(3)
    expect(lines.some((l) => l.startsWith(`${car},"'=HYPERLINK(""http://x"")",published,`))).toBe(true)
    expect(lines.some((l) => l.startsWith(`${sold},A-2,sold,`))).toBe(true)
    expect(res.body).not.toContain('FOREIGN')
  })

  test('the statistics: a line per car and day', async () => {
    const res = await get(`/dealers/${dealerId}/stats.csv`, acc.owner.auth)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toContain(`filename="dealer-${dealerId}-stats-`)
    const lines = res.body.split('\r\n').filter(Boolean)
    expect(lines[0]).toBe('listing_id,title,day,views,phone_reveals,favourites,callbacks,chats')
    expect(lines.slice(1)).toHaveLength(1)
    expect(lines[1]).toMatch(new RegExp(`^${car},.*,${viewDay(new Date())},1,3,0,0,0$`))
    const reversed = await get(`/dealers/${dealerId}/stats.csv?from=2026-02-01&to=2026-01-01`, acc.owner.auth)
    expect(reversed.statusCode).toBe(400)
  })

  test("another dealer's owner, a private user and staff are refused; a guest is asked to sign in", async () => {
    for (const path of ['stock.csv', 'stats.csv']) {
      for (const who of [acc.otherOwner, acc.privateUser, acc.moderator]) {
        const res = await get(`/dealers/${dealerId}/${path}`, who.auth)
        expect(res.statusCode).toBe(403)
        expect(res.json().code).toBe('dealer.not_member')
      }
      expect((await get(`/dealers/${dealerId}/${path}`)).statusCode).toBe(401)
    }
  })
})
