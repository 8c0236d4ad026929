import { once } from 'node:events'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { openDatabase } from '../apps/api/src/db/client.ts'
import { cities, dealerMembers, dealers, user } from '../apps/api/src/db/schema.ts'
import { seedReference } from '../apps/api/src/db/seed/seed-reference.ts'
import { createMemoryRateLimiter } from '../apps/api/src/lib/rate-limit.ts'
import { createFeedsService, dryRunFeed } from '../apps/api/src/modules/feeds/index.ts'
import { createReferenceService } from '../apps/api/src/modules/reference/index.ts'
import { benchDatabaseUrl } from './database.ts'

/*
 * Issue 38's feed targets: a 10,000-car feed (CSV, then the same cars as XML) read from a file, checked and matched
 * to the reference data, nothing written (target: at most 60 s); then the CSV imported into a dealer's empty stock:
 * the upload's stored dry run and its apply, 10,000 listings created (target: at most 60 s each), and the same feed
 * imported again, every car unchanged (target: at most 20 s for upload and apply together). The feeds are generated from the reference data into a temporary folder; the reference data
 * lives in a small database of its own (<bench db>_feeds, migrated and seeded here), so this part needs neither the
 * 1,000,000-listing load nor a server. Peak resident memory is sampled every 20 ms during each run.
 */

interface FeedRun {
  bytes: number
  seconds: number
  valid: number
  refused: number
  /** Resident memory before the run and its peak during it, MB. */
  rssBeforeMb: number
  peakRssMb: number
}
/** One import of the CSV into the dealer's stock: the upload (spooled, dry run, plan stored) and the apply. */
interface ImportRun {
  uploadSeconds: number
  applySeconds: number
  created: number
  updated: number
  unchanged: number
  refused: number
  peakRssMb: number
}
export interface FeedsResult {
  cars: number
  generateSeconds: number
  csv: FeedRun
  xml: FeedRun
  /** The first import into an empty stock (every valid car created). */
  firstImport: ImportRun
  /** The same feed again (every car unchanged). */
  reimport: ImportRun
}

const MIGRATIONS = new URL('../apps/api/drizzle', import.meta.url).pathname
const mb = (bytes: number) => Math.round(bytes / 2 ** 20)
const round1 = (n: number) => Math.round(n * 10) / 10

function feedsDatabaseUrls() {
  const url = new URL(benchDatabaseUrl())
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const name = `${url.pathname.slice(1)}_feeds`
  url.pathname = `/${name}`
  return { admin: admin.toString(), url: url.toString(), name }
}

interface Car {
  id: string
  make: string
  model: string
  year: number
  generation: string
  modification: string
  body: string
  fuel: string
  transmission: string
  drive: string
  color: string
  mileage: number
  price: number
  vin: string
  city: string
  options: string[]
  photos: string[]
}

const VIN_CHARS = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ'
const vinOf = (n: number) => {
  let s = ''
  for (let i = 0, x = n * 7919 + 104_729; i < 17; i++, x = Math.floor(x / VIN_CHARS.length) + i * 31)
    s += VIN_CHARS[x % VIN_CHARS.length]
  return s
}

/** `count` cars spread over the catalogue's popular models, each a car our reference data knows. */
async function generateCars(reference: ReturnType<typeof createReferenceService>, count: number): Promise<Car[]> {
  const brands = (await reference.listBrands()).slice(0, 25)
  const vocab = await reference.formVocabularies('ru')
  const colours = vocab.colours.map((c) => c.name)
  const options = vocab.optionGroups.flatMap((g) => g.options.map((o) => o.code))
  const cities = (await reference.listCities('ru')).map((c) => c.name)
  const kinds: Omit<Car, 'id' | 'mileage' | 'price' | 'vin' | 'city' | 'options' | 'photos' | 'color'>[] = []
  for (const brand of brands) {
    for (const model of (await reference.listFormModels(brand.id)).slice(0, 8)) {
      const mods = await reference.listModifications(model.id)
      const gens = await reference.listGenerations(model.id)
      const mod = mods.find((m) => m.engineType !== 'electric') ?? mods[0]
      if (!mod) continue
      const year = Math.max(model.yearFrom, Math.min(model.yearTo ?? 2025, 2018))
      const gen = gens.find((g) => g.yearFrom <= year && (g.yearTo === null || year <= g.yearTo))
      kinds.push({
        make: brand.name,
        model: model.name,
        year,
        generation: gen?.name ?? '',
        modification: `${mod.volumeL.toFixed(1)} ${mod.transmissions[0]} (${mod.powerHp} л.с.)`,
        body: model.bodyTypes[0] ?? 'sedan',
        fuel: mod.engineType,
        transmission: mod.transmissions[0] ?? 'AT',
        drive: mod.drives[0] ?? 'FWD',
      })
    }
  }
  return Array.from({ length: count }, (_, i) => {
    const kind = kinds[i % kinds.length] as (typeof kinds)[number]
    return {
      ...kind,
      id: `STOCK-${100_000 + i}`,
      color: colours[i % colours.length] ?? 'Белый',
      mileage: (i * 7_919) % 250_000,
      price: 3_000_000 + ((i * 104_729) % 40_000_000),
      vin: vinOf(i),
      city: cities[i % cities.length] ?? 'Алматы',
      options: options.filter((_, j) => (i + j) % 4 === 0).slice(0, 12),
      photos: Array.from({ length: 5 }, (_, p) => `https://cdn.dealer.example.kz/stock/${100_000 + i}/${p + 1}.jpg`),
    }
  })
}

