import { Agent, request } from 'node:http'
import autocannon from 'autocannon'

/*
 * Client side of the HTTP measurements: sequential latency (concurrency 1, one keep-alive connection) and
 * load at a given concurrency with autocannon. Any non-2xx answer or socket error is counted and reported;
 * a run with errors is not a valid measurement.
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
const round2 = (n: number) => Math.round(n * 100) / 100
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

/** autocannon at `connections`, cycling through `paths` in order (shared across connections). */
export async function load(
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
