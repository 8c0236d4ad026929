import { writeFileSync } from 'node:fs'
import { exitWithUsage, parseCommandLine, wholeNumber } from './cli.ts'
import { profileWhile, timesOf } from './inspector.ts'

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

const { profile, threads } = await profileWhile(
  pid,
  () => new Promise((resolve) => setTimeout(resolve, seconds * 1000)),
  {
    port,
    callSeconds: seconds + 30,
  },
)
if (values.out) writeFileSync(values.out, JSON.stringify(profile))

const cpu = [...threads.values()].reduce((a, b) => a + b, 0)
console.log(`CPU of process ${pid} in ${seconds} s: ${cpu} ms`)
for (const [kind, ms] of [...threads].sort((a, b) => b[1] - a[1]))
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
