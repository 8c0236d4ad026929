import { readdirSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { parseCommandLine, wholeNumber } from './cli.ts'
import { cluster, DB, log, nginx, PORT, PRIMARY_URL, RUN, section, since, sleep, summary } from './cluster-control.ts'
import { deployUnderLoad } from './cluster-deploy.ts'
import { ensureAutovacuum, withClient } from './database.ts'
import { type LoadResult, load } from './http.ts'
import { buildMix, drawSequence } from './mix.ts'
import { cpuTicks, startProductionServer, CPU_TICK_MS as TICK_MS } from './servers.ts'

const USAGE = `node bench/cluster.ts [options]   (npm run bench:cluster)

Starts the cluster (scripts/cluster.sh: nginx, two app processes, the PostgreSQL primary and its streaming
replica, Redis, s3rver) on its own small database (tulpar_cluster, CLUSTER_LISTINGS listings, default 20,000),
and measures the search API under load (wrk, else autocannon: bench/http.ts) at --connections:
  1. one process alone on the primary (today's single-process deployment, no nginx, no replica)
  3. the cluster through nginx (1 and 3 alternate, --rounds times)
  4. the cluster through nginx while one app process is killed with SIGKILL and started again
  5. the cluster through nginx while the replica is restarted (pg_ctlcluster restart)
Failed requests (non-2xx answers and socket errors) are counted in every run. Stops the cluster at the end
unless --keep.

With --deploy, only this (bench/cluster-deploy.ts; issue 37: deploys without a dropped request): the search
load through nginx while \`scripts/cluster.sh deploy\` builds, applies a throwaway expand migration (a nullable
column on listings, from a copy of the migrations in a temporary folder; removed again afterwards, never
committed) and drains and restarts each app in turn; the load runs in 10 s slices until the deploy is done and
one slice after it.

  --seconds S       length of each run of 1 and 3 (default 15)
  --rounds N        rounds of 1 and 3, alternating which goes first (default 3); medians are reported
  --fault-seconds S length of runs 4 and 5 (default 40; the fault comes 8 s in)
  --connections N   concurrent connections (default 32)
  --warm-seconds S  load before measuring, on the cluster and on the single process each (default 15)
  --keep            leave the cluster running
  --deploy          the deploy under load only (see above)
  --no-build        with --deploy: the deploy skips the build (CLUSTER_DEPLOY_BUILD=0)
`

const values = parseCommandLine(USAGE, {
  options: {
    seconds: { type: 'string', default: '15' },
    'fault-seconds': { type: 'string', default: '40' },
    connections: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '3' },
    'warm-seconds': { type: 'string', default: '15' },
    keep: { type: 'boolean', default: false },
    deploy: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})

const REPLICA_URL = `postgres://postgres@127.0.0.1:${process.env.CLUSTER_REPLICA_PORT ?? 5433}/${DB}`
const SINGLE_PORT = PORT + 9
const seconds = wholeNumber(USAGE, 'seconds', values.seconds)
const faultSeconds = wholeNumber(USAGE, 'fault-seconds', values['fault-seconds'])
const connections = wholeNumber(USAGE, 'connections', values.connections)
const roundCount = wholeNumber(USAGE, 'rounds', values.rounds)
const warmSeconds = wholeNumber(USAGE, 'warm-seconds', values['warm-seconds'], 0)
const appUrl = (i: number) => `http://127.0.0.1:${PORT + i}`

async function replicaTransactions(): Promise<number> {
  return withClient(REPLICA_URL, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      'select xact_commit as n from pg_stat_database where datname = current_database()',
    )
    return Number(rows[0]?.n ?? 0)
  })
}

/*
 * CPU per request, from /proc: what each part of a set-up spent (user + system time) during a run, divided by
 * the requests answered. Unlike requests per second it hardly depends on what else the shared machine runs.
 * PostgreSQL backends are found by the application_name the processes give their connections.
 */
type Parts = Record<string, number[]>

function childrenOf(ppid: number): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === ppid) pids.push(Number(entry))
    } catch {
      // gone meanwhile
    }
  }
  return pids
}

/** The primary's backends of connections named like `applicationName`, and with `walSenders` the replica's sender. */
async function backends(applicationName: string, walSenders = false): Promise<number[]> {
  return withClient('postgres://postgres@127.0.0.1:5432/postgres', async (client) => {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity where application_name like $1
       union select pid from pg_stat_replication where $2`,
      [applicationName, walSenders],
    )
    return rows.map((r) => r.pid)
  })
}

const readPid = (file: string) => Number(readFileSync(file, 'utf8').split('\n')[0])

async function clusterParts(): Promise<Parts> {
  const nginxPid = readPid(`${RUN}/pids/nginx.pid`)
  const replicaPid = readPid('/var/lib/postgresql/15/replica/postmaster.pid')
  const replica = childrenOf(replicaPid)
  // The replica's sessions of our database answer the reads; the rest (startup process, WAL receiver, ...)
  // replay the primary's WAL, all of it: here that includes every other database on the shared primary.
  const answersReads = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${DB} `)
    } catch {
      return false
    }
  }
  return {
    'app processes': [1, 2].map((i) => readPid(`${RUN}/pids/app${i}.pid`)),
    nginx: [nginxPid, ...childrenOf(nginxPid)],
    'primary backends': await backends('tulpar-app%', true),
    'replica sessions': replica.filter(answersReads),
    'replica replay': [replicaPid, ...replica.filter((pid) => !answersReads(pid))],
  }
}

