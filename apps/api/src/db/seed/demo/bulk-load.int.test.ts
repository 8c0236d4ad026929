import { describe, expect, test } from 'vitest'
import { testDriver } from '../../../testing/test-db.ts'
import { type Database, openDatabase } from '../../client.ts'
import { restorePendingIndexes, withBulkLoad } from './bulk-load.ts'
import { pgliteClient } from './copy.ts'

const MIGRATIONS = new URL('../../../../drizzle', import.meta.url).pathname

async function listingIndexes(database: Database): Promise<string[]> {
  const { rows } = await pgliteClient(database).query<{ indexdef: string }>(
    `select indexdef from pg_indexes where tablename = 'listings' order by indexname`,
  )
  return rows.map((r) => r.indexdef)
}

async function withMigratedPglite(work: (database: Database) => Promise<void>): Promise<void> {
  const database = await openDatabase({ url: null, dataDir: null })
  try {
    await database.migrate(MIGRATIONS)
    await work(database)
  } finally {
    await database.close()
  }
}

// The bulk load is PGlite's (bulk-load.ts); on PostgreSQL it only runs the work, which the seed's own tests cover,
// so the PostgreSQL run of the suite skips these.
describe.skipIf(testDriver() === 'postgres')('bulk load on the embedded database', () => {
  test('runs without the listings indexes and foreign-key checks, and every index is back after it', async () => {
    await withMigratedPglite(async (database) => {
      const before = await listingIndexes(database)
      expect(before.length).toBeGreaterThan(10)
      const client = pgliteClient(database)
      let during: string[] = []
      await withBulkLoad(database, { listingsAfterId: 0 }, async () => {
        during = await listingIndexes(database)
        // No brand 999 and no user 'nobody': only possible with the foreign-key checks off.
        await client.query(`insert into listings (id, owner_id, status, brand_id) values (1, 'nobody', 'draft', 999)`)
        await client.query('delete from listings')
      })
      expect(during.length).toBeLessThan(before.length)
      expect(during.every((d) => /UNIQUE|_pkey/.test(d))).toBe(true)
      expect(await listingIndexes(database)).toEqual(before)
      // Foreign keys hold again.
      await expect(
        client.query(`insert into listings (id, owner_id, status, brand_id) values (2, 'nobody', 'draft', 999)`),
      ).rejects.toThrow(/foreign key/)
    })
  }, 60_000)

  test('a load that fails still leaves every index in place', async () => {
    await withMigratedPglite(async (database) => {
      const before = await listingIndexes(database)
      await expect(
        withBulkLoad(database, { listingsAfterId: 0 }, async () => {
          throw new Error('the generator broke')
        }),
      ).rejects.toThrow('the generator broke')
      expect(await listingIndexes(database)).toEqual(before)
    })
  }, 60_000)

  test('the indexes of a load that was stopped half-way are made again at the next start', async () => {
    await withMigratedPglite(async (database) => {
      const before = await listingIndexes(database)
      const client = pgliteClient(database)
      // What a process killed inside the load leaves: the definitions kept, the indexes gone.
      await client.exec(`create table seed_pending_indexes (name text primary key, definition text not null)`)
      const { rows } = await client.query<{ name: string; definition: string }>(
        `insert into seed_pending_indexes select indexname, indexdef from pg_indexes
         where tablename = 'listings' and indexname like 'listings_pub%' returning name, definition`,
      )
      expect(rows.length).toBeGreaterThan(0)
      for (const row of rows) await client.exec(`drop index ${row.name}`)
      expect((await listingIndexes(database)).length).toBe(before.length - rows.length)

      expect(await restorePendingIndexes(database)).toBe(rows.length)
      expect(await listingIndexes(database)).toEqual(before)
      expect(await restorePendingIndexes(database)).toBe(0)
    })
  }, 60_000)
})
