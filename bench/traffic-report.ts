import { fmt, round2 } from './table.ts'
import type { TrafficResult } from './traffic.ts'
import { CHANGES_PER_SECOND, PUBLISH_SHARE } from './traffic-changes.ts'
import { describeWindow, type KindStats } from './traffic-load.ts'
import type { Measured, MeasuredCarPages, MeasuredMix, TrafficRun } from './traffic-run.ts'
import { SIMILAR_FOLLOW_UP } from './traffic-stream.ts'

/*
 * The market benchmark's report (bench/traffic.ts): per run a table of the kinds (throughput, latency, the page
 * cache's answers), the CPU per request, the focused runs and the ceilings; then issue 39's target ratios, each
 * computed from one run's own figures. Printed as the part ends and appended to the run's markdown.
 */

export interface Target {
  what: string
  result: string
  target: string
  /** null: not measured in this run. */
  met: boolean | null
  /** The result and the target as numbers in the same unit, to say by how much a target was missed. */
  value?: number
  wanted?: number
  /** The target is a ceiling (at most), not a floor. */
  atMost?: boolean
}

const pct = (part: number, whole: number) => `${Math.round((part / Math.max(1, whole)) * 1000) / 10}%`
const ratio = (n: number) => Math.round(n * 1000) / 1000
const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

/** By how much a result fell short, relative to the target. */
const shortBy = (value: number, target: number, lowerIsBetter = false) =>
  `${Math.round((Math.abs(value - target) / target) * 100)}% ${lowerIsBetter ? 'over' : 'short'}`

/**
 * What the machine's cores allow the cluster at its own run's cost: every request takes the app's, PostgreSQL's and
 * the load generator's CPU, all on these cores, so `cores` seconds of CPU a second bound the throughput whatever the
 * processes do; with a CPU quota (--traffic-cpu-quota) the app processes' own share bounds it too. Against the one
 * process's mix, the most any cluster could show here.
 */
function clusterCeiling(two: TrafficRun, oneRps: number, cores: number): string {
  const mix = two.mix
  const perRequest = mix.serverCpuMsPerRequest + mix.postgresCpuMsPerRequest + mix.generator.cpuMsPerRequest
  const byCores = (cores * 1000) / Math.max(0.001, perRequest)
  const byQuota = two.cpuQuota
    ? (two.processes * two.cpuQuota * 1000) / Math.max(0.001, mix.serverCpuMsPerRequest)
    : Number.POSITIVE_INFINITY
  const most = Math.min(byCores, byQuota)
  const quota = two.cpuQuota
    ? `; the app processes' quota (${two.processes} x ${two.cpuQuota} of a core at app ${mix.serverCpuMsPerRequest} ms) ` +
      `at most ${fmt(Math.round(byQuota))} req/s`
    : ''
  return (
    `${cores} cores at that run's CPU per request (app ${mix.serverCpuMsPerRequest} + PostgreSQL ` +
    `${mix.postgresCpuMsPerRequest} + load generator ${mix.generator.cpuMsPerRequest} ms) do at most ` +
    `${fmt(Math.round(byCores))} req/s${quota}: ${ratio(most / Math.max(1, oneRps))}x`
  )
}

/** Whether the car pages' run followed each page with its similar cars (not with --traffic-no-follow-similar). */
const hasFollowUps = (m: MeasuredMix) => m.kinds.some((k) => k.kind === SIMILAR_FOLLOW_UP.kind)
/** The requests a second that the mix drew: all of them but the car pages' follow-ups. */
const drawnRps = (m: MeasuredMix) => m.rps - (m.kinds.find((k) => k.kind === SIMILAR_FOLLOW_UP.kind)?.rps ?? 0)

