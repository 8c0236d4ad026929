import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { exitWithUsage, parseCommandLine, wholeNumber } from './cli.ts'
import { CPU_TICK_MS, cpuTicks } from './servers.ts'

const USAGE = `node bench/profile-server.ts --pid PID [options]

Where a running server's CPU goes, without restarting it (a process an hour into the market keeps its state):
the CPU of each of its threads' kinds over the window (the main thread; V8's workers: concurrent marking,
sweeping, compiling; libuv's: asynchronous compression, files, DNS), read from /proc, and a sampling profile of
its main thread through the inspector, printed as each function's time with what it calls (inclusive) and its own.
The inspector is opened with SIGUSR1 on 127.0.0.1 and closed again after; for the bench's servers on this machine,
never a production one (anyone on the machine could attach meanwhile). Not part of \`npm run bench\`.

  --pid N        the server process (ss -ltnp shows which listens where)
  --seconds S    the window (default 15)
  --port P       the inspector's port (default 9229)
  --top N        the functions printed, by inclusive time (default 40)
  --out FILE     also write the profile (.cpuprofile, for Chrome's DevTools)
`

const values = parseCommandLine(USAGE, {
  options: {
    pid: { type: 'string' },
    seconds: { type: 'string', default: '15' },
    port: { type: 'string', default: '9229' },
    top: { type: 'string', default: '40' },
    out: { type: 'string' },
    help: { type: 'boolean' },
  },
})
if (!values.pid) exitWithUsage(USAGE, '--pid is needed')
const pid = wholeNumber(USAGE, 'pid', values.pid)
const seconds = wholeNumber(USAGE, 'seconds', values.seconds)
const port = wholeNumber(USAGE, 'port', values.port)
const top = wholeNumber(USAGE, 'top', values.top)

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** CPU ticks of each thread of the process, by thread id, with its name (`MainThread`, `V8Worker`, `libuv-worker`). */
function threadTicks(): Map<string, { name: string; ticks: number }> {
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

/** The inspector's session of the process, opened with SIGUSR1; answers each call's result. */
async function inspect(): Promise<{ call: (method: string, params?: object) => Promise<unknown>; close: () => void }> {
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
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++last
      pending.set(id, { resolve, reject })
      socket.send(JSON.stringify({ id, method, params }))
      setTimeout(() => reject(new Error(`${method}: no answer in ${seconds + 30} s`)), (seconds + 30) * 1000).unref()
    })
  const open = socket
  open.addEventListener('close', () => {
    for (const waiting of pending.values()) waiting.reject(new Error('the inspector closed'))
    pending.clear()
  })
  return { call, close: () => open.close() }
}

const nameOf = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').at(-1) ?? ''}:${node.callFrame.lineNumber + 1}`

/** Each function's time with its callees (counted once per sample however deep it recurses) and its own, in ms. */
function timesOf(profile: Profile): { total: number; inclusive: Map<string, number>; own: Map<string, number> } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
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

const { call, close } = await inspect()
try {
  await call('Profiler.enable')
  await call('Profiler.setSamplingInterval', { interval: 500 })
  const before = threadTicks()
  await call('Profiler.start')
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
  const { profile } = (await call('Profiler.stop')) as { profile: Profile }
  const after = threadTicks()
  if (values.out) writeFileSync(values.out, JSON.stringify(profile))

  const kinds = new Map<string, number>()
  for (const [tid, now] of after) {
    const used = (now.ticks - (before.get(tid)?.ticks ?? now.ticks)) * CPU_TICK_MS
    if (used > 0) kinds.set(now.name, (kinds.get(now.name) ?? 0) + used)
  }
  const cpu = [...kinds.values()].reduce((a, b) => a + b, 0)
  console.log(`CPU of process ${pid} in ${seconds} s: ${cpu} ms`)
  for (const [kind, ms] of [...kinds].sort((a, b) => b[1] - a[1]))
    console.log(`  ${kind.padEnd(16)} ${String(ms).padStart(7)} ms  ${((ms / Math.max(1, cpu)) * 100).toFixed(1)}%`)

  const { total, inclusive, own } = timesOf(profile)
  const row = (ms: number, name: string) =>
    `  ${ms.toFixed(0).padStart(7)} ms ${((ms / Math.max(1, total)) * 100).toFixed(1).padStart(5)}%  ${name}`
  console.log(`\nThe main thread's profile, ${total.toFixed(0)} ms sampled; with what each calls:`)
  const idle = [...own].find(([name]) => name.startsWith('(idle)'))?.[1] ?? 0
  console.log(`  idle ${idle.toFixed(0)} ms (${((idle / Math.max(1, total)) * 100).toFixed(1)}%)`)
  const shown = [...inclusive].filter(([name]) => !name.startsWith('(root)') && !name.startsWith('(idle)'))
  for (const [name, ms] of shown.sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(row(ms, name))
  console.log('\nIts own time:')
  for (const [name, ms] of [...own].sort((a, b) => b[1] - a[1]).slice(0, Math.ceil(top / 2))) console.log(row(ms, name))
} finally {
  // Closed from inside after this session has gone (a close while it is attached waits for it); waited for, so that
  // a run right after opens an inspector of its own rather than this one as it closes.
  await call('Runtime.evaluate', {
    expression: "setTimeout(() => process.getBuiltinModule('node:inspector').close(), 200), 1",
  }).catch(() => {})
  close()
  const until = Date.now() + 3_000
  while (Date.now() < until) {
    const listening = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(1_000) }).then(
      () => true,
      () => false,
    )
    if (!listening) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