/** CPU milliseconds per request of each part while `run` goes on. */
async function cpuPerRequest(parts: () => Promise<Parts>, run: () => Promise<LoadResult>) {
  const before = new Map<number, number>()
  for (const pids of Object.values(await parts())) for (const pid of pids) before.set(pid, cpuTicks(pid))
  const result = await run()
  const perRequest: Record<string, number> = {}
  for (const [name, pids] of Object.entries(await parts())) {
    const ticks = pids.reduce((sum, pid) => sum + cpuTicks(pid) - (before.get(pid) ?? 0), 0)
    perRequest[name] = Math.round(((ticks * TICK_MS) / Math.max(1, result.requests)) * 100) / 100
  }
  return { result, perRequest }
}

const cpuSummary = (c: Record<string, number>) =>
  `${Object.entries(c)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}; total ${Math.round(Object.values(c).reduce((a, b) => a + b, 0) * 100) / 100} ms CPU per request`

/** Polls every app's /api/readyz while `during` runs; answers the replica states seen, in order. */
async function watchReplica<T>(during: Promise<T>): Promise<{ result: T; states: string[] }> {
  const states: string[] = []
  let done = false
  const watcher = (async () => {
    while (!done) {
      for (const i of [1, 2]) {
        try {
          const body = (await (await fetch(`${appUrl(i)}/api/readyz`)).json()) as { replica?: string }
          const state = `app ${i}: ${body.replica ?? 'none'}`
          if (states.filter((s) => s.startsWith(`app ${i}:`)).at(-1) !== state) states.push(state)
        } catch {
          // an app that is not up is the kill run's business
        }
      }
      await sleep(250)
    }
  })()
  const result = await during
  done = true
  await watcher
  return { result, states }
}

/** The run with the median throughput. */
function median(runs: LoadResult[]): LoadResult | undefined {
  return [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]
}

const started = performance.now()
const loadAtStart = loadavg()
// On as in production for the run, as `npm run bench` does (bench/database.ts); put back when the run ends.
const restoreAutovacuum = await ensureAutovacuum(log)
section('cluster start')
await cluster('start')

const mix = buildMix()
const searchPaths = drawSequence(mix, 50_000, 7).map((q) => `/api/cars/${q.search}`)

if (values.deploy) {
  try {
    await deployUnderLoad({ searchPaths, connections, warmSeconds, skipBuild: values['no-build'] })
  } finally {
    if (!values.keep) {
      section('cluster stop')
      await cluster('stop')
    }
    await restoreAutovacuum?.()
  }
  log(`\ntotal ${since(started)}`)
  process.exit(0)
}

