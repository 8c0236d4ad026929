/**
 * What the retention purges removed, kept in this process's memory for whoever exposes metrics: no metrics library
 * here, so the Prometheus registry (or anything else) reads `retentionSnapshot()` or subscribes with
 * `onRetentionRun` and turns the counts into its own counters and gauges. Counts are rows, per purge and per table.
 */
export type RetentionCounts = Record<string, number>

interface RetentionRun {
  purge: string
  counts: RetentionCounts
  finishedAt: Date
  ms: number
}

interface PurgeStats {
  last: RetentionRun
  /** Rows removed per table since the process started. */
  totals: RetentionCounts
  runs: number
}

const stats = new Map<string, PurgeStats>()

/** Records one finished run of a purge: the last run's counts and the running totals. */
export function recordRetention(purge: string, counts: RetentionCounts, ms = 0, finishedAt = new Date()): void {
  const run: RetentionRun = { purge, counts: { ...counts }, finishedAt, ms }
  const previous = stats.get(purge)
  const totals = { ...(previous?.totals ?? {}) }
  for (const [table, n] of Object.entries(counts)) totals[table] = (totals[table] ?? 0) + n
  stats.set(purge, { last: run, totals, runs: (previous?.runs ?? 0) + 1 })
}

/** Every purge run in this process so far: its last run and its totals. */
export function retentionSnapshot(): Record<string, PurgeStats> {
  return Object.fromEntries(
    [...stats].map(([purge, s]) => [purge, { last: { ...s.last }, totals: { ...s.totals }, runs: s.runs }]),
  )
}
