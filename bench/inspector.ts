import { readdirSync, readFileSync } from 'node:fs'
import { CPU_TICK_MS, cpuTicks } from './servers.ts'

/*
 * A running server's CPU by thread and a sampling profile of its main thread, through the inspector opened with
 * SIGUSR1 on 127.0.0.1 (bench/profile-server.ts on a server of one's choosing; the traffic part's --traffic-profile
 * on its own). For the bench's servers on this machine, never a production one: anyone on the machine could attach
 * while it is open.
 */

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
export interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** CPU ticks of each thread of the process, by thread id, with its name (`MainThread`, `V8Worker`, `libuv-worker`). */
function threadTicks(pid: number): Map<string, { name: string; ticks: number }> {
  const threads = new Map<string, { name: string; ticks: number }>()
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim()
      threads.set(tid, { name, ticks: cpuTicks(pid, tid) })
    } catch {
      // a thread that ended meanwhile
    }
  }
  return threads
}

interface Session {
  call: (method: string, params?: object) => Promise<unknown>
  close: () => Promise<void>
}

/** The inspector's session of the process, opened with SIGUSR1; `close` closes the inspector again. */
async function inspect(pid: number, port: number, callSeconds: number): Promise<Session> {
  process.kill(pid, 'SIGUSR1')
  // The inspector of a run just before may still be closing (its address listed, its socket refusing): tried again.
  let socket: WebSocket | undefined
  const until = Date.now() + 5_000
  while (!socket) {
    try {
      const [target] = (await (
        await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(1_000) })
      ).json()) as {
        webSocketDebuggerUrl: string
      }[]
      if (!target) throw new Error('no target listed')
      const opening = new WebSocket(target.webSocketDebuggerUrl)
      await new Promise((resolve, reject) => {
        opening.addEventListener('open', resolve, { once: true })
        opening.addEventListener('error', () => reject(new Error('refused')), { once: true })
        setTimeout(() => reject(new Error('not open within 2 s')), 2_000).unref()
      })
      socket = opening
    } catch (error) {
      if (Date.now() > until)
        throw new Error(`no inspector on 127.0.0.1:${port} within 5 s of SIGUSR1 to ${pid}`, { cause: error })
      await new Promise((resolve) => setTimeout(resolve, 200))
      process.kill(pid, 'SIGUSR1')
    }
  }
  let last = 0
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>()
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } }
    const waiting = message.id === undefined ? undefined : pending.get(message.id)
    if (!waiting || message.id === undefined) return
    pending.delete(message.id)
    if (message.error) waiting.reject(new Error(message.error.message))
    else waiting.resolve(message.result)
  })
  const open = socket
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++last
      pending.set(id, { resolve, reject })
      open.send(JSON.stringify({ id, method, params }))
      setTimeout(() => reject(new Error(`${method}: no answer in ${callSeconds} s`)), callSeconds * 1000).unref()
    })
  open.addEventListener('close', () => {
    for (const waiting of pending.values()) waiting.reject(new Error('the inspector closed'))
    pending.clear()
  })
  const close = async () => {
    // Closed from inside after this session has gone (a close while it is attached waits for it); waited for, so
    // that a run right after opens an inspector of its own rather than this one as it closes.
    await call('Runtime.evaluate', {
      expression: "setTimeout(() => process.getBuiltinModule('node:inspector').close(), 200), 1",
    }).catch(() => {})
    open.close()
    const closing = Date.now() + 3_000
    while (Date.now() < closing) {
      const listening = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(1_000) }).then(
        () => true,
        () => false,
      )
      if (!listening) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return { call, close }
}

/** What a profile gives: the main thread's samples, and each kind of thread's CPU meanwhile (ms). */
export interface Profiled {
  profile: Profile
  threads: Map<string, number>
}

/** A profiler attached to a process: `start` and `stop` around the work to profile, then `close`. */
export interface Profiler {
  start: () => Promise<void>
  /** The main thread's profile since `start` and each kind of thread's CPU meanwhile (ms). */
  stop: () => Promise<Profiled>
  close: () => Promise<void>
}

/**
 * The inspector of the process opened (SIGUSR1) for a sampling profile of its main thread every 500 µs. `callSeconds`
 * bounds each call to it (the profile's stop answers once the work is done: set it longer than the work).
 */
export async function openProfiler(
  pid: number,
  { port = 9229, callSeconds = 120 }: { port?: number; callSeconds?: number } = {},
): Promise<Profiler> {
  const { call, close } = await inspect(pid, port, callSeconds)
  try {
    await call('Profiler.enable')
    await call('Profiler.setSamplingInterval', { interval: 500 })
  } catch (error) {
    await close()
    throw error
  }
  let before = new Map<string, { name: string; ticks: number }>()
  return {
    start: async () => {
      before = threadTicks(pid)
      await call('Profiler.start')
    },
    stop: async () => {
      const { profile } = (await call('Profiler.stop')) as { profile: Profile }
      const after = threadTicks(pid)
      const threads = new Map<string, number>()
      for (const [tid, now] of after) {
        const used = (now.ticks - (before.get(tid)?.ticks ?? now.ticks)) * CPU_TICK_MS
        if (used > 0) threads.set(now.name, (threads.get(now.name) ?? 0) + used)
      }
      return { profile, threads }
    },
    close,
  }
}

