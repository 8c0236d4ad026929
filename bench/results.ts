import type { AlertsResult } from './alerts.ts'
import type { MachineInfo, SeedResult } from './database.ts'
import type { ExplainResult } from './explain.ts'
import type { LatencyResult, LoadResult } from './http.ts'
import type { LighthouseScores } from './lighthouse.ts'
import type { PageWeight } from './page-weight.ts'
import type { SitemapTiming } from './sitemaps.ts'
import type { StartupResult } from './startup.ts'

/** Everything one run measured; parts that did not run are absent. */
export interface BenchResults {
  startedAt: Date
  totalSeconds: number
  command: string
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
  /** The same loads on the server as `count` app processes (APP_PROCESSES, one per core). */
  processes?: {
    count: number
    ssr: LoadResult & { cpuMsPerRequest?: number }
    detail: LoadResult & { cpuMsPerRequest?: number }
    searchC32: LoadResult & { cpuMsPerRequest?: number }
  }
}
