import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const ROOT = new URL('..', import.meta.url).pathname
/** As `npm start` runs the server: with the module resolve hook preloaded (apps/api/src/resolve-hooks.ts). */
const RESOLVE_HOOKS = ['--import', './apps/api/src/resolve-hooks.ts']

export interface RunningServer {
  url: string
  child: ChildProcess
  /** Milliseconds from spawn to the first good answer of `readyPath`. */
  readyMs: number
  stop(): Promise<void>
  /** Where its app processes answer /metrics (process N on `port + N`), with the token (production servers). */
  metrics?: { port: number; processes: number; token: string }
}

/** The bench servers' metrics token, and how far above its port a server's metrics listen (plugins/metrics.ts). */
const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789'
const METRICS_PORT_OFFSET = 2_000

async function waitReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  let exited: number | null = null
  child.once('exit', (code) => {
    exited = code ?? -1
  })
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (exited !== null) throw new Error(`${url}: the server exited with ${exited} before it was ready`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

function stopper(child: ChildProcess) {
  return async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
}

/**
 * The production server (`apps/web/server.ts`, built web app + API) on the bench PostgreSQL database. With
 * `processes` > 1 it runs as that many app processes (APP_PROCESSES, decision 023; they need Redis) and is ready
 * when its primary says every one of them listens.
 */
export async function startProductionServer(
  databaseUrl: string,
  port: number,
  { processes = 1, redisUrl }: { processes?: number; redisUrl?: string } = {},
): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`
  const started = performance.now()
  const child = spawn(process.execPath, [...RESOLVE_HOOKS, 'apps/web/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
      SEED_ON_EMPTY: 'false',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'tulpar-bench-data-')),
      LOG_LEVEL: 'warn',
      APP_PROCESSES: String(processes),
      // No market estimate refresh while measuring: at a million listings the hourly one takes 10-20 minutes of a
      // core (and a server started more than 54 minutes after the last one runs it 15 s after start), which made runs
      // of the same code differ by a third. Its own cost is the seed's figure.
      VALUATION_REFRESH_MINUTES: '0',
      // The page cache's counters, read by the traffic part at its window's start and end (bench/server-metrics.ts).
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      METRICS_PORT: String(port + METRICS_PORT_OFFSET),
      ...(redisUrl && { REDIS_URL: redisUrl }),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const allListening = new Promise<void>((resolve) => child.on('message', (m) => m === 'ready' && resolve()))
  await waitReady(`${url}/api/readyz`, child, 60_000)
  if (processes > 1) await allListening
  return {
    url,
    child,
    readyMs: Math.round(performance.now() - started),
    stop: stopper(child),
    metrics: { port: port + METRICS_PORT_OFFSET, processes, token: BENCH_METRICS_TOKEN },
  }
}

export async function startHelloServer(port: number): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`
  const started = performance.now()
  const child = spawn(process.execPath, [join(ROOT, 'bench/hello-server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  await waitReady(`${url}/hello`, child, 30_000)
  return { url, child, readyMs: Math.round(performance.now() - started), stop: stopper(child) }
}

/** Resident memory of a process, MB (Linux). */
export async function rssMb(pid: number | undefined): Promise<number> {
  if (!pid) return 0
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
}

/**
 * Waits until the server has worked off what an earlier load left queued (requests autocannon gave up on
 * still hold database connections): readiness must answer within 200 ms. Returns the milliseconds waited.
 */
export async function settle(url: string, timeoutMs = 120_000): Promise<number> {
  const started = performance.now()
  for (;;) {
    const t0 = performance.now()
    try {
      const res = await fetch(`${url}/api/readyz`, { signal: AbortSignal.timeout(timeoutMs) })
      await res.text()
      if (res.ok && performance.now() - t0 < 200) return Math.round(performance.now() - started)
    } catch {
      // still busy
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} still busy after ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** Linux USER_HZ is 100: /proc times are in hundredths of a second. */
export const CPU_TICK_MS = 10

/** User + system CPU time a process (or one of its threads) has used, in ticks (0 once it has ended). */
export function cpuTicks(pid: number, thread?: string): number {
  try {
    const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // Fields 14 and 15 of proc(5): utime and stime; fields here start at field 3.
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return 0
  }
}

/** The process and its children (the app processes of APP_PROCESSES): for CPU time and pinning. */
export function processTree(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)
    return [pid, ...children.map(Number)]
  } catch {
    return [pid]
  }
}

/** Runs `work` and answers the CPU milliseconds the process and its children spent per request it reports. */
export async function cpuMsPerRequest<T extends { requests: number }>(
  pid: number | undefined,
  work: () => Promise<T>,
): Promise<T & { cpuMsPerRequest?: number }> {
  if (pid === undefined) return work()
  const pids = processTree(pid)
  const ticks = () => pids.reduce((sum, p) => sum + cpuTicks(p), 0)
  const before = ticks()
  const result = await work()
  const ms = ((ticks() - before) * CPU_TICK_MS) / Math.max(1, result.requests)
  return { ...result, cpuMsPerRequest: Math.round(ms * 100) / 100 }
}
