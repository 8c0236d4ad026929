import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { clusterWith, log, nginx, PRIMARY_URL, ROOT, section, since, sleep, summary } from './cluster-control.ts'
import { withClient } from './database.ts'
import { type LoadResult, load } from './http.ts'

/*
 * `node bench/cluster.ts --deploy` (issue 37: deploys without a dropped request): the search load through nginx
 * while `scripts/cluster.sh deploy` builds, applies a throwaway expand migration (a nullable column on listings,
 * from a copy of the migrations in a temporary folder; removed again afterwards, never committed) and drains and
 * restarts each app in turn. The load runs in 10 s slices until the deploy is done and one slice after it.
 * bench/cluster.ts starts and stops the cluster around it.
 */

/** The throwaway migration: the committed ones copied to a temporary folder, and one expand step after them. */
function throwawayMigrations(): { dir: string; when: number; column: string } {
  const dir = mkdtempSync(join(tmpdir(), 'tulpar-deploy-migrations-'))
  cpSync(`${ROOT}apps/api/drizzle`, dir, { recursive: true })
  const journalFile = join(dir, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[]
  }
  const when = Date.now()
  const tag = '9999_bench_deploy_throwaway'
  const column = 'bench_deploy_note'
  // Expand only (decision 031): a nullable column without a default changes no row; the lock it needs is waited
  // for at most 5 s, so it never queues the app's queries behind it for long.
  writeFileSync(
    join(dir, `${tag}.sql`),
    `SET LOCAL lock_timeout = '5s';\n--> statement-breakpoint\nALTER TABLE "listings" ADD COLUMN IF NOT EXISTS "${column}" text;\n`,
  )
  journal.entries.push({ idx: journal.entries.length, version: '7', when, tag, breakpoints: true })
  writeFileSync(journalFile, JSON.stringify(journal, null, 2))
  return { dir, when, column }
}

/** Removes the throwaway migration again: its column and its row in drizzle's ledger (so later ones still apply). */
async function removeThrowaway(when: number, column: string) {
  await withClient(PRIMARY_URL, async (client) => {
    await client.query(`alter table listings drop column if exists "${column}"`)
    await client.query('delete from drizzle.__drizzle_migrations where created_at = $1', [when])
  })
}

/** The deploy under load on the running cluster; prints the slices and the results table. */
export async function deployUnderLoad(options: {
  searchPaths: string[]
  connections: number
  warmSeconds: number
  /** The deploy skips the build (CLUSTER_DEPLOY_BUILD=0). */
  skipBuild: boolean
}) {
  const { searchPaths, connections, warmSeconds } = options
  section(`warm-up: ${warmSeconds} s of the search load through nginx`)
  log(summary(await load(nginx, searchPaths, { connections, seconds: warmSeconds })))
  const migration = throwawayMigrations()
  section(`deploy under load: search at ${connections} connections through nginx; deploy starts 5 s in`)
  const t0 = performance.now()
  let deployed = false
  let deployError: unknown = null
  const deploying = (async () => {
    await sleep(5000)
    log(`  ${since(t0)}: npm run cluster -- deploy`)
    try {
      await clusterWith(
        { MIGRATIONS_DIR: migration.dir, ...(options.skipBuild ? { CLUSTER_DEPLOY_BUILD: '0' } : {}) },
        'deploy',
      )
      log(`  ${since(t0)}: deploy done`)
    } catch (error) {
      deployError = error
    } finally {
      deployed = true
    }
  })()
  const slices: LoadResult[] = []
  let after = 0
  while (after < 1) {
    if (deployed) after++
    const slice = await load(nginx, searchPaths, { connections, seconds: 10 })
    slices.push(slice)
    log(`  ${since(t0)}: ${summary(slice)}`)
  }
  await deploying
  const applied = await withClient(PRIMARY_URL, async (client) => {
    const found = await client.query(
      "select 1 from information_schema.columns where table_name = 'listings' and column_name = $1",
      [migration.column],
    )
    return found.rowCount === 1
  })
  await removeThrowaway(migration.when, migration.column)
  rmSync(migration.dir, { recursive: true, force: true })
  if (deployError) throw deployError
  const total = slices.reduce(
    (a, r) => ({
      requests: a.requests + r.requests,
      non2xx: a.non2xx + r.non2xx,
      errors: a.errors + r.errors,
      seconds: a.seconds + r.seconds,
    }),
    { requests: 0, non2xx: 0, errors: 0, seconds: 0 },
  )
  section('results')
  log('| Run | seconds | requests | req/s | worst slice p99 ms | non-2xx | errors |')
  log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
  log(
    `| deploy under load (build, migration, ${process.env.CLUSTER_APPS ?? 2} apps restarted) | ${total.seconds} | ${total.requests} | ` +
      `${Math.round(total.requests / Math.max(1, total.seconds))} | ${Math.max(...slices.map((r) => r.p99))} | ${total.non2xx} | ${total.errors} |`,
  )
  log(`- The throwaway migration's column was ${applied ? 'there' : 'NOT there'} after the deploy; removed again.`)
  log(
    `- Load average (1, 5, 15 min) at the end ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (2 cores).`,
  )
}
