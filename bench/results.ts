import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { arch, platform, release } from 'node:os'
import { join } from 'node:path'
import type { AlertsResult } from './alerts.ts'
import type { MachineInfo, SeedResult } from './database.ts'
import type { ExplainResult } from './explain.ts'
import type { FeedsResult } from './feeds.ts'
import type { LatencyResult, LoadResult } from './http.ts'
import type { LighthouseScores } from './lighthouse.ts'
import type { PageWeight } from './page-weight.ts'
import type { SitemapTiming } from './sitemaps.ts'
import type { StartupResult } from './startup.ts'
import type { TrafficResult } from './traffic.ts'

/*
 * What one `npm run bench` measured, and where it is kept: each run writes two files under bench/results/ (named by
 * its start and the machine), the results as JSON and the table as markdown (bench/report.ts), rather than a dated
 * section in a document that grew with every run (the runs before are in docs/archive/performance-journal-2026-11.md).
 */

/** Everything one run measured; parts that did not run are absent. */
export interface BenchResults {
  startedAt: Date
  totalSeconds: number
  command: string
  /** The code measured: `git describe --always --dirty` when the run began (the server runs from the sources). */
  code: string
  machine: MachineInfo
  loadAverage: { start: number[]; end: number[] }
  database: { listings: number; published: number }
  mixDescription: string
  mixQueries: number
  notes: string[]
  seed?: SeedResult
  build?: { seconds: number }
  serverReadyMs?: number
  serverRssMb?: number
  explain?: ExplainResult
  searchC1?: LatencyResult
  searchC32?: LoadResult
  /** Which program made the load (bench/http.ts): the figures of the two are not comparable on two cores. */
  loadGenerator?: 'wrk' | 'autocannon'
  /** The car detail API answered every time (a request that skips the guest cache). */
  detail?: LoadResult & { cpuMsPerRequest?: number }
  /** The car detail API for guests: 3,000 cars in turn, each first asked a miss, then from the guest cache. */
  detailGuests?: LoadResult & { cpuMsPerRequest?: number }
  /** The car page rendered every time (a guest's request that skips the page cache). */
  ssr?: LoadResult & { cpuMsPerRequest?: number }
  /** The car page for guests, from the page cache (20 hot cars). */
  ssrCached?: LoadResult & { cpuMsPerRequest?: number }
  /** The same as `ssr`, with Safari's Accept-Encoding (brotli instead of zstd). */
  ssrBrotli?: LoadResult & { cpuMsPerRequest?: number }
  /** How long a price change took to reach a guest under the cached load (-1: not within 10 s). */
  purge?: { ms: number; polls: number }
  /** A React Router request without rendering (GET /locale, a loader's redirect) through the same server. */
  routerMinimal?: LoadResult
  hello?: LoadResult
  /** The same bare route under autocannon, the generator of runs before issue 15's last (for comparison). */
  helloAutocannon?: LoadResult
  sitemap?: SitemapTiming[]
  alerts?: AlertsResult
  weight?: PageWeight[]
  lighthouse?: LighthouseScores[]
  lighthouseError?: string
  startup?: StartupResult
  /** Issue 38: the dry run (parse, check, match; nothing written) of a 10,000-car feed as CSV and as XML. */
  feeds?: FeedsResult
  /** Issue 39: the market's traffic on one and two app processes, its ceilings and target ratios (bench/traffic.ts). */
  traffic?: TrafficResult
  /** The same loads on the server as `count` app processes (APP_PROCESSES, one per core). */
  processes?: {
    count: number
    ssr: LoadResult & { cpuMsPerRequest?: number }
    detail: LoadResult & { cpuMsPerRequest?: number }
    searchC32: LoadResult & { cpuMsPerRequest?: number }
  }
}

/** The folder the runs' files go to. */
const RESULTS_DIR = new URL('./results/', import.meta.url).pathname

/**
 * A short name for the machine, for the files' names: the processor's maker and family as it calls itself, and its
 * cores (`amd-epyc-2c`, `intel-xeon-2c`, `intel-core-i7-8650u-8c`). Machines of the same name can differ several times
 * in speed (the bare route in the same run is the measure of that); the name only tells the files apart.
 */
function machineTag(machine: Pick<MachineInfo, 'cpus' | 'cpuModel'>): string {
  const words = machine.cpuModel
    .replace(/\((R|TM|C)\)/gi, ' ')
    .replace(/@.*$/, ' ')
    .replace(/\b(processor|cpu|\d+-core)\b/gi, ' ')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .slice(0, 4)
  return [...(words.length > 0 ? words : ['unknown']), `${machine.cpus}c`].join('-')
}

/**
 * The files' common name: the run's start in ISO 8601's basic format (UTC to the second; no colons, which some file
 * systems refuse), then the machine's tag: `20261125T180312Z-amd-epyc-2c`. Sorted by name, the files are in time order.
 */
function resultFileStem(results: Pick<BenchResults, 'startedAt' | 'machine'>): string {
  const when = results.startedAt
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll('-', '')
    .replaceAll(':', '')
  return `${when}-${machineTag(results.machine)}`
}

/** The checkout's commit, with `-dirty` when files differ from it; null outside a git checkout. */
function currentCommit(): string | null {
  const cwd = new URL('..', import.meta.url).pathname
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd, encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd, encoding: 'utf8' })
    return dirty.trim() === '' ? commit : `${commit}-dirty`
  } catch {
    return null
  }
}

/**
 * Writes the run's results (`<stem>.json`: the results as measured, with the machine's tag, its operating system and
 * the commit measured) and its table (`<stem>.md`, `markdown` as bench/report.ts makes it) into `dir`. Answers the
 * two paths.
 */
export function writeResultFiles(
  results: BenchResults,
  markdown: string,
  dir = RESULTS_DIR,
): { json: string; markdown: string } {
  mkdirSync(dir, { recursive: true })
  const stem = resultFileStem(results)
  const json = join(dir, `${stem}.json`)
  const md = join(dir, `${stem}.md`)
  const file = {
    ...results,
    machine: { ...results.machine, tag: machineTag(results.machine), os: `${platform()} ${release()} ${arch()}` },
    commit: currentCommit(),
  }
  writeFileSync(json, `${JSON.stringify(file, null, 2)}\n`)
  writeFileSync(md, markdown)
  return { json, markdown: md }
}