export function trafficTargets(r: Pick<TrafficResult, 'runs' | 'cores'>): Target[] {
  const one = r.runs.find((run) => run.processes === 1)
  const two = r.runs.find((run) => run.processes === 2)
  const out: Target[] = []
  if (one) {
    // The mix's own requests: a car page's follow-up is part of the page view's cost, not throughput of its own
    // (counted, it would lift the figure by a third of cheap API answers without any page served sooner).
    const drawn = drawnRps(one.mix)
    const share = drawn / one.routerMinimal.rps
    const without = hasFollowUps(one.mix) ? ", the car pages' follow-ups left out" : ''
    out.push({
      what: `Market mix, one process: throughput against React Router's minimum${without}`,
      result: `${fmt(drawn)} / ${fmt(one.routerMinimal.rps)} req/s = ${pct(drawn, one.routerMinimal.rps)}`,
      target: '>= 20%',
      met: share >= 0.2,
      value: share,
      wanted: 0.2,
    })
    const signedIn = one.signedInCar.rps / one.guestCachedCar.rps
    out.push({
      what: "A signed-in visitor's car page against a guest's cached one (the same page, one process)",
      result: `${fmt(one.signedInCar.rps)} / ${fmt(one.guestCachedCar.rps)} req/s = ${pct(one.signedInCar.rps, one.guestCachedCar.rps)}`,
      target: '>= 10%',
      met: signedIn >= 0.1,
      value: signedIn,
      wanted: 0.1,
    })
    const render = one.renderedCar.cpuMsPerRequest
    if (render !== undefined && render > 0) {
      const cpu = one.carPages.serverCpuMsPerCarView / render
      const followUp = hasFollowUps(one.carPages) ? " (its similar cars' follow-up included)" : ''
      out.push({
        what: `Server CPU per car page view in the market${followUp} against a single render's (one process)`,
        result: `${one.carPages.serverCpuMsPerCarView} / ${render} ms = ${ratio(cpu)}`,
        target: '<= 0.333',
        met: cpu <= 1 / 3,
        value: cpu,
        wanted: 1 / 3,
        atMost: true,
      })
    }
    const p = one.priceVisible
    const stale = Math.max(p.guestStaleMs, p.signedInStaleMs)
    const lost = p.guestSeenMs < 0 || p.signedInSeenMs < 0
    out.push({
      what: 'A price change under the mix: the latest request answered with the old price, guest (cached copy) / signed in',
      result: `sent ${p.guestStaleMs} / ${p.signedInStaleMs} ms after the change (new price first seen at ${p.guestSeenMs} / ${p.signedInSeenMs} ms)`,
      target: '<= 1,000 ms',
      met: !lost && stale <= 1000,
      ...(!lost && { value: stale, wanted: 1000, atMost: true }),
    })
  }
  const ones = r.runs.filter((run) => run.processes === 1)
  const twos = r.runs.filter((run) => run.processes === 2)
  if (one && two) {
    // Runs taken in turn (--traffic-processes 1,2,1,2): this machine's speed drifts by tens of percent in minutes,
    // so each count's median, and each two-process run against the one-process run just before it.
    const oneRps = median(ones.map((run) => run.mix.rps))
    const twoRps = median(twos.map((run) => run.mix.rps))
    const cluster = twoRps / oneRps
    const pairs = twos.flatMap((run) => {
      const before = r.runs.slice(0, r.runs.indexOf(run)).findLast((b) => b.processes === 1)
      return before ? [`${ratio(run.mix.rps / before.mix.rps)}x`] : []
    })
    const repeated = ones.length > 1 || twos.length > 1
    out.push({
      what: "The cluster's two app processes against one process in the market mix",
      result:
        (repeated
          ? `medians of ${twos.length} and ${ones.length} runs taken in turn: ${fmt(round2(twoRps))} / ${fmt(round2(oneRps))} req/s = ` +
            `${ratio(cluster)}x (each two-process run against the one-process run before it: ${pairs.join(', ')}); ` +
            'the first pair: '
          : `${fmt(two.mix.rps)} / ${fmt(one.mix.rps)} req/s = ${ratio(cluster)}x; `) +
        clusterCeiling(two, one.mix.rps, r.cores),
      target: '>= 1.6x',
      met: cluster >= 1.6,
      value: cluster,
      wanted: 1.6,
    })
  }
  return out
}

/** "MISSED (...)" for a missed target, with how far off it is where the result is a number. */
function status(t: Target): string {
  if (t.met === null) return 'not measured'
  if (t.met) return 'met'
  if (t.value === undefined || !t.wanted) return 'MISSED'
  return `MISSED (${shortBy(t.value, t.wanted, t.atMost)})`
}

