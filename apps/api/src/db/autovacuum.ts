import type pg from 'pg'

/**
 * Whether the PostgreSQL server vacuums on its own (some images turn it off): read by start-up's warning
 * (prepare.ts) and by the metrics' gauge on each scrape (plugins/metrics.ts).
 */
export async function autovacuumOn(pool: Pick<pg.Pool, 'query'>): Promise<boolean> {
  const { rows } = await pool.query<{ v: string }>(`select current_setting('autovacuum') as v`)
  return rows[0]?.v !== 'off'
}
