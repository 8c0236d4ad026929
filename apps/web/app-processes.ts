import cluster, { type Worker } from 'node:cluster'
import { totalmem } from 'node:os'
import { getHeapStatistics } from 'node:v8'

type Log = {
  info: (o: object, m: string) => void
  warn: (o: object, m: string) => void
  error: (o: object, m: string) => void
}

export interface SupervisorOptions {
  /** App processes to keep running (APP_PROCESSES). */
  count: number
  log: Log
  /** Called once, when every process listens. */
  onReady: () => void
  /**
   * How long a process gets to drain on SIGTERM (its requests, then its jobs: SHUTDOWN_GRACE_SECONDS + 10 s) before
   * it is killed.
   */
  shutdownGraceMs?: number
  /** Each app process's heap limit in MB (`--max-old-space-size`); null: V8's default (heapLimitMb). */
  heapMb?: number | null
  /**
   * The port the processes serve (PORT): a process is ready when it listens there. The metrics listener (METRICS_PORT
   * + the index) opens earlier, when the app is ready but not yet listening. Unset: its first listener.
   */
  port?: number
}

const MB = 1024 * 1024
/** The share of the machine's memory the app processes' heaps may take together, when APP_HEAP_MB is not set. */
const HEAP_SHARE = 0.5
/** No process is given less, whatever the machine: the server alone needs about 150 MB of heap. */
const MIN_HEAP_MB = 256
const HEAP_FLAG = '--max-old-space-size'

/**
 * Each app process's heap limit in MB, or null to leave V8's default. V8 sizes a process's heap from the machine's
 * memory as if it were alone (on these 24 GB machines 4,144 MB), so N processes could together grow to N times that:
 * the primary gives each an equal part of half the memory (`memoryBytes`: the cgroup's limit in a container, else the
 * machine's), at least 256 MB, and never more than V8's default (null: that default is already smaller). APP_HEAP_MB
 * (`setting`) wins; a `--max-old-space-size` the operator gave in NODE_OPTIONS or on the command line is theirs
 * (null: the processes inherit it).
 */
export function heapLimitMb(o: {
  setting: number | null
  processes: number
  memoryBytes: number
  v8DefaultBytes: number
  flags: string
}): number | null {
  if (o.setting !== null) return o.setting
  if (o.flags.includes(HEAP_FLAG)) return null
  const share = Math.max(MIN_HEAP_MB, Math.floor((o.memoryBytes * HEAP_SHARE) / MB / Math.max(1, o.processes)))
  return share < Math.floor(o.v8DefaultBytes / MB) ? share : null
}

/** heapLimitMb for this machine and process. */
export function machineHeapLimitMb(setting: number | null, processes: number): number | null {
  const constrained = process.constrainedMemory()
  return heapLimitMb({
    setting,
    processes,
    // 0 or more than the machine: no cgroup limit.
    memoryBytes: constrained > 0 && constrained < totalmem() ? constrained : totalmem(),
    v8DefaultBytes: getHeapStatistics().heap_size_limit,
    flags: `${process.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`,
  })
}

/** Unplanned exits in a minute, per process, after which the supervisor gives up (a crash loop, not bad luck). */
const MAX_RESTARTS_PER_MINUTE = 5

/**
 * The primary of APP_PROCESSES > 1 (decision 023): it serves nothing itself. It starts `count` app processes, each
 * the whole server (server.ts), sharing the one port: node:cluster's primary hands each new connection to the next
 * process, so a kept-alive connection costs no hop per request. A process that dies after the start is replaced (a
 * second later; more than five deaths per process in a minute stop the server). One that dies during the start
 * stops the server with its exit code, as a single process would (a bad setting, an unreachable database).
 * SIGTERM or SIGINT are passed on; the primary exits once every process has closed.
 *
 * SIGHUP restarts the processes one at a time (a deploy: docs/operations.md, "Deploys"): for each, a new process
 * with its index starts, and only once it listens is the old one sent SIGTERM, which drains it (its port stays open
 * in the primary, so new connections go to the others); the next waits for that one to exit. A new process that
 * fails to start stops the restart, and the old ones keep serving. A SIGHUP during a restart restarts once more
 * after it.
 */
