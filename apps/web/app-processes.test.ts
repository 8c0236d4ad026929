import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { heapFlags } from './app-processes.testing.ts'
import { heapLimitMb } from './app-processes.ts'

/*
 * The supervisor of APP_PROCESSES with stand-in app processes: each opens a listener of its own first (as the metrics
 * listener opens before the app listens), takes a moment before it listens on the port, answers with its pid, and on
 * SIGTERM stops accepting and exits shortly after its requests are done.
 */
const dir = mkdtempSync(join(tmpdir(), 'tulpar-supervisor-'))
const supervisor = new URL('./app-processes.ts', import.meta.url).pathname
writeFileSync(
  join(dir, 'worker.mjs'),
  `import http from 'node:http'
const early = http.createServer(() => {}).listen(0)
await new Promise((r) => setTimeout(r, 400))
const server = http.createServer((req, res) => setTimeout(() => res.end(String(process.pid)), 20))
server.listen(Number(process.env.PORT))
process.on('SIGTERM', () => {
  early.close()
  // The real app closes its app and pools after its listener, so it reads its channel to the primary for a while
  // longer. Exiting the moment the listener closes loses a connection the primary handed over in that instant (it
  // crossed the listener's close on the channel): node:cluster's primary keeps it open for ever, unanswered.
  server.close(() => setTimeout(() => process.exit(0), 100))
  setInterval(() => server.closeIdleConnections(), 20)
})
`,
)
writeFileSync(
  join(dir, 'primary.mjs'),
  `import cluster from 'node:cluster'
import { superviseAppProcesses } from ${JSON.stringify(supervisor)}
cluster.setupPrimary({ exec: ${JSON.stringify(join(dir, 'worker.mjs'))} })
const line = (level) => (o, m) => console.log(JSON.stringify({ level, m, ...o }))
superviseAppProcesses({
  count: 2,
  port: Number(process.env.PORT),
  shutdownGraceMs: 5000,
  heapMb: process.env.HEAP_MB ? Number(process.env.HEAP_MB) : null,
  log: { info: line('info'), warn: line('warn'), error: line('error') },
  onReady: () => console.log(JSON.stringify({ m: 'ready' })),
})
`,
)

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

/** One request on a connection of its own: the pid that answered, or the error. */
function ask(port: number): Promise<{ pid?: number; error?: string }> {
  return new Promise((resolve) => {
    const req = request({ port, host: '127.0.0.1', agent: false, timeout: 5000 }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => {
        body += c
      })
      res.on('end', () =>
        resolve(res.statusCode === 200 ? { pid: Number(body) } : { error: `status ${res.statusCode}` }),
      )
    })
    // The option alone only reports the wait: a request nobody answers is ended here and counts as a failure.
    req.on('timeout', () => req.destroy(new Error('no answer within 5 s')))
    req.on('error', (e) => resolve({ error: e.message }))
    req.end()
  })
}

let primary: ChildProcess | null = null
afterEach(() => {
  primary?.kill('SIGKILL')
  primary = null
})

describe('superviseAppProcesses', () => {
  test('SIGHUP restarts the processes one at a time: every request under load is answered, and new processes answer after', async () => {
    const port = await freePort()
    const child = spawn(process.execPath, [join(dir, 'primary.mjs')], {
      env: { ...process.env, PORT: String(port), HEAP_MB: '200' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    primary = child
    let out = ''
    child.stdout?.setEncoding('utf8')
    child.stdout?.on('data', (c: string) => {
      out += c
    })
    await expect.poll(() => out, { timeout: 10_000 }).toContain('"m":"ready"')
    // Ready only once both listen on the port, not at their earlier listener.
    expect((await ask(port)).pid).toBeGreaterThan(0)

    const before = new Set<number>()
    for (let i = 0; i < 6; i++) before.add((await ask(port)).pid ?? 0)
    // Started with the heap limit it was given (heapMb).
    for (const pid of before) expect(heapFlags(pid)).toEqual(['--max-old-space-size=200'])

    let loading = true
    const failures: string[] = []
    let answered = 0
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (loading) {
          const r = await ask(port)
          if (r.error) failures.push(r.error)
          else answered++
        }
      }),
    )
    child.kill('SIGHUP')
    await expect.poll(() => out, { timeout: 20_000 }).toContain('app processes restarted')
    loading = false
    await load

    expect(failures).toEqual([])
    expect(answered).toBeGreaterThan(20)
    expect(out.match(/an old app process drained and exited/g)?.length).toBe(2)
    // No replacement of a planned exit: still two processes, both new.
    const after = new Set<number>()
    for (let i = 0; i < 8; i++) after.add((await ask(port)).pid ?? 0)
    expect(after.size).toBe(2)
    for (const pid of after) expect(before.has(pid)).toBe(false)
    // The restart's processes have the heap limit too.
    for (const pid of after) expect(heapFlags(pid)).toEqual(['--max-old-space-size=200'])

    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }, 40_000)
})

describe('heapLimitMb', () => {
  const GB = 1024 ** 3
  const machine = { setting: null, flags: '', v8DefaultBytes: 4144 * 1024 ** 2 }

  test("half the memory shared by the processes, when that is below V8's own default", () => {
    expect(heapLimitMb({ ...machine, processes: 2, memoryBytes: 4 * GB })).toBe(1024)
    expect(heapLimitMb({ ...machine, processes: 8, memoryBytes: 16 * GB })).toBe(1024)
  })

  test("V8's default stays where it is already the smaller (a large machine, few processes)", () => {
    expect(heapLimitMb({ ...machine, processes: 2, memoryBytes: 24 * GB })).toBeNull()
    expect(heapLimitMb({ ...machine, processes: 1, memoryBytes: 8.5 * GB })).toBeNull()
  })

  test('never under 256 MB, however small the machine', () => {
    expect(heapLimitMb({ ...machine, processes: 16, memoryBytes: 2 * GB })).toBe(256)
  })

  test("APP_HEAP_MB wins; the operator's own flag is left to the processes", () => {
    expect(heapLimitMb({ ...machine, setting: 3000, processes: 2, memoryBytes: 24 * GB })).toBe(3000)
    expect(heapLimitMb({ ...machine, setting: 300, processes: 2, memoryBytes: 4 * GB })).toBe(300)
    const flags = '--enable-source-maps --max-old-space-size=1500'
    expect(heapLimitMb({ ...machine, flags, processes: 2, memoryBytes: 4 * GB })).toBeNull()
  })
})
