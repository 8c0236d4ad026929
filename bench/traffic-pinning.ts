import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
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

/** A server's app processes: the primary's children (it only supervises them), or the one process. */
function appProcesses(serverPid: number): number[] {
  const tree = processTree(serverPid)
  return tree.length > 1 ? tree.filter((pid) => pid !== serverPid) : tree
}

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
    const apps = appProcesses(server.child.pid)
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

/*
 * CPU quotas (cgroups, `--traffic-cpu-quota`): each app process held to a share of the cores' time, on whichever
 * cores. Two cores cannot give two app processes a core each and the load generator and PostgreSQL one more, so
 * pinning measures the cluster against its own load (decision 048). Held to, say, 0.6 of a core each, one process
 * gets 0.6 and two get 1.2, and PostgreSQL, Redis and the generator keep the other 0.8 to themselves in both runs:
 * what two processes do against one is then what a second core gives the app, as on a machine with the generator on
 * a core of its own. The quota is the kernel's CFS bandwidth (cpu.max in cgroup v2, cpu.cfs_quota_us in v1), per
 * 100 ms period; the process's threads (libuv's compression among them) share it.
 */
const CGROUP_PERIOD_US = 100_000

interface CpuController {
  root: string
  v2: boolean
}

function cpuController(): CpuController | undefined {
  try {
    if (readFileSync('/sys/fs/cgroup/cgroup.controllers', 'utf8').split(/\s+/).includes('cpu')) {
      const control = '/sys/fs/cgroup/cgroup.subtree_control'
      if (!readFileSync(control, 'utf8').split(/\s+/).includes('cpu')) writeFileSync(control, '+cpu')
      return { root: '/sys/fs/cgroup', v2: true }
    }
  } catch {
    // not cgroup v2 with the cpu controller, or not ours to change: try v1's below
  }
  return existsSync('/sys/fs/cgroup/cpu/cpu.cfs_quota_us') ? { root: '/sys/fs/cgroup/cpu', v2: false } : undefined
}

/** The app processes of a running server, each held to `cores` of CPU time a second; release() after it stopped. */
export class CpuQuotas {
  private readonly groups: string[]
  readonly description: string

  private constructor(groups: string[], description: string) {
    this.groups = groups
    this.description = description
  }

  /** Throws when the machine has no cgroup CPU controller this process may use (the run would measure nothing). */
  static apply(server: RunningServer, cores: number): CpuQuotas {
    const controller = cpuController()
    if (!controller) throw new Error('--traffic-cpu-quota needs a writable cgroup cpu controller (run as root)')
    if (!server.child.pid) throw new Error('the server has no process to hold to a quota')
    const apps = appProcesses(server.child.pid)
    const quota = Math.round(cores * CGROUP_PERIOD_US)
    const groups = apps.map((pid, i) => {
      const group = join(controller.root, `tulpar-bench-${process.pid}-${i}`)
      mkdirSync(group, { recursive: true })
      if (controller.v2) writeFileSync(join(group, 'cpu.max'), `${quota} ${CGROUP_PERIOD_US}`)
      else {
        writeFileSync(join(group, 'cpu.cfs_period_us'), String(CGROUP_PERIOD_US))
        writeFileSync(join(group, 'cpu.cfs_quota_us'), String(quota))
      }
      // The whole process, every thread of it (cgroup.procs moves a thread group).
      writeFileSync(join(group, 'cgroup.procs'), String(pid))
      return group
    })
    const who = apps.length > 1 ? `each of the ${apps.length} app processes` : 'the app process'
    return new CpuQuotas(
      groups,
      `${who} held to ${cores} of a core's time (cgroup ${controller.v2 ? 'v2 cpu.max' : 'v1 cpu.cfs_quota_us'}, ` +
        `${quota} µs every ${CGROUP_PERIOD_US} µs), ${Math.round(apps.length * cores * 100) / 100} cores in all`,
    )
  }

  /** The groups removed, once their processes have exited (a group with a process in it cannot be). */
  release(): void {
    for (const group of this.groups) {
      try {
        rmdirSync(group)
      } catch {
        // a process still exiting: the group is left, empty soon, named after this run's pid
      }
    }
  }
}