const csvCell = (v: string | number) => {
  const s = String(v)
  return /[";\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s
}
const xmlText = (v: string | number) =>
  String(v).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

async function writeLines(path: string, lines: Iterable<string>) {
  const out = createWriteStream(path)
  for (const line of lines) if (!out.write(line)) await once(out, 'drain')
  out.end()
  await once(out, 'finish')
}

function* csvLines(cars: Car[]) {
  yield 'external_id;make;model;year;generation;modification;body;fuel;transmission;drive;steering;color;mileage_km;price_kzt;vin;city;description;options;photo_urls\r\n'
  for (const c of cars)
    yield `${[c.id, c.make, c.model, c.year, c.generation, c.modification, c.body, c.fuel, c.transmission, c.drive, 'left', c.color, c.mileage, c.price, c.vin, c.city, 'Автомобиль в наличии в салоне, один владелец; "торг уместен".', c.options.join('|'), c.photos.join('|')].map(csvCell).join(';')}\r\n`
}

function* xmlLines(cars: Car[]) {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<cars>\n'
  for (const c of cars) {
    const fields: [string, string | number][] = [
      ['make', c.make],
      ['model', c.model],
      ['year', c.year],
      ['generation', c.generation],
      ['modification', c.modification],
      ['body', c.body],
      ['fuel', c.fuel],
      ['transmission', c.transmission],
      ['drive', c.drive],
      ['steering', 'left'],
      ['color', c.color],
      ['mileage', c.mileage],
      ['price', c.price],
      ['vin', c.vin],
      ['city', c.city],
      ['description', 'Автомобиль в наличии в салоне, один владелец; "торг уместен".'],
    ]
    yield `  <car id="${c.id}">${fields.map(([k, v]) => `<${k}>${xmlText(v)}</${k}>`).join('')}<options>${c.options.map((o) => `<option>${o}</option>`).join('')}</options><photos>${c.photos.map((p) => `<photo>${xmlText(p)}</photo>`).join('')}</photos></car>\n`
  }
  yield '</cars>\n'
}

async function measure(path: string, reference: ReturnType<typeof createReferenceService>): Promise<FeedRun> {
  const bytes = (await stat(path)).size
  globalThis.gc?.()
  const rssBefore = process.memoryUsage.rss()
  let peak = rssBefore
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss())
  }, 20)
  const t0 = performance.now()
  try {
    const report = await dryRunFeed({ reference }, createReadStream(path, { highWaterMark: 64 * 1024 }))
    const seconds = (performance.now() - t0) / 1000
    peak = Math.max(peak, process.memoryUsage.rss())
    if (report.refused) throw new Error(`the bench feed was refused: ${report.refused.message}`)
    return {
      bytes,
      seconds: round1(seconds),
      valid: report.counts.valid,
      refused: report.counts.refused,
      rssBeforeMb: mb(rssBefore),
      peakRssMb: mb(peak),
    }
  } finally {
    clearInterval(sampler)
  }
}