/** The main thread's profile and each kind of thread's CPU while `work` runs. */
export async function profileWhile<T>(
  pid: number,
  work: () => Promise<T>,
  options: { port?: number; callSeconds?: number } = {},
): Promise<Profiled & { result: T }> {
  const profiler = await openProfiler(pid, options)
  try {
    await profiler.start()
    const result = await work()
    return { result, ...(await profiler.stop()) }
  } finally {
    await profiler.close()
  }
}

/** Each kind of thread's CPU in words: `MainThread 10,330 ms (81%), V8Worker ...`. */
export function describeThreads(threads: ReadonlyMap<string, number>): string {
  const all = [...threads.values()].reduce((a, b) => a + b, 0)
  return [...threads]
    .sort((a, b) => b[1] - a[1])
    .map(([kind, ms]) => `${kind} ${ms.toLocaleString('en')} ms (${Math.round((ms / Math.max(1, all)) * 100)}%)`)
    .join(', ')
}

/** A profile's nodes by id, and each node's parent. */
function treeOf(profile: Profile): { byId: Map<number, ProfileNode>; parent: Map<number, number> } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  return { byId, parent }
}

const nameOf = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').at(-1) ?? ''}:${node.callFrame.lineNumber + 1}`

/** Each function's time with its callees (counted once per sample however deep it recurses) and its own, in ms. */
export function timesOf(profile: Profile): { total: number; inclusive: Map<string, number>; own: Map<string, number> } {
  const { byId, parent } = treeOf(profile)
  const sampled = new Map<number, number>()
  for (const [i, id] of profile.samples.entries())
    sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
  const inclusive = new Map<string, number>()
  const own = new Map<string, number>()
  let total = 0
  for (const [id, ms] of sampled) {
    total += ms
    const leaf = byId.get(id)
    if (leaf) own.set(nameOf(leaf), (own.get(nameOf(leaf)) ?? 0) + ms)
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at)
      if (!node) break
      const name = nameOf(node)
      if (seen.has(name)) continue
      seen.add(name)
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms)
    }
  }
  return { total, inclusive, own }
}

/**
 * Two profiles side by side, each function's time per unit of its own work (a car page view, a render): the rows
 * that differ most first, `kind` inclusive (with what each calls) or own.
 */
export function compareProfiles(
  a: { profile: Profile; units: number },
  b: { profile: Profile; units: number },
  { kind = 'inclusive', top = 40 }: { kind?: 'inclusive' | 'own'; top?: number } = {},
): string[] {
  const ta = timesOf(a.profile)[kind]
  const tb = timesOf(b.profile)[kind]
  const rows = [...new Set([...ta.keys(), ...tb.keys()])]
    .filter((name) => !name.startsWith('(root)') && !name.startsWith('(idle)'))
    .map((name) => {
      const x = (ta.get(name) ?? 0) / Math.max(1, a.units)
      const y = (tb.get(name) ?? 0) / Math.max(1, b.units)
      return { name, x, y, d: y - x }
    })
    .sort((p, q) => Math.abs(q.d) - Math.abs(p.d))
    .slice(0, top)
  const ms = (v: number) => v.toFixed(3).padStart(8)
  return rows.map((r) => `${ms(r.x)} ${ms(r.y)} ${(r.d >= 0 ? '+' : '') + r.d.toFixed(3).padStart(7)}  ${r.name}`)
}

/** A part of the server's work, told by the functions on a sample's stack. */
export interface ProfilePart {
  name: string
  has: (frame: ProfileNode['callFrame']) => boolean
}

/**
 * The main thread's sampled time (idle left out) by part: each sample goes to the first of `parts` with a function on
 * its stack (so order them from the most specific), the collector and V8's own time to theirs, the rest to `other`.
 */
export function partsOf(
  profile: Profile,
  parts: readonly ProfilePart[],
): { total: number; parts: Map<string, number> } {
  const { byId, parent } = treeOf(profile)
  const partOfNode = new Map<number, string>()
  const partOf = (id: number): string => {
    const known = partOfNode.get(id)
    if (known) return known
    const leaf = byId.get(id)?.callFrame.functionName ?? ''
    let found = leaf === '(garbage collector)' ? 'garbage collection' : leaf === '(program)' ? "V8's own (program)" : ''
    for (const part of parts) {
      if (found) break
      for (let at: number | undefined = id; at !== undefined && !found; at = parent.get(at)) {
        const node = byId.get(at)
        if (node && part.has(node.callFrame)) found = part.name
      }
    }
    partOfNode.set(id, found || 'other')
    return found || 'other'
  }
  const shares = new Map<string, number>()
  let total = 0
  for (const [i, id] of profile.samples.entries()) {
    if (byId.get(id)?.callFrame.functionName === '(idle)') continue
    const ms = (profile.timeDeltas[i] ?? 0) / 1000
    const part = partOf(id)
    total += ms
    shares.set(part, (shares.get(part) ?? 0) + ms)
  }
  return { total, parts: shares }
}
