import type pg from 'pg'
import { parsePrometheusText, sampleValue } from '../apps/api/src/testing/prometheus-text.ts'
import type { RunningServer } from './servers.ts'

/*
 * What the server did besides answering the bench, read at a window's start and end: its page cache's purges and
 * evictions (each app process's /metrics, plugins/metrics.ts) and the scheduled jobs its workers ran (pg-boss's table).
 * The sixteenth session's hour kept 64% of the similar cars' answers where the fifteenth's kept 97%: its window
 * opened a minute after the hourly fresh-listings run had purged every list (issue 39); these say so in the report.
 */

/** The page cache's counters summed over the app processes. */
export interface CacheCounters {
  purges: number
  purgedPages: number
  evictedKept: number
  evictedFirstViews: number
  /** Second views answered from a first view, and pages kept for good at their third (decision 039): both HITs. */
  secondViews: number
  promoted: number
}

const COUNTERS: Record<keyof CacheCounters, [name: string, labels?: Record<string, string>]> = {
  purges: ['tulpar_page_cache_purges_total'],
  purgedPages: ['tulpar_page_cache_purged_pages_total'],
  evictedKept: ['tulpar_page_cache_evicted_total', { kind: 'kept' }],
  evictedFirstViews: ['tulpar_page_cache_evicted_total', { kind: 'first_view' }],
  secondViews: ['tulpar_page_cache_second_views_total'],
  promoted: ['tulpar_page_cache_promoted_total'],
}

/** The page cache's counters now, or null when a process's metrics cannot be read (within 5 s). */
export async function pageCacheCounters(server: RunningServer): Promise<CacheCounters | null> {
  const m = server.metrics
  if (!m) return null
  try {
    const texts = await Promise.all(
      Array.from({ length: m.processes }, async (_, n) => {
        const res = await fetch(`http://127.0.0.1:${m.port + n}/metrics`, {
          headers: { authorization: `Bearer ${m.token}` },
          signal: AbortSignal.timeout(5_000),
        })
        if (!res.ok) throw new Error(`metrics: ${res.status}`)
        return res.text()
      }),
    )
    const scrapes = texts.map(parsePrometheusText)
    const counters = {} as CacheCounters
    for (const [counter, [name, labels]] of Object.entries(COUNTERS))
      counters[counter as keyof CacheCounters] = scrapes.reduce(
        (sum, s) => sum + (sampleValue(s, name, labels) ?? 0),
        0,
      )
    return counters
  } catch {
    return null
  }
}

/** `after` less `before`, counter by counter; null when either is unknown. */
export function countersSince(before: CacheCounters | null, after: CacheCounters | null): CacheCounters | null {
  if (!before || !after) return null
  const since = {} as CacheCounters
  for (const name of Object.keys(COUNTERS) as (keyof CacheCounters)[]) since[name] = after[name] - before[name]
  return since
}

/** A scheduled job's runs: its name, how many, and when the first began (ISO). */
export interface JobRuns {
  name: string
  runs: number
  firstStartedAt: string
}

/**
 * The jobs the server's workers began between `from` and `to` (pg-boss's job table), by name; null when it cannot be
 * read. The scheduled ones run at fixed minutes of the hour (apps/api/src/workers.ts), so where a window falls
 * decides which of them it shares its cores with.
 */
export async function jobsBegun(client: pg.Client, from: Date, to: Date): Promise<JobRuns[] | null> {
  try {
    const { rows } = await client.query<{ name: string; runs: number; first: Date }>(
      `select name, count(*)::int as runs, min(started_on) as first from pgboss.job
        where started_on >= $1 and started_on < $2 group by name order by min(started_on)`,
      [from, to],
    )
    return rows.map((r) => ({ name: r.name, runs: r.runs, firstStartedAt: r.first.toISOString() }))
  } catch {
    return null
  }
}