const cacheCells = (k: KindStats) =>
  [k.cache.hit, k.cache.miss, k.cache.bypass, k.cache.none].map((n) => (n === 0 ? '-' : pct(n, k.requests)))

function kindTable(m: MeasuredMix): string[] {
  const lines = [
    '| Kind | req/s | share | p50 ms | p95 ms | p99 ms | HIT | MISS | BYPASS | no x-cache | asked before | failed |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ]
  for (const k of m.kinds) {
    const before = pct(k.askedBefore, k.requests)
    const cells = [
      k.kind,
      fmt(k.rps),
      `${k.share}%`,
      k.p50,
      k.p95,
      k.p99,
      ...cacheCells(k),
      before,
      k.errors + k.non2xx,
    ]
    lines.push(`| ${cells.join(' | ')} |`)
  }
  return lines
}

function mixLine(m: MeasuredMix): string {
  return (
    `${fmt(m.requests)} requests in ${m.seconds} s (${fmt(m.sessions)} sessions begun). Server CPU ` +
    `${m.serverCpuMsPerRequest} ms per request, PostgreSQL ${m.postgresCpuMsPerRequest} ms; the load generator ` +
    `${m.generator.corePercent}% of a core (${m.generator.cpuMsPerRequest} ms per request). Changes in the window: ` +
    `${m.changes.priceChanges} price changes, ${m.changes.published} listings published. Server resident memory ` +
    `${fmt(m.serverRssMb)} MB at the window's end. "Asked before": the ` +
    "requests whose page (its guests' key) had been asked before in the run, warm-up included: the hits of a cache " +
    'that kept every page and was never purged; the other requests are first sights.' +
    (m.failures.length > 0 ? ` First failures: ${m.failures.join(', ')}.` : '') +
    besidesLine(m)
  )
}

const clock = (iso: string) => iso.slice(11, 19)

/**
 * What the server did besides the bench around a window: when it opened, its page cache's purges and evictions in
 * it, and the jobs its workers began from 15 minutes before (the hourly ones purge and send at fixed minutes).
 */
function besidesLine(m: MeasuredMix): string {
  const parts: string[] = []
  if (m.openedAt) parts.push(` The window opened at ${clock(m.openedAt)} UTC.`)
  if (m.pageCache)
    parts.push(
      ` In it the page cache took ${fmt(m.pageCache.purges)} purges (${fmt(m.pageCache.purgedPages)} pages) and ` +
        `evicted ${fmt(m.pageCache.evictedKept)} kept pages and ${fmt(m.pageCache.evictedFirstViews)} first views; ` +
        `of its hits, ${fmt(m.pageCache.secondViews)} were second views answered from a first view and ` +
        `${fmt(m.pageCache.promoted)} third views that kept their page for good (decision 039: each costs more ` +
        'than a hit from a page kept for good).',
    )
  if (m.jobs)
    parts.push(
      m.jobs.length === 0
        ? ' No jobs were begun from 15 minutes before it to its end.'
        : ` Jobs begun from 15 minutes before it to its end: ${m.jobs
            .map((j) => `${j.name} ${fmt(j.runs)} (from ${clock(j.firstStartedAt)})`)
            .join(', ')}.`,
    )
  return parts.join('')
}

/** The car pages' run in a sentence: the CPU per car page view, its follow-ups' included, and the cache's hits. */
function carPagesLine(m: MeasuredCarPages): string {
  const car = m.kinds.find((k) => k.kind === 'car')
  const similar = m.kinds.find((k) => k.kind === SIMILAR_FOLLOW_UP.kind)
  const hits = (k: KindStats | undefined) => (k ? pct(k.cache.hit, k.requests) : '?')
  if (!similar)
    return (
      `The market's car pages alone (${m.seconds} s): ${fmt(m.rps)} req/s, ` +
      `**${m.serverCpuMsPerCarView} ms of server CPU per car page view** (PostgreSQL ` +
      `${m.postgresCpuMsPerCarView} ms), ${hits(car)} cache hits.`
    )
  return (
    `The market's car pages alone, each with its similar cars' follow-up (${m.seconds} s): ` +
    `${fmt(car?.rps ?? 0)} car page views and ${fmt(similar.rps)} follow-ups a second, ` +
    `**${m.serverCpuMsPerCarView} ms of server CPU per car page view**, its follow-up's included (PostgreSQL ` +
    `${m.postgresCpuMsPerCarView} ms; ${m.serverCpuMsPerRequest} ms per request); cache hits ${hits(car)} of the ` +
    `pages, ${hits(similar)} of the follow-ups${similar.non2xx + similar.errors ? ` (${fmt(similar.non2xx + similar.errors)} follow-ups failed)` : ''}.` +
    besidesLine(m)
  )
}

function runSection(run: TrafficRun, r: TrafficResult): string[] {
  // GET /locale answers a redirect: its non-2xx answers are its point, not failures.
  const one = (name: string, x: Measured, redirects = false) =>
    `${name} ${fmt(x.rps)} req/s (p99 ${x.p99} ms, ${x.cpuMsPerRequest ?? '?'} ms CPU each` +
    `${x.errors + (redirects ? 0 : x.non2xx) ? `, ${x.errors + (redirects ? 0 : x.non2xx)} failed` : ''})`
  return [
    `#### ${run.processes === 1 ? 'One app process' : `${run.processes} app processes (APP_PROCESSES, Redis)`}`,
    '',
    `Pinned: ${run.pinning}.`,
    '',
    ...kindTable(run.mix),
    '',
    mixLine(run.mix),
    '',
    carPagesLine(run.carPages),
    '',
    `One car page (/cars/${r.focusCarId}, the most popular), ${r.focusSeconds} s each: ` +
      `${one('signed in', run.signedInCar)}; ${one('guests from the cache', run.guestCachedCar)}; ` +
      `${one('rendered every time', run.renderedCar)}. ${one("React Router's minimum (GET /locale)", run.routerMinimal, true)}.`,
    '',
    `A price change under the mix (a guest and a signed-in visitor asking every 100 ms): the last stale answer was to ` +
      `a request sent ${run.priceVisible.guestStaleMs} ms (guest) and ${run.priceVisible.signedInStaleMs} ms (signed ` +
      `in) after the change; the first fresh one arrived at ${run.priceVisible.guestSeenMs} and ` +
      `${run.priceVisible.signedInSeenMs} ms (-1: not within 10 s).`,
    '',
  ]
}

/** The part's report as markdown (also what the terminal shows). */
export function trafficMarkdown(r: TrafficResult): string {
  const out = [
    `### Market traffic (issue 39): ${fmt(r.published)} published listings, ${r.connections} connections, ` +
      describeWindow(r.window ?? { warmSeconds: r.warmSeconds, seconds: r.seconds }),
    '',
    r.description,
    '',
    `Car page views going to the most popular cars: ${r.head.map((h) => `top ${fmt(h.top)} ${h.share}%`).join(', ')}. ` +
      `Signed-in visitors: ${r.users.count} bench users (signed in in ${r.users.seconds} s; ` +
      `${r.users.favouritesAdded} favourites and ${r.users.conversationsStarted} conversations added this run, ` +
      `${r.users.refused} refused). ${CHANGES_PER_SECOND} change(s) a second (${Math.round((1 - PUBLISH_SHARE) * 100)}% price changes, ` +
      `${Math.round(PUBLISH_SHARE * 100)}% listings published).`,
    '',
    `Bare Fastify route (the machine's ceiling, same run): ${fmt(r.hello.rps)} req/s. ${r.cores} cores, shared by the server, PostgreSQL and the load generator.`,
    '',
    ...r.runs.flatMap((run) => runSection(run, r)),
    '#### Targets (issue 39)',
    '',
    '| Target | Result | Wanted | Status |',
    '| --- | --- | --- | --- |',
    ...r.targets.map((t) => `| ${t.what} | ${t.result} | ${t.target} | ${status(t)} |`),
  ]
  if (r.notes.length > 0) out.push('', ...r.notes.map((n) => `- ${n}`))
  return `${out.join('\n')}\n`
}
