import { spawn } from 'node:child_process'
import type { LoadResult } from './http.ts'

/*
 * The cluster the cluster bench drives (scripts/cluster.sh): where its parts listen, how the bench runs the script,
 * and how it prints what it measured. Shared by bench/cluster.ts and its deploy mode, bench/cluster-deploy.ts.
 */

export const ROOT = new URL('..', import.meta.url).pathname
export const RUN = process.env.CLUSTER_RUN_DIR ?? `${ROOT}.cluster`
export const PORT = Number(process.env.CLUSTER_PORT ?? 3500)
export const DB = process.env.CLUSTER_DB ?? 'tulpar_cluster'
export const PRIMARY_URL = `postgres://postgres@127.0.0.1:5432/${DB}`
/** nginx, in front of the app processes. */
export const nginx = `http://127.0.0.1:${PORT}`

export const log = (m: string) => process.stdout.write(`${m}\n`)
export const section = (m: string) => log(`\n== ${m}`)
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
export const since = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`

export const summary = (r: LoadResult) =>
  `${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.requests} requests, ${r.non2xx} non-2xx, ${r.errors} errors`

/** Runs scripts/cluster.sh without blocking the event loop (autocannon, when it makes the load, runs in this process). */
export function cluster(...args: string[]): Promise<void> {
  return clusterWith({}, ...args)
}

/** The same, with more environment for the script. */
export function clusterWith(env: Record<string, string>, ...args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // The same log level as bench/servers.ts gives the single process: the comparison is of equals.
    const child = spawn('bash', ['scripts/cluster.sh', ...args], {
      cwd: ROOT,
      env: { ...process.env, CLUSTER_LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn', ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cluster.sh ${args.join(' ')}: ${code}`))))
  })
}
