import { cpus, totalmem } from 'node:os'
import { BODY_TYPES } from '@tulpar/contracts/constants'
import pg from 'pg'
import { openDatabase } from '../apps/api/src/db/client.ts'
import { SEED_STAGE_NAMES, seedDemo } from '../apps/api/src/db/seed/demo/index.ts'
import { createRng } from '../apps/api/src/db/seed/demo/random.ts'
import { seedReference } from '../apps/api/src/db/seed/seed-reference.ts'
import { createProgress } from '../apps/api/src/lib/progress.ts'

/*
 * The benchmark's own PostgreSQL database. It has a fixed name so `--skip-seed` can reuse the last load;
 * a full run drops and recreates it. BENCH_DATABASE_URL names the server (any database on it: we connect
 * there to create ours), default the local PostgreSQL 15 of the developers' machines.
 */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const BENCH_DB_NAME = process.env.BENCH_DB_NAME ?? 'tulpar_bench'
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(BENCH_DB_NAME)) throw new Error(`BENCH_DB_NAME must be a plain identifier`)

export function benchDatabaseUrl(): string {
  const url = new URL(ADMIN_URL)
  url.pathname = `/${BENCH_DB_NAME}`
  return url.toString()
}

const MIGRATIONS = new URL('../apps/api/drizzle', import.meta.url).pathname

export interface SeedResult {
  listings: number
  seconds: number
  listingsPerSecond: number
  vacuumSeconds: number
  users: number
  photos: number
}

/** Drops and recreates the bench database, migrates it and loads `listings` demo listings (COPY). */
export async function recreateAndSeed(listings: number, log: (m: string) => void): Promise<SeedResult> {
  await withClient(ADMIN_URL, async (admin) => {
    await admin.query(`drop database if exists ${BENCH_DB_NAME} with (force)`)
    await admin.query(`create database ${BENCH_DB_NAME}`)
  })
  // A million rows loaded and vacuumed: not bounded as the app's statements are (db/client.ts).
  const database = await openDatabase({
    url: benchDatabaseUrl(),
    poolSize: 4,
    statementTimeoutMs: 0,
    connectTimeoutMs: 120_000,
  })
  try {
    await database.migrate(MIGRATIONS)
    await seedReference(database.db)
    const started = performance.now()
    // A bar on a terminal; in a log (or CI) a line every few seconds.
    const progress = createProgress({ stream: process.stdout, title: '  load', log: (line) => log(line) })
    const result = await seedDemo(database, {
      listings,
      media: null,
      onProgress: (_message, step) =>
        progress.update(SEED_STAGE_NAMES[step.stage], step.done, step.total, step.detail ? `(${step.detail})` : ''),
    })
    progress.end()
    const seconds = (performance.now() - started) / 1000
    // A fresh bulk load has no statistics and no visibility map: without this the first minutes of a run
    // measure autovacuum, and index-only scans are not possible. Production tables get the same from autovacuum.
    const vacuumStarted = performance.now()
    await database.pool?.query('vacuum (analyze)')
    const vacuumSeconds = (performance.now() - vacuumStarted) / 1000
    return {
      listings,
      seconds: Math.round(seconds),
      listingsPerSecond: Math.round(listings / seconds),
      vacuumSeconds: Math.round(vacuumSeconds),
      users: result.users,
      photos: result.photos,
    }
  } finally {
    await database.close()
  }
}

/** `work` on one connection to `url`, closed after however it ends. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Published listings in the existing bench database; throws a clear error when there is none. */
export async function describeExisting(): Promise<{ listings: number; published: number }> {
  const client = new pg.Client({ connectionString: benchDatabaseUrl() })
  try {
    await client.connect()
  } catch (error) {
    throw new Error(
      `--skip-seed: cannot open the bench database ${BENCH_DB_NAME} (${String(error)}); run once without it`,
    )
  }
  try {
    const { rows } = await client.query<{ listings: string; published: string }>(
      `select count(*) as listings, count(*) filter (where status = 'published') as published from listings`,
    )
    return { listings: Number(rows[0]?.listings ?? 0), published: Number(rows[0]?.published ?? 0) }
  } finally {
    await client.end()
  }
}

