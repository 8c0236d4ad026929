import { createRng } from '../apps/api/src/db/seed/demo/random.ts'
import { exitWithUsage, parseCommandLine, wholeNumber } from './cli.ts'
import { benchDatabaseUrl, publishedNewestFirst, sampleCarIds, withClient } from './database.ts'
import { CPU_TICK_MS, cpuTicks } from './servers.ts'
import { BROWSER_HEADERS, Popularity } from './traffic-stream.ts'

const USAGE = `node bench/ab.ts --a URL --a-pid PID --b URL --b-pid PID [options]   (npm run bench:ab -- ...)

Two builds side by side on the bench database, each request asked of both servers at the same moment, so that a
change of the machine's speed (these virtual machines' cores moved by half within minutes: docs/performance.md,
decisions 043 and 044) falls on both. Reports each round's server CPU per request of A and of B (from /proc, so
the servers run on this machine) and their difference. Start each server with its build as bench/servers.ts
does (the code before from a \`git worktree\` of it, built), on ports of their own.

  --a URL, --b URL       the two servers (http://127.0.0.1:3401)
  --a-pid N, --b-pid N   their processes (ss -ltnp shows which listens where)
  --stream zipf|random   car ids: the market's Zipf draw over every published car (bench/traffic-stream.ts, as
                         \`--only traffic\` draws them), or published cars at random, each once (first sights);
                         default zipf
  --path P               the path asked, {id} the car (default /cars/{id}; /api/cars/{id}/ for the API)
  --rounds N             rounds (default 6); --requests N per round (default 2000); --connections N per server (4)
  --seed N               the draw's seed, of either stream (default 7)
  --cookie C             sent with every request (bench=uncached: every page rendered, nothing kept)
  --follow ATTR          after each answer, ask the same server for the address in its first ATTR="..." (a
                         follow-up the browser makes, as data-src); counted in that request's CPU
`

const values = parseCommandLine(USAGE, {
  options: {
    a: { type: 'string' },
    'a-pid': { type: 'string' },
    b: { type: 'string' },
    'b-pid': { type: 'string' },
    stream: { type: 'string', default: 'zipf' },
    path: { type: 'string', default: '/cars/{id}' },
    rounds: { type: 'string', default: '6' },
    requests: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '4' },
    seed: { type: 'string', default: '7' },
    follow: { type: 'string' },
    cookie: { type: 'string' },
    help: { type: 'boolean' },
  },
})
if (!values.a || !values.b) exitWithUsage(USAGE, '--a and --b are needed')
if (values.stream !== 'zipf' && values.stream !== 'random')
  exitWithUsage(USAGE, `--stream is zipf or random, not ${values.stream}`)
const servers = [
  { url: values.a, pid: wholeNumber(USAGE, 'a-pid', values['a-pid'] ?? '') },
  { url: values.b, pid: wholeNumber(USAGE, 'b-pid', values['b-pid'] ?? '') },
]
const rounds = wholeNumber(USAGE, 'rounds', values.rounds)
const perRound = wholeNumber(USAGE, 'requests', values.requests)
const connections = wholeNumber(USAGE, 'connections', values.connections)
const seed = wholeNumber(USAGE, 'seed', values.seed, 0)

/** The ids of every round, in order. */
async function carIds(total: number): Promise<number[]> {
  if (values.stream === 'random') return sampleCarIds(total, seed)
  const popularity = new Popularity(await withClient(benchDatabaseUrl(), publishedNewestFirst))
  const rng = createRng(seed)
  return Array.from({ length: total }, () => popularity.draw(rng))
}

const follow = values.follow ? new RegExp(`\\s${values.follow}="([^"]+)"`) : null
let followUps = 0
const headers = values.cookie ? { ...BROWSER_HEADERS, cookie: values.cookie } : BROWSER_HEADERS

async function ask(base: string, path: string): Promise<void> {
  const res = await fetch(`${base}${path}`, { headers })
  const body = follow ? await res.text() : await res.arrayBuffer()
  if (res.status >= 500) throw new Error(`${base}${path} answered ${res.status}`)
  const next = typeof body === 'string' ? follow?.exec(body)?.[1] : undefined
  if (next === undefined) return
  followUps++
  const answer = await fetch(`${base}${next.replaceAll('&amp;', '&')}`, { headers })
  await answer.arrayBuffer()
}

const ids = await carIds(rounds * perRound)
if (ids.length < rounds * perRound) throw new Error(`only ${ids.length} cars to ask for`)
process.stdout.write(`${values.stream} stream of ${ids.length} requests, ${connections} connections a server\n`)
process.stdout.write('| Round | A ms of CPU a request | B | B - A |\n| ---: | ---: | ---: | ---: |\n')
const differences: number[] = []
for (let round = 0; round < rounds; round++) {
  const slice = ids.slice(round * perRound, (round + 1) * perRound)
  const before = servers.map((s) => cpuTicks(s.pid))
  let next = 0
  const worker = async () => {
    for (let i = next++; i < slice.length; i = next++) {
      const path = values.path.replaceAll('{id}', String(slice[i]))
      await Promise.all(servers.map((s) => ask(s.url, path)))
    }
  }
  await Promise.all(Array.from({ length: connections }, worker))
  const [a, b] = servers.map((s, i) => ((cpuTicks(s.pid) - (before[i] ?? 0)) * CPU_TICK_MS) / slice.length) as [
    number,
    number,
  ]
  differences.push(b - a)
  process.stdout.write(`| ${round + 1} | ${a.toFixed(2)} | ${b.toFixed(2)} | ${(b - a).toFixed(2)} |\n`)
}
const sorted = [...differences].sort((x, y) => x - y)
const median = sorted[Math.floor(sorted.length / 2)] ?? 0
const dearer = differences.filter((d) => d > 0).length
if (follow) process.stdout.write(`\n${followUps} follow-ups (${values.follow}) asked in all\n`)
process.stdout.write(`\nB - A: median ${median.toFixed(2)} ms; B dearer in ${dearer} of ${rounds} rounds\n`)
