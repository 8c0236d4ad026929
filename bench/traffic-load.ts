import { Agent, request } from 'node:http'
import { memberPageRequest } from '../apps/web/app/lib/page-cache/member-pages.server.ts'
import { guestPageKey } from '../apps/web/app/lib/page-cache/page-key.server.ts'
import { round2 } from './table.ts'
import { BROWSER_HEADERS, REPORTED_KINDS, type Session, type TrafficKind } from './traffic-stream.ts'

/*
 * The market's load generator: `connections` loops in this process, each on a keep-alive connection of its own,
 * each taking the stream's next session and sending its requests one after another (no think time: the server is
 * kept busy, as wrk keeps it). wrk cannot tell the kinds of requests apart in its latencies; this can, and it reads
 * each answer's x-cache. It runs in the bench's process, which bench/traffic.ts pins to a core of its own where it
 * can, and reports the CPU it used itself, so a run shows whether the generator was the bottleneck.
 */

export interface KindStats {
  /** A kind, or a kind split by visitor: `car (guests)`, `car (signed in)`. */
  kind: string
  requests: number
  rps: number
  /** Share of the run's requests, %. */
  share: number
  p50: number
  p95: number
  p99: number
  /** Socket errors and timeouts. */
  errors: number
  non2xx: number
  /** Answers by their x-cache header: HIT, MISS, BYPASS, or none. */
  cache: { hit: number; miss: number; bypass: number; none: number }
  /**
   * Requests whose page had been asked before in the run, warm-up included (the same guests' page key: a signed-in
   * visitor's page is made from the guests' copy): the hit ratio of a cache that kept every page and was never
   * purged. What HIT falls short of it is the cache's; the rest are first sights, rendered by any cache.
   */
  askedBefore: number
}

export interface MixLoad {
  connections: number
  /** The measured window (after the warm-up), s. */
  seconds: number
  requests: number
  rps: number
  errors: number
  non2xx: number
  sessions: number
  kinds: KindStats[]
  /** The generator's own CPU in the measured window: per request, and as a share of one core. */
  generator: { cpuMsPerRequest: number; corePercent: number }
  /** The first few failures (status and path; a few of each kind), to say what went wrong. */
  failures: string[]
}

interface Sample {
  kind: TrafficKind
  signedIn: boolean
  ms: number
  status: number
  cache: string | undefined
  askedBefore: boolean
}

/** What a request is sent with: a page with its session's cookies, a script's fetch with none and accepting JSON. */
interface Sent {
  cookie: string
  signedIn: boolean
  acceptEncoding: string
  accept?: string
}

const sentWith = (session: Session, fromScript: boolean | undefined): Sent =>
  fromScript
    ? { cookie: '', signedIn: false, acceptEncoding: session.acceptEncoding, accept: 'application/json' }
    : session

/**
 * The key the server keeps this request's page under for guests, by the server's own rules: a signed-in visitor's
 * shared page is answered from the guests' copy under its key (member-pages.server.ts), any other request under
 * its guests' key (page-key.server.ts; API reads whoever asks), or its path when none is kept.
 */
function pageKeyOf(path: string, sent: Sent): string {
  const request = {
    method: 'GET',
    url: path,
    headers: { cookie: sent.cookie, 'accept-encoding': sent.acceptEncoding },
  }
  return (sent.signedIn ? memberPageRequest(request)?.key : undefined) ?? guestPageKey(request) ?? path
}

const TIMEOUT_MS = 10_000
/** Failures listed in a run's report: the first of each kind, so that one kind failing throughout hides no other. */
const FAILURES_LISTED = 10
const FAILURES_LISTED_PER_KIND = 3

function get(agent: Agent, base: URL, path: string, sent: Sent): Promise<{ status: number; cache?: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...BROWSER_HEADERS, 'accept-encoding': sent.acceptEncoding }
    if (sent.cookie) headers.cookie = sent.cookie
    if (sent.accept) headers.accept = sent.accept
    const req = request({ agent, host: base.hostname, port: base.port, path, method: 'GET', headers }, (res) => {
      const cache = res.headers['x-cache']
      res.on('data', () => {})
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ...(typeof cache === 'string' && { cache }) }))
      res.on('error', reject)
    })
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error('timeout')))
    req.on('error', reject)
    req.end()
  })
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0 ? 0 : round2(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0)

function statsOf(kind: string, samples: readonly Sample[], total: number, seconds: number): KindStats {
  const times = Float64Array.from(samples, (s) => s.ms).sort()
  const cache = { hit: 0, miss: 0, bypass: 0, none: 0 }
  let askedBefore = 0
  let errors = 0
  let non2xx = 0
  for (const s of samples) {
    if (s.status === 0) errors++
    else if (s.status < 200 || s.status > 299) non2xx++
    if (s.cache === 'HIT') cache.hit++
    else if (s.cache === 'MISS') cache.miss++
    else if (s.cache === 'BYPASS') cache.bypass++
    else cache.none++
    if (s.askedBefore) askedBefore++
  }
  return {
    kind,
    requests: samples.length,
    rps: round2(samples.length / seconds),
    share: round2((samples.length / Math.max(1, total)) * 100),
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    errors,
    non2xx,
    cache,
    askedBefore,
  }
}

/**
 * A run's two windows, warm-up (not measured) then measured: by time, or by the stream's requests. By requests, a
 * slower server is measured on the same requests as a faster one; by time, the faster one is asked more of the
 * stream in its window, and more of its pages a second time, so its caches answer more (decision 048).
 */