/**
 * Turns PostgreSQL's autovacuum on for the run when the server has it off (some CI images do, for speed); answers
 * how to put it back (null: it was on, or we may not change it). Production runs with it: without it the job queue's
 * and the listings' dead rows pile up through a run, and ten minutes of market traffic measured a database nobody
 * vacuums (2026-11-27: PostgreSQL's CPU per request 0.28 ms with autovacuum, 2.46 ms without, job_common 16,624 dead
 * rows to 10,538 live).
 */
export async function ensureAutovacuum(log: (line: string) => void): Promise<(() => Promise<void>) | null> {
  const turnedOn = await withClient(ADMIN_URL, async (client) => {
    const { rows } = await client.query<{ v: string }>(`select current_setting('autovacuum') as v`)
    if (rows[0]?.v === 'on') return false
    try {
      await client.query('alter system set autovacuum = on')
      await client.query('select pg_reload_conf()')
      return true
    } catch (error) {
      log(`PostgreSQL's autovacuum is off and could not be turned on (${String(error)}): long runs measure dead rows`)
      return false
    }
  })
  if (!turnedOn) return null
  log("PostgreSQL's autovacuum was off: on for this run (alter system), put back after")
  return () =>
    withClient(ADMIN_URL, async (client) => {
      await client.query('alter system reset autovacuum')
      await client.query('select pg_reload_conf()')
    })
}

export interface MachineInfo {
  cpus: number
  cpuModel: string
  memoryGb: number
  node: string
  postgres: string
  postgresSettings: string
}

export async function machineInfo(): Promise<MachineInfo> {
  return withClient(ADMIN_URL, async (client) => {
    const version = await client.query<{ v: string }>(`select current_setting('server_version') as v`)
    const settings = await client.query<{ name: string; setting: string; unit: string | null }>(
      `select name, setting, unit from pg_settings
       where name in ('shared_buffers', 'work_mem', 'effective_cache_size', 'random_page_cost', 'max_connections',
         'autovacuum')
       order by name`,
    )
    return {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      postgres: version.rows[0]?.v ?? 'unknown',
      postgresSettings: settings.rows.map((s) => `${s.name}=${formatSetting(s.setting, s.unit)}`).join(', '),
    }
  })
}

function formatSetting(setting: string, unit: string | null): string {
  if (unit === '8kB') return `${Math.round((Number(setting) * 8) / 1024)}MB`
  return unit ? `${setting}${unit}` : setting
}

/**
 * Lowers a car's price in the database (as its owner's change would) while guests load its cached page, and asks as
 * a guest every 20 ms until the page shows the new price: the time a change takes to reach guests. Puts the price back.
 */
export async function priceChangeSeenWithin(baseUrl: string, id: number): Promise<{ ms: number; polls: number }> {
  return withClient(benchDatabaseUrl(), async (client) => {
    const { rows } = await client.query<{ price: string }>('select price_kzt as price from listings where id = $1', [
      id,
    ])
    const old = Number(rows[0]?.price ?? 0)
    const changed = old - 7_777
    await client.query('update listings set price_kzt = $1 where id = $2', [changed, id])
    const start = performance.now()
    let polls = 0
    try {
      for (;;) {
        polls++
        const body = await (await fetch(`${baseUrl}/cars/${id}`, { headers: { 'accept-encoding': 'identity' } })).text()
        if (body.includes(String(changed))) return { ms: Math.round(performance.now() - start), polls }
        if (performance.now() - start > 10_000) return { ms: -1, polls }
        await new Promise((r) => setTimeout(r, 20))
      }
    } finally {
      await client.query('update listings set price_kzt = $1 where id = $2', [old, id])
    }
  })
}

/**
 * The published listings, newest publication first: their ids, and what the address of a car's similar cars is
 * written from (`similarCarsPath`, decision 045). Index i is the same car in every array.
 */
