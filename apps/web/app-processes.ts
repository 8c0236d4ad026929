import cluster, { type Worker } from 'node:cluster'

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
  /** How long the processes get to finish their requests on SIGTERM or SIGINT before they are killed. */
  shutdownGraceMs?: number
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
 */
export function superviseAppProcesses({ count, log, onReady, shutdownGraceMs = 30_000 }: SupervisorOptions): void {
  const listening = new Set<number>()
  /** Each process's index (APP_PROCESS_INDEX: its metrics port is METRICS_PORT + it); a replacement takes the same. */
  const indexOf = new Map<number, number>()
  const deaths: number[] = []
  let ready = false
  let stopping = false

  const fork = (index: number) => {
    const worker = cluster.fork({ APP_PROCESS_INDEX: String(index) })
    indexOf.set(worker.id, index)
    worker.once('listening', () => {
      listening.add(worker.id)
      if (!ready && listening.size === count) {
        ready = true
        onReady()
      }
    })
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

  process.once('SIGTERM', () => stop('SIGTERM', 0))
  process.once('SIGINT', () => stop('SIGTERM', 0))
  log.info({ count }, 'starting app processes')
  for (let i = 0; i < count; i++) fork(i)
}
