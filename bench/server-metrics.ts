import type pg from 'pg'
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

const COUNTERS: Record<keyof CacheCounters, string> = {
  purges: 'tulpar_page_cache_purges_total',
  purgedPages: 'tulpar_page_cache_purged_pages_total',
  evictedKept: 'tulpar_page_cache_evicted_total{kind="kept"}',
  evictedFirstViews: 'tulpar_page_cache_evicted_total{kind="first_view"}',
  secondViews: 'tulpar_page_cache_second_views_total',
  promoted: 'tulpar_page_cache_promoted_total',
}

/** A counter's value in Prometheus' text format (0 when absent). */
function counterIn(text: string, series: string): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(series)) continue
    const rest = line.slice(series.length)
    if (rest[0] !== ' ') continue
    const value = Number(rest.trim().split(' ')[0])
    return Number.isFinite(value) ? value : 0
  }
  return 0
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
    const sum = (series: string) => texts.reduce((total, text) => total + counterIn(text, series), 0)
    const counters = {} as CacheCounters
    for (const [name, series] of Object.entries(COUNTERS)) counters[name as keyof CacheCounters] = sum(series)
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