export function superviseAppProcesses({
  count,
  log,
  onReady,
  shutdownGraceMs = 45_000,
  port,
  heapMb = null,
}: SupervisorOptions): void {
  // Every process forked from here on, replacements and restarts too.
  if (heapMb !== null)
    cluster.setupPrimary({
      execArgv: [...process.execArgv.filter((flag) => !flag.startsWith(HEAP_FLAG)), `${HEAP_FLAG}=${heapMb}`],
    })
  const listening = new Set<number>()
  /** Each process's index (APP_PROCESS_INDEX: its metrics port is METRICS_PORT + it); a replacement takes the same. */
  const indexOf = new Map<number, number>()
  const deaths: number[] = []
  /** Old processes a restart has sent SIGTERM: their exit is planned, not replaced. */
  const retiring = new Set<number>()
  /** New processes of a restart until they listen: one that exits is not replaced, the restart stops instead. */
  const starting = new Set<number>()
  let ready = false
  let stopping = false

  const fork = (index: number): Worker => {
    const worker = cluster.fork({ APP_PROCESS_INDEX: String(index) })
    indexOf.set(worker.id, index)
    const onListening = (address: { port: number }) => {
      if (port !== undefined && address.port !== port) return
      worker.off('listening', onListening)
      listening.add(worker.id)
      if (!ready && listening.size === count) {
        ready = true
        onReady()
      }
    }
    worker.on('listening', onListening)
    return worker
  }
  const workers = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined)

  const stop = (signal: NodeJS.Signals, exitCode: number) => {
    if (stopping) return
    stopping = true
    process.exitCode = exitCode
    for (const worker of workers()) worker.process.kill(signal)
    setTimeout(() => {
      for (const worker of workers()) worker.process.kill('SIGKILL')
    }, shutdownGraceMs).unref()
    if (workers().length === 0) process.exit()
  }

  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id)
    const index = indexOf.get(worker.id) ?? 0
    indexOf.delete(worker.id)
    if (retiring.delete(worker.id)) {
      log.info({ app: worker.process.pid, code, signal }, 'an old app process drained and exited')
      if (stopping && workers().length === 0) process.exit()
      return
    }
    if (starting.delete(worker.id)) {
      log.error({ app: worker.process.pid, code, signal }, 'a new app process exited while starting')
      if (stopping && workers().length === 0) process.exit()
      return
    }
    if (stopping) {
      if (workers().length === 0) process.exit()
      return
    }
    if (!ready) {
      log.error({ app: worker.process.pid, code, signal }, 'an app process exited while starting: stopping')
      stop('SIGTERM', code || 1)
      return
    }
    const now = Date.now()
    deaths.push(now)
    while ((deaths[0] ?? now) < now - 60_000) deaths.shift()
    if (deaths.length > MAX_RESTARTS_PER_MINUTE * count) {
      log.error({ deaths: deaths.length }, 'app processes keep exiting: stopping')
      stop('SIGTERM', 1)
      return
    }
    log.warn({ app: worker.process.pid, code, signal }, 'an app process exited: starting another')
    setTimeout(() => {
      if (!stopping) fork(index)
    }, 1000)
  })

  /** Resolves true when `worker` listens on the port, false when it exits first. */
  const listensOrExits = (worker: Worker) =>
    new Promise<boolean>((resolve) => {
      const timer = setInterval(() => {
        if (listening.has(worker.id)) done(true)
        else if (worker.isDead()) done(false)
      }, 100)
      const done = (ok: boolean) => {
        clearInterval(timer)
        resolve(ok)
      }
    })
  const exits = (worker: Worker) =>
    new Promise<void>((resolve) => {
      if (worker.isDead()) return resolve()
      const kill = setTimeout(() => worker.process.kill('SIGKILL'), shutdownGraceMs)
      worker.once('exit', () => {
        clearTimeout(kill)
        resolve()
      })
    })

  const restartOneByOne = async () => {
    const started = performance.now()
    const old = workers().filter((w) => !retiring.has(w.id) && !starting.has(w.id))
    log.info({ count: old.length }, 'restarting app processes one at a time')
    for (const previous of old) {
      if (stopping) return
      const index = indexOf.get(previous.id) ?? 0
      const next = fork(index)
      starting.add(next.id)
      if (!(await listensOrExits(next))) {
        log.error({ index }, 'the restart stops: a new app process did not start; the old ones keep serving')
        return
      }
      starting.delete(next.id)
      if (stopping) return
      retiring.add(previous.id)
      previous.process.kill('SIGTERM')
      await exits(previous)
    }
    log.info({ count: old.length, ms: Math.round(performance.now() - started) }, 'app processes restarted')
  }
  let restarting: Promise<void> | null = null
  let restartAgain = false
  const restart = () => {
    if (stopping || !ready) return
    if (restarting) {
      restartAgain = true
      return
    }
    restarting = restartOneByOne()
      .catch((error: unknown) => log.error({ err: error }, 'the restart failed'))
      .finally(() => {
        restarting = null
        if (restartAgain) {
          restartAgain = false
          restart()
        }
      })
  }

  process.on('SIGHUP', restart)
  process.once('SIGTERM', () => stop('SIGTERM', 0))
  process.once('SIGINT', () => stop('SIGTERM', 0))
  log.info(
    { count, heapLimitMb: heapMb ?? Math.round(getHeapStatistics().heap_size_limit / MB) },
    'starting app processes',
  )
  for (let i = 0; i < count; i++) fork(i)
}