const results: Partial<Record<'single' | 'cluster' | 'kill' | 'replicaRestart', LoadResult>> = {}
const notes: string[] = []
try {
  // Warm-up under load, as the runs will be: fresh processes spend their first thousands of requests compiling
  // (JIT) and filling caches, and a cold set-up measured against a warm one says nothing about the set-ups.
  section(`warm-up: ${warmSeconds} s of the search load through nginx`)
  log(summary(await load(nginx, searchPaths, { connections, seconds: warmSeconds })))

  // The machine is shared: other work comes and goes. Rounds alternate the two set-ups, so each pair of runs
  // sees about the same load, and the medians are compared.
  const single = await startProductionServer(`${PRIMARY_URL}?application_name=bench-single`, SINGLE_PORT)
  const singleParts = async (): Promise<Parts> => ({
    'app process': [single.child.pid ?? 0],
    'primary backends': await backends('bench-single'),
  })
  const rounds: {
    single: LoadResult
    cluster: LoadResult
    replica: number
    cpu: { single: Record<string, number>; cluster: Record<string, number> }
  }[] = []
  try {
    section(`warm-up: ${warmSeconds} s of the search load on the single process`)
    log(summary(await load(single.url, searchPaths, { connections, seconds: warmSeconds })))
    for (let round = 1; round <= roundCount; round++) {
      section(`round ${round}/${roundCount}: search at ${connections} connections, ${seconds} s each`)
      const order = round % 2 === 1 ? (['single', 'cluster'] as const) : (['cluster', 'single'] as const)
      const pair: Partial<{ single: LoadResult; cluster: LoadResult }> = {}
      const cpu: { single: Record<string, number>; cluster: Record<string, number> } = { single: {}, cluster: {} }
      let replica = 0
      for (const which of order) {
        if (which === 'single') {
          const measured = await cpuPerRequest(singleParts, () =>
            load(single.url, searchPaths, { connections, seconds }),
          )
          pair.single = measured.result
          cpu.single = measured.perRequest
          log(`  one process alone:   ${summary(pair.single)}`)
          log(`                       ${cpuSummary(cpu.single)}`)
        } else {
          const before = await replicaTransactions()
          const measured = await cpuPerRequest(clusterParts, () => load(nginx, searchPaths, { connections, seconds }))
          pair.cluster = measured.result
          cpu.cluster = measured.perRequest
          replica = (await replicaTransactions()) - before
          log(`  cluster (nginx):     ${summary(pair.cluster)}; ${replica} transactions on the replica`)
          log(`                       ${cpuSummary(cpu.cluster)}`)
        }
      }
      if (pair.single && pair.cluster) rounds.push({ single: pair.single, cluster: pair.cluster, replica, cpu })
    }
  } finally {
    await single.stop()
  }
  results.single = median(rounds.map((r) => r.single))
  results.cluster = median(rounds.map((r) => r.cluster))
  notes.push(
    `Rounds (one process / cluster, req/s): ${rounds.map((r) => `${r.single.rps} / ${r.cluster.rps}`).join(', ')}; ` +
      `the table shows the median round of each.`,
    `The replica answered ${rounds.map((r) => r.replica).join(', ')} read transactions during the cluster runs.`,
    ...rounds.map(
      (r, i) =>
        `CPU per request, round ${i + 1}: one process: ${cpuSummary(r.cpu.single)}. Cluster: ${cpuSummary(r.cpu.cluster)}.`,
    ),
  )

  section(`4. kill app 2 with SIGKILL under load (${faultSeconds} s run; kill at 8 s, start again at 13 s)`)
  const pid = Number(readFileSync(`${RUN}/pids/app2.pid`, 'utf8'))
  const t4 = performance.now()
  const faults4 = (async () => {
    await sleep(8000)
    process.kill(pid, 'SIGKILL')
    log(`  ${since(t4)}: app 2 (pid ${pid}) killed`)
    await sleep(5000)
    log(`  ${since(t4)}: starting app 2 again`)
    await cluster('start-app', '2')
    log(`  ${since(t4)}: app 2 ready again`)
  })()
  results.kill = await load(nginx, searchPaths, { connections, seconds: faultSeconds })
  await faults4
  log(summary(results.kill))

  section(`5. restart the replica under load (${faultSeconds} s run; restart at 8 s)`)
  const t5 = performance.now()
  let replicaBack = 0
  const faults5 = (async () => {
    await sleep(8000)
    log(`  ${since(t5)}: restarting the replica`)
    await cluster('restart-replica')
    log(`  ${since(t5)}: replica restarted`)
    replicaBack = await replicaTransactions()
  })()
  const watched = await watchReplica(load(nginx, searchPaths, { connections, seconds: faultSeconds }))
  await faults5
  results.replicaRestart = watched.result
  log(summary(results.replicaRestart))
  log(`replica states seen by /api/readyz: ${watched.states.join(' -> ')}`)
  // Reads returned to the replica: what it committed between its restart and the end of the run.
  const servedAfter = (await replicaTransactions()) - replicaBack
  log(`replica transactions from its restart to the end of the run: ${servedAfter}`)
  notes.push(
    `Run 5: replica states seen by /api/readyz ${watched.states.join(' -> ')}; the replica committed ` +
      `${servedAfter} read transactions between its restart and the end of the run.`,
  )
} finally {
  if (!values.keep) {
    section('cluster stop')
    await cluster('stop')
  }
  await restoreAutovacuum?.()
}

section('results')
const rows = [
  ['1. one process alone, primary only (median round)', results.single],
  ['3. cluster: nginx + 2 processes + replica (median round)', results.cluster],
  ['4. cluster, app 2 killed and restarted', results.kill],
  ['5. cluster, replica restarted', results.replicaRestart],
] as const
log('| Run | req/s | p50 ms | p99 ms | requests | non-2xx | errors |')
log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
for (const [name, r] of rows) {
  if (r) log(`| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.requests} | ${r.non2xx} | ${r.errors} |`)
}
for (const n of notes) log(`- ${n}`)
if (results.single && results.cluster)
  log(`- Cluster / one process: ${(results.cluster.rps / results.single.rps).toFixed(2)}x search throughput.`)
const fmt = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ')
log(`- Load average (1, 5, 15 min) at the start ${fmt(loadAtStart)}, at the end ${fmt(loadavg())} (2 cores).`)
log(`\ntotal ${since(started)}`)