export interface PublishedCars {
  ids: Int32Array
  modelIds: Int32Array
  brandIds: Int32Array
  /** 1 + the body type's index in BODY_TYPES; 0 for none. */
  bodyTypes: Uint8Array
  pricesKzt: Float64Array
}

const COMMA = 0x2c
const SEMICOLON = 0x3b
const DIGIT_0 = 0x30
const DIGIT_9 = 0x39

/**
 * The published listings, newest publication first. PostgreSQL writes them as one text (`id,model,brand,body,price`
 * a car, `;` between cars) whose digits are parsed straight into typed arrays, with no object per car. On a table of
 * the listings' shape with 923,000 published rows (2026-11-28, a 2-core machine under a load of 7): the ids alone as
 * rows (what this read before) 0.9-1.3 s and 81-86 MB more memory at the peak; the five columns as rows 2.0-3.3 s and
 * 92-107 MB; as one text 1.7-2.3 s and 40-67 MB (PostgreSQL 15 sorts inside the aggregate: 1.6 s of it). Published
 * cars have a brand, a model, a body type and a price (the listings_complete_unless_draft check), so every field is a
 * whole number.
 */
export async function publishedNewestFirst(client: pg.Client): Promise<PublishedCars> {
  const { rows } = await client.query<[string, string | null]>({
    text: `select count(*), string_agg(concat_ws(',', id, model_id, brand_id,
             coalesce(array_position($1::text[], body_type), 0), price_kzt), ';'
             order by published_at desc nulls last, id desc)
           from listings where status = 'published'`,
    values: [BODY_TYPES],
    rowMode: 'array',
  })
  const count = Number(rows[0]?.[0] ?? 0)
  const text = rows[0]?.[1] ?? ''
  const cars: PublishedCars = {
    ids: new Int32Array(count),
    modelIds: new Int32Array(count),
    brandIds: new Int32Array(count),
    bodyTypes: new Uint8Array(count),
    pricesKzt: new Float64Array(count),
  }
  let car = 0
  let field = 0
  let value = 0
  // One past the end stands for the last car's `;`.
  for (let i = 0; i <= text.length && count > 0; i++) {
    const char = i < text.length ? text.charCodeAt(i) : SEMICOLON
    if (char >= DIGIT_0 && char <= DIGIT_9) {
      value = value * 10 + (char - DIGIT_0)
      continue
    }
    if (char !== COMMA && char !== SEMICOLON) throw new Error(`published cars: ${text[i]} in the list at ${i}`)
    if (field === 0) cars.ids[car] = value
    else if (field === 1) cars.modelIds[car] = value
    else if (field === 2) cars.brandIds[car] = value
    else if (field === 3) cars.bodyTypes[car] = value
    else cars.pricesKzt[car] = value
    value = 0
    field++
    if (char === SEMICOLON) {
      if (field !== 5) throw new Error(`published cars: car ${car} has ${field} fields, not 5`)
      field = 0
      car++
    }
  }
  if (car !== count) throw new Error(`published cars: ${car} in the list, ${count} counted`)
  return cars
}

/** Published car ids spread over the whole table, in a fixed pseudo-random order. */
export async function sampleCarIds(count: number, seed = 42): Promise<number[]> {
  return withClient(benchDatabaseUrl(), async (client) => {
    const { rows } = await client.query<{ max: string | null }>('select max(id) as max from listings')
    const max = Number(rows[0]?.max ?? 0)
    const rng = createRng(seed)
    const candidates = Array.from({ length: count * 2 }, () => rng.int(1, max))
    const published = await client.query<{ id: string }>(
      `select id from listings where id = any($1::bigint[]) and status = 'published'`,
      [candidates],
    )
    const ok = new Set(published.rows.map((r) => Number(r.id)))
    const ids = [...new Set(candidates.filter((id) => ok.has(id)))].slice(0, count)
    if (ids.length === 0) throw new Error('the bench database has no published listings')
    return ids
  })
}
