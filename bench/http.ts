import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { round2 } from './table.ts'

/*
 * Client side of the HTTP measurements: sequential latency (concurrency 1, one keep-alive connection) and
 * load at a given concurrency with wrk (Debian's, in C), or autocannon where wrk is missing or BENCH_LOAD=autocannon.
 * On two cores the load generator shares the machine with the server: autocannon (JavaScript) took a whole core
 * reading 30 KB pages and capped every figure near what it could read (docs/performance.md, issue 15), so the
 * generator of each run is reported. Any non-2xx answer or socket error is counted and reported; a run with errors
 * is not a valid measurement.
 */

export interface LatencyResult {
  requests: number
  seconds: number
  p50: number
  p95: number
  p99: number
  mean: number
  max: number
  errors: number
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0
const roundRate = (n: number) => (n < 100 ? Math.round(n * 10) / 10 : Math.round(n))

function get(agent: Agent, base: URL, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ agent, host: base.hostname, port: base.port, path, method: 'GET' }, (res) => {
      res.on('data', () => {})
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** One request at a time over one keep-alive connection; stops after `paths` or `maxSeconds`. */
export async function sequentialLatency(
  baseUrl: string,
  paths: readonly string[],
  maxSeconds: number,
): Promise<LatencyResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const base = new URL(baseUrl)
  const times: number[] = []
  let errors = 0
  const started = performance.now()
  try {
    for (const path of paths) {
      const t0 = performance.now()
      const status = await get(agent, base, path).catch(() => 0)
      times.push(performance.now() - t0)
      if (status < 200 || status >= 300) errors++
      if (performance.now() - started > maxSeconds * 1000) break
    }
  } finally {
    agent.destroy()
  }
  const sorted = [...times].sort((a, b) => a - b)
  return {
    requests: times.length,
    seconds: round2((performance.now() - started) / 1000),
    p50: round2(percentile(sorted, 0.5)),
    p95: round2(percentile(sorted, 0.95)),
    p99: round2(percentile(sorted, 0.99)),
    mean: round2(times.reduce((a, b) => a + b, 0) / Math.max(1, times.length)),
    max: round2(sorted.at(-1) ?? 0),
    errors,
  }
}

export interface LoadResult {
  connections: number
  seconds: number
  requests: number
  rps: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

export type LoadGenerator = 'wrk' | 'autocannon'

/** wrk when it is installed (the bench installs it: scripts/lib/env.sh ensure_wrk), unless BENCH_LOAD says otherwise. */
export function loadGenerator(): LoadGenerator {
  if (process.env.BENCH_LOAD === 'autocannon') return 'autocannon'
  const found = spawnSync('wrk', ['--version'], { encoding: 'utf8' })
  if (found.error) {
    if (process.env.BENCH_LOAD === 'wrk')
      throw new Error('BENCH_LOAD=wrk but wrk is not installed (apt-get install wrk)')
    return 'autocannon'
  }
  return 'wrk'
}

let chosen: LoadGenerator | undefined

/** Requests at `connections` for `seconds`, cycling through `paths` in order (shared across connections). */
export function load(
  baseUrl: string,
  paths: readonly string[],
  options: { connections: number; seconds: number; headers?: Record<string, string>; generator?: LoadGenerator },
): Promise<LoadResult> {
  chosen ??= loadGenerator()
  return (options.generator ?? chosen) === 'wrk'
    ? wrkLoad(baseUrl, paths, options)
    : autocannonLoad(baseUrl, paths, options)
}

/*
 * One wrk thread (the other core is the server's), `paths` read from a file and taken in turn, every status
 * counted (wrk itself counts only 4xx and 5xx; each thread counts in its own Lua state, summed in done()), latency
 * percentiles from wrk's histogram, printed as JSON.
 */
const WRK_SCRIPT = `
local paths = {}
for line in io.lines(os.getenv("WRK_PATHS")) do paths[#paths + 1] = line end
local headers = {}
for name, value in string.gmatch(os.getenv("WRK_HEADERS") or "", "([^\\n:]+): ([^\\n]*)") do headers[name] = value end
local i = 0
non2xx = 0
local threads = {}
setup = function(thread)
  table.insert(threads, thread)
end
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1], headers)
end
response = function(status)
  if status < 200 or status > 299 then non2xx = non2xx + 1 end
end
done = function(summary, latency)
  local e = summary.errors
  local non2xx = 0
  for _, thread in ipairs(threads) do non2xx = non2xx + thread:get("non2xx") end
  io.write(string.format('{"requests":%d,"us":%d,"p50":%d,"p99":%d,"errors":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, non2xx))
end
`

async function wrkLoad(
  baseUrl: string,
  paths: readonly string[],
  { connections, seconds, headers }: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'tulpar-wrk-'))
  try {
    writeFileSync(join(dir, 'paths.txt'), `${paths.join('\n')}\n`)
    writeFileSync(join(dir, 'load.lua'), WRK_SCRIPT)
    const env = {
      ...process.env,
      WRK_PATHS: join(dir, 'paths.txt'),
      WRK_HEADERS: Object.entries(headers ?? {})
        .map(([name, value]) => `${name}: ${value}`)
        .join('\n'),
    }
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', join(dir, 'load.lua'), baseUrl]
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', args, { env, stdio: ['ignore', 'pipe', 'inherit'] })
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
      })
      child.on('error', reject)
      child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited with ${code}: ${out}`))))
    })
    const line = output.split('\n').find((l) => l.startsWith('{"requests"'))
    if (!line) throw new Error(`wrk printed no result: ${output}`)
    const r = JSON.parse(line) as {
      requests: number
      us: number
      p50: number
      p99: number
      errors: number
      non2xx: number
    }
    return {
      connections,
      seconds,
      requests: r.requests,
      rps: roundRate(r.requests / (r.us / 1e6)),
      p50: round2(r.p50 / 1000),
      p99: round2(r.p99 / 1000),
      errors: r.errors,
      non2xx: r.non2xx,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** autocannon at `connections`, cycling through `paths` in order (shared across connections). */
async function autocannonLoad(
  baseUrl: string,
  paths: readonly string[],
  { connections, seconds, headers }: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  let next = 0
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    timeout: 10,
    ...(headers ? { headers } : {}),
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const path = paths[next++ % paths.length] ?? '/'
          return { ...req, path }
        },
      },
    ],
  })
  return {
    connections,
    seconds,
    requests: result.requests.total,
    // One decimal below 100 req/s, so a crawling server does not read as zero.
    rps: roundRate(result.requests.total / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}
