import { parseArgs } from 'node:util'
import { sql, TransactionRollbackError } from 'drizzle-orm'
import pg from 'pg'
import { z } from 'zod'
import { openDatabase } from '../../db/client.ts'
import { seedDemo } from '../../db/seed/demo/index.ts'
import { seedReference } from '../../db/seed/seed-reference.ts'
import {
  refreshAllEstimates,
  refreshListingEstimate,
  refreshStatement,
  valueAllListings,
  writePendingEstimates,
} from './valuation.repository.ts'

/*
 * `node apps/api/src/modules/valuation/cli-bench-refresh.ts [--listings 1000000] [--database NAME] [--reseed]`:
 * times the market-estimate refresh on PostgreSQL (not part of the tests). The first run seeds NAME with demo
 * listings (seedDemo, which ends with the first full refresh); later runs reuse it unless --reseed. --explain
 * also prints the plan of the full refresh with real timings (run in a transaction that is rolled back). --runs
 * sets the number of timed full refreshes (default 2). --drift PCT moves the stored estimates of PCT% of the
 * published listings, as an hour of the market might, and times writing the refresh's changes while sellers change
 * prices beside it: in one transaction (as until issue 39) and in batches (writePendingEstimates).
 * BENCH_DATABASE_URL points at the server (default the local one).
 */
const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '1000000' },
    database: { type: 'string', default: 'tulpar_valuation_bench' },
    reseed: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    runs: { type: 'string', default: '2' },
    drift: { type: 'string' },
  },
})
const name = values.database
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error('--database must be a plain lowercase name')
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const url = new URL(adminUrl)
url.pathname = `/${name}`

const admin = new pg.Client({ connectionString: adminUrl })
await admin.connect()
const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1
if (exists && values.reseed) await admin.query(`drop database ${name} with (force)`)
const fresh = !exists || values.reseed
if (fresh) await admin.query(`create database ${name}`)
await admin.end()

// The bench's million-row load: its statements are not bounded as the app's are (db/client.ts).
const database = await openDatabase({ url: url.toString(), poolSize: 4, statementTimeoutMs: 0 })
const log = (message: string, data: Record<string, unknown> = {}) =>
  process.stdout.write(`${message} ${JSON.stringify(data)}\n`)
const time = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now()
  const result = await f()
  return [result, Math.round(performance.now() - started)]
}

try {
  await database.migrate(new URL('../../../drizzle', import.meta.url).pathname)
  if (fresh) {
    await seedReference(database.db)
    let lastLoad = performance.now()
    const [seeded, ms] = await time(() =>
      seedDemo(database, {
        listings: Number(values.listings),
        media: null,
        onProgress: (m) => {
          const now = performance.now()
          if (m.startsWith('market estimates'))
            log('first full refresh (in seedDemo, after COPY)', { ms: Math.round(now - lastLoad), m })
          else lastLoad = now
        },
      }),
    )
    log('seeded', { ...seeded, ms })
  }
  await database.db.execute(sql`vacuum analyze listings`)
  const Count = z.object({ rows: z.array(z.object({ n: z.coerce.number() })) })
  const published = Count.parse(
    await database.db.execute(sql`select count(*) as n from listings where status = 'published'`),
  ).rows[0]?.n
  log('published listings', { published })
  for (let run = 1; run <= Number(values.runs); run++) {
    const [counts, ms] = await time(() => refreshAllEstimates(database.db))
    log(`full refresh, run ${run}`, { ms, ...counts })
    await database.db.execute(sql`vacuum listings`)
  }
  if (values.drift !== undefined) await measureWrites(Number(values.drift))
  if (values.explain) {
    const Plan = z.object({ rows: z.array(z.object({ 'QUERY PLAN': z.string() })) })
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select set_config('work_mem', '64MB', true)`)
        const plan = Plan.parse(await tx.execute(sql`explain (analyze, buffers) ${refreshStatement(null)}`))
        for (const line of plan.rows) process.stdout.write(`${line['QUERY PLAN']}\n`)
        tx.rollback()
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error
      })
  }
  // One listing: a spread of popular and rare models, timed one by one.
  const Ids = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) })
  const sample = Ids.parse(
    await database.db.execute(sql`select id from listings where status = 'published' order by md5(id::text) limit 50`),
  ).rows
  const times: number[] = []
  for (const { id } of sample) times.push((await time(() => refreshListingEstimate(database.db, id)))[1])
  times.sort((a, b) => a - b)
  log('single-listing refresh', {
    n: times.length,
    p50: times[Math.floor(times.length / 2)],
    p95: times[Math.floor(times.length * 0.95)],
    max: times.at(-1),
  })
  const Dist = z.object({
    rows: z.array(z.object({ rating: z.string().nullable(), n: z.coerce.number(), share: z.coerce.number() })),
  })
  const dist = Dist.parse(
    await database.db.execute(sql`select deal_rating::text as rating, count(*) as n,
      round(100.0 * count(*) / sum(count(*)) over (), 1) as share
      from listings where status = 'published' group by 1 order by 1`),
  ).rows
  log('ratings over published listings', { dist })
} finally {
  await database.close()
}

/**
 * Writes a refresh's changes with sellers' price changes beside it (one every 20 ms, each its own transaction on
 * its own connection), first in one transaction, then in batches, and reports how long the price changes waited.
 */
async function measureWrites(percent: number) {
  for (const mode of ['one transaction', 'batches'] as const) {
    await database.db.execute(sql`update listings set estimate_kzt = estimate_kzt + 100000
      where status = 'published' and estimate_kzt is not null and random() < ${percent / 100}`)
    const [counts, valueMs] = await time(() => valueAllListings(database.db))
    const seller = new pg.Client({ connectionString: url.toString() })
    await seller.connect()
    const waits: number[] = []
    let writing = true
    const sellers = (async () => {
      while (writing) {
        const started = performance.now()
        await seller.query(`update listings set price_kzt = price_kzt + 1000
          where id = (select id from listings where status = 'published' and id > (random() * 1000000)::int
          order by id limit 1)`)
        waits.push(performance.now() - started)
        await new Promise((r) => setTimeout(r, 20))
      }
    })()
    const [written, writeMs] = await time(() =>
      mode === 'batches'
        ? writePendingEstimates(database.db)
        : database.db.transaction((tx) => writePendingEstimates(tx, 10_000_000)),
    )
    writing = false
    await sellers
    await seller.end()
    waits.sort((a, b) => a - b)
    log(`writing a refresh's changes, ${mode}`, {
      drift: percent,
      valueMs,
      staged: counts.changed,
      written,
      writeMs,
      priceChanges: waits.length,
      p50: Math.round(waits[Math.floor(waits.length / 2)] ?? 0),
      p99: Math.round(waits[Math.floor(waits.length * 0.99)] ?? 0),
      max: Math.round(waits.at(-1) ?? 0),
    })
  }
}
