import { execFileSync, spawnSync } from 'node:child_process'
import { cpus } from 'node:os'
import { processTree, type RunningServer } from './servers.ts'

/*
 * Pinning (taskset): the load generator (this process, and wrk which it starts) on the last core; with three cores or
 * more the server's processes on the others, so the generator's work never takes the server's time. On two cores the
 * server is left on both (one core would leave the two app processes nothing to show); PostgreSQL, shared with the
 * rest of the machine, is never pinned.
 */
const CORES = cpus().length
const HAS_TASKSET = !spawnSync('taskset', ['--version']).error && CORES >= 2
const GENERATOR_CORE = CORES - 1
const ALL_CORES = `0-${CORES - 1}`

function setAffinity(pid: number, cores: string): void {
  execFileSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' })
}

export function pin(server: RunningServer, perProcess = false): string {
  if (!HAS_TASKSET) return 'nothing pinned (taskset is missing or the machine has one core)'
  setAffinity(process.pid, String(GENERATOR_CORE))
  const generator = `the load generator (the bench's process and wrk) on core ${GENERATOR_CORE}`
  if (perProcess && server.child.pid) {
    // The primary of a cluster supervises only; each app process (the primary's children, or the one process) gets
    // a core of its own, in order.
    const tree = processTree(server.child.pid)
    const apps = tree.length > 1 ? tree.filter((pid) => pid !== server.child.pid) : tree
    const cores = apps.map((pid, i) => {
      const core = String(i % CORES)
      setAffinity(pid, core)
      return core
    })
    return `${generator}; each app process on a core of its own (cores ${cores.join(', ')}); PostgreSQL unpinned`
  }
  if (CORES < 3 || !server.child.pid) return `${generator}; the server and PostgreSQL unpinned (on all ${CORES} cores)`
  const serverCores = `0-${CORES - 2}`
  for (const pid of processTree(server.child.pid)) setAffinity(pid, serverCores)
  return `${generator}; the server's processes on cores ${serverCores}; PostgreSQL unpinned`
}

export const unpin = () => {
  if (HAS_TASKSET) setAffinity(process.pid, ALL_CORES)
}

/** The load generator alone on its core (the ceilings' runs, with no app server to pin). */
export function pinGenerator(): void {
  if (HAS_TASKSET) setAffinity(process.pid, String(GENERATOR_CORE))
}