export async function benchFeeds({ cars = 10_000, log = (_: string) => {} } = {}): Promise<FeedsResult> {
  const { admin, url, name } = feedsDatabaseUrls()
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  try {
    await client.query(`drop database if exists ${name} with (force)`)
    await client.query(`create database ${name}`)
  } finally {
    await client.end()
  }
  const database = await openDatabase({ url, poolSize: 2 })
  const dir = await mkdtemp(join(tmpdir(), 'tulpar-bench-feeds-'))
  try {
    await database.migrate(MIGRATIONS)
    await seedReference(database.db)
    const reference = createReferenceService({ db: database.db })
    const t0 = performance.now()
    const list = await generateCars(reference, cars)
    const csvPath = join(dir, 'feed.csv')
    const xmlPath = join(dir, 'feed.xml')
    await writeLines(csvPath, csvLines(list))
    await writeLines(xmlPath, xmlLines(list))
    const generateSeconds = round1((performance.now() - t0) / 1000)
    log(`feeds: ${cars.toLocaleString('en-US')} cars written as CSV and XML in ${generateSeconds} s`)
    // Each run gets a reference service of its own: nothing read for one feed is reused by the next.
    const csv = await measure(csvPath, createReferenceService({ db: database.db }))
    log(`feeds: CSV dry run ${csv.seconds} s, ${csv.valid} valid, ${csv.refused} refused, peak RSS ${csv.peakRssMb} MB`)
    const xml = await measure(xmlPath, createReferenceService({ db: database.db }))
    log(`feeds: XML dry run ${xml.seconds} s, ${xml.valid} valid, ${xml.refused} refused, peak RSS ${xml.peakRssMb} MB`)
    const importer = await createImporter(database.db)
    const firstImport = await importOnce(importer, csvPath)
    log(
      `feeds: first import: upload ${firstImport.uploadSeconds} s, apply ${firstImport.applySeconds} s, ${firstImport.created} created, peak RSS ${firstImport.peakRssMb} MB`,
    )
    const reimport = await importOnce(importer, csvPath)
    log(
      `feeds: re-import: upload ${reimport.uploadSeconds} s, apply ${reimport.applySeconds} s, ${reimport.unchanged} unchanged, ${reimport.created + reimport.updated} written`,
    )
    return { cars, generateSeconds, csv, xml, firstImport, reimport }
  } finally {
    await rm(dir, { recursive: true, force: true })
    await database.close()
    const drop = new pg.Client({ connectionString: admin })
    await drop.connect()
    await drop.query(`drop database if exists ${name} with (force)`)
    await drop.end()
  }
}

/** A verified dealer with an owner, and the feeds service the API wires (its people check stood in for). */
async function createImporter(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const owner = { id: 'bench-feed-owner', email: 'feeds@bench.tulpar.kz', name: 'Bench Dealer', emailVerified: true }
  await db.insert(user).values(owner)
  const [city] = await db.select({ id: cities.id }).from(cities).orderBy(cities.id).limit(1)
  if (!city) throw new Error('no city in the reference data')
  const [dealer] = await db
    .insert(dealers)
    .values({
      legalName: 'ТОО «Бенч Моторс»',
      kind: 'legal_entity',
      bin: '070401400009',
      status: 'verified',
      cityId: city.id,
      phones: ['+77273550011'],
      workingHours: '9-19',
    })
    .returning({ id: dealers.id })
  if (!dealer) throw new Error('no dealer')
  await db.insert(dealerMembers).values({ dealerId: dealer.id, userId: owner.id, role: 'owner' })
  const feeds = createFeedsService({
    db,
    reference: createReferenceService({ db }),
    limiter: createMemoryRateLimiter(),
    dealers: { getMine: async () => ({ myRole: 'owner' }) },
  })
  return { feeds, owner, dealerId: dealer.id }
}

async function importOnce(
  { feeds, owner, dealerId }: Awaited<ReturnType<typeof createImporter>>,
  path: string,
): Promise<ImportRun> {
  globalThis.gc?.()
  let peak = process.memoryUsage.rss()
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss())
  }, 20)
  try {
    const t0 = performance.now()
    const dry = await feeds.upload(owner, dealerId, createReadStream(path, { highWaterMark: 64 * 1024 }), {
      missingCars: 'removed',
      locale: 'ru',
    })
    const t1 = performance.now()
    if (dry.status !== 'dry_run') throw new Error(`the bench feed was not read: ${dry.refused?.message}`)
    const done = await feeds.apply(owner, dealerId, dry.id, 'ru')
    const t2 = performance.now()
    return {
      uploadSeconds: round1((t1 - t0) / 1000),
      applySeconds: round1((t2 - t1) / 1000),
      created: done.counts.created,
      updated: done.counts.updated,
      unchanged: done.counts.unchanged,
      refused: done.counts.refused,
      peakRssMb: mb(Math.max(peak, process.memoryUsage.rss())),
    }
  } finally {
    clearInterval(sampler)
  }
}
