import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { openDatabase } from '../apps/api/src/db/client.ts'
import { seedDemo } from '../apps/api/src/db/seed/demo/index.ts'
import { seedReference } from '../apps/api/src/db/seed/seed-reference.ts'

/*
 * `npm run bench [-- --listings 1000000] [--only seed|startup]`: benchmarks that are not part of the test run.
 * - seed: loads N demo listings into a fresh PostgreSQL database (BENCH_DATABASE_URL, default the local
 *   server) and reports the time and rows per second.
 * - startup: cold start of the production server on a fresh embedded database that already holds demo data
 *   (second start, so seeding is not counted), time to /api/readyz, and its resident memory after a few pages.
 */
const { values } = parseArgs({
  options: { listings: { type: 'string', default: '1000000' }, only: { type: 'string' } },
})
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version }

async function benchSeed(listings: number) {
  const name = `tulpar_bench_${Date.now()}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString(), poolSize: 4 })
  try {
    await database.migrate(new URL('../apps/api/drizzle', import.meta.url).pathname)
    await seedReference(database.db)
    const started = performance.now()
    const result = await seedDemo(database, {
      listings,
      media: null,
      onProgress: (m) => console.log(`  ${m}`),
    })
    const seconds = (performance.now() - started) / 1000
    results.seed = {
      listings,
      seconds: Math.round(seconds),
      listingsPerSecond: Math.round(listings / seconds),
      ...result,
    }
    console.log(`seed: ${listings} listings in ${seconds.toFixed(1)} s`)
  } finally {
    await database.close()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}

function startServer(dataDir: string, port: number) {
  const started = performance.now()
  const child = spawn(process.execPath, ['apps/web/server.ts'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'inherit',
  })
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/readyz`)).ok) return performance.now() - started
      } catch {}
      await new Promise((r) => setTimeout(r, 50))
    }
  })()
  return { child, ready }
}

async function rssMb(pid: number): Promise<number> {
  const { readFileSync } = await import('node:fs')
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
}

async function benchStartup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tulpar-bench-'))
  const port = 3200
  const first = startServer(dataDir, port)
  const firstMs = await first.ready
  first.child.kill('SIGTERM')
  await new Promise((r) => first.child.once('exit', r))
  const second = startServer(dataDir, port)
  const coldMs = await second.ready
  const list = await (await fetch(`http://127.0.0.1:${port}/api/cars/`)).json()
  for (const path of ['/', '/cars', `/cars/${list.results[0].id}`, '/cars?brand=toyota']) {
    for (let i = 0; i < 10; i++) await (await fetch(`http://127.0.0.1:${port}${path}`)).text()
  }
  const rss = await rssMb(second.child.pid ?? 0)
  second.child.kill('SIGTERM')
  await new Promise((r) => second.child.once('exit', r))
  rmSync(dataDir, { recursive: true, force: true })
  results.startup = {
    firstStartWithSeedMs: Math.round(firstMs),
    coldStartMs: Math.round(coldMs),
    rssAfter40PagesMb: rss,
  }
  console.log(
    `startup: first start (with seeding) ${Math.round(firstMs)} ms, cold start ${Math.round(coldMs)} ms, RSS ${rss} MB`,
  )
}

if (!values.only || values.only === 'startup') await benchStartup()
if (!values.only || values.only === 'seed') await benchSeed(Number(values.listings))
console.log(JSON.stringify(results, null, 2))