export type MixWindow = { warmSeconds: number; seconds: number } | { warmRequests: number; requests: number }

export const describeWindow = (w: MixWindow) =>
  'requests' in w
    ? `${w.warmRequests.toLocaleString('en-US')} requests' warm-up + ${w.requests.toLocaleString('en-US')} measured`
    : `${w.warmSeconds} s warm-up + ${w.seconds} s measured`

/**
 * Runs the stream against `baseUrl`: the window's warm-up not measured, then its measured part. `onMeasure` is
 * called as the measured window opens (to read the server's CPU then), `onThird` a third of the way into it;
 * requests started in the window count, and the window ends when the last of them has been answered.
 */
export async function runMixLoad(
  baseUrl: string,
  nextSession: () => Session,
  options: { connections: number; window: MixWindow; onMeasure?: () => void; onThird?: () => void },
): Promise<MixLoad> {
  const base = new URL(baseUrl)
  const agents = Array.from({ length: options.connections }, () => new Agent({ keepAlive: true, maxSockets: 1 }))
  const samples: Sample[] = []
  const failures: string[] = []
  const failuresOfKind = new Map<TrafficKind, number>()
  const w = options.window
  const startedAt = performance.now()
  // By time: the windows' ends. By requests: the counts of requests sent at which they end.
  const byRequests = 'requests' in w
  const measureAt = byRequests ? w.warmRequests : startedAt + w.warmSeconds * 1000
  const stopAt = byRequests ? w.warmRequests + w.requests : measureAt + w.seconds * 1000
  const thirdAt = byRequests ? w.warmRequests + Math.floor(w.requests / 3) : Number.POSITIVE_INFINITY
  let sent = 0
  const now = () => (byRequests ? sent : performance.now())
  let measuring = false
  let openedAt = startedAt
  let cpuAtMeasure = process.cpuUsage()
  let sessions = 0
  let lastEnd = startedAt
  let third: ReturnType<typeof setTimeout> | undefined
  const asked = new Set<string>()
  const openWindow = () => {
    if (measuring) return
    measuring = true
    openedAt = byRequests ? performance.now() : measureAt
    lastEnd = openedAt
    cpuAtMeasure = process.cpuUsage()
    options.onMeasure?.()
    if (!byRequests && options.onThird) third = setTimeout(options.onThird, (w.seconds * 1000) / 3)
  }
  // By time, the window opens on time even if every connection is waiting for a slow answer.
  const opener = byRequests ? undefined : setTimeout(openWindow, Math.max(0, measureAt - performance.now()))
  const loop = async (agent: Agent) => {
    while (now() < stopAt) {
      const session = nextSession()
      if (now() >= measureAt) sessions++
      for (const r of session.requests) {
        if (now() >= stopAt) break
        const inWindow = now() >= measureAt
        if (inWindow) openWindow()
        sent++
        if (byRequests && sent === thirdAt) options.onThird?.()
        const t0 = performance.now()
        const sentAs = sentWith(session, r.fromScript)
        const key = pageKeyOf(r.path, sentAs)
        const askedBefore = asked.has(key)
        asked.add(key)
        const answer = await get(agent, base, r.path, sentAs).catch(() => ({ status: 0, cache: undefined }))
        const t1 = performance.now()
        if (!inWindow) continue
        samples.push({
          kind: r.kind,
          signedIn: session.signedIn,
          ms: t1 - t0,
          status: answer.status,
          cache: answer.cache,
          askedBefore,
        })
        if (t1 > lastEnd) lastEnd = t1
        if (answer.status >= 200 && answer.status <= 299) continue
        const ofKind = failuresOfKind.get(r.kind) ?? 0
        if (failures.length < FAILURES_LISTED && ofKind < FAILURES_LISTED_PER_KIND) {
          failuresOfKind.set(r.kind, ofKind + 1)
          failures.push(`${answer.status || 'socket error'} ${r.path}${sentAs.signedIn ? ' (signed in)' : ''}`)
        }
      }
    }
  }
  try {
    await Promise.all(agents.map(loop))
  } finally {
    clearTimeout(opener)
    clearTimeout(third)
    for (const agent of agents) agent.destroy()
  }
  const cpu = process.cpuUsage(cpuAtMeasure)
  const seconds = Math.max(0.001, (lastEnd - openedAt) / 1000)
  const all = statsOf('all', samples, samples.length, seconds)
  const kinds: KindStats[] = []
  for (const kind of REPORTED_KINDS) {
    const ofKind = samples.filter((s) => s.kind === kind)
    if (ofKind.length === 0) continue
    kinds.push(statsOf(kind, ofKind, samples.length, seconds))
    if (kind === 'car' || kind === 'api-car') {
      kinds.push(
        statsOf(
          `${kind} (guests)`,
          ofKind.filter((s) => !s.signedIn),
          samples.length,
          seconds,
        ),
      )
      kinds.push(
        statsOf(
          `${kind} (signed in)`,
          ofKind.filter((s) => s.signedIn),
          samples.length,
          seconds,
        ),
      )
    }
  }
  const cpuMs = (cpu.user + cpu.system) / 1000
  return {
    connections: options.connections,
    seconds: round2(seconds),
    requests: all.requests,
    rps: all.rps,
    errors: all.errors,
    non2xx: all.non2xx,
    sessions,
    kinds: [...kinds, { ...all, kind: 'all' }],
    generator: {
      cpuMsPerRequest: round2(cpuMs / Math.max(1, all.requests)),
      corePercent: Math.round((cpuMs / (seconds * 1000)) * 100),
    },
    failures,
  }
}
