import { ListingSearchQuery } from '@tulpar/contracts'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Db } from '../apps/api/src/db/client.ts'
import * as schema from '../apps/api/src/db/schema.ts'
import { createListingsService } from '../apps/api/src/modules/listings/index.ts'
import { createReferenceService } from '../apps/api/src/modules/reference/index.ts'
import type { MixQuery } from './mix.ts'

/*
 * EXPLAIN (ANALYZE, BUFFERS) of every statement each mix query sends. The queries are captured from the
 * real search service (the same function GET /api/cars/ calls) through drizzle's query logger, so the
 * plans are those of whatever the search implementation is, not of hand-copied SQL.
 */

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  'Actual Total Time'?: number
  'Actual Rows'?: number
  'Actual Loops'?: number
  Filter?: string
  'Index Cond'?: string
  'Shared Hit Blocks'?: number
  'Shared Read Blocks'?: number
  Plans?: PlanNode[]
}

/** The plan as an indented tree (what EXPLAIN's text format shows), from the JSON we already have. */
function formatPlan(node: PlanNode, depth = 0): string {
  const on = node['Relation Name'] ? ` on ${node['Relation Name']}` : ''
  const using = node['Index Name'] ? ` using ${node['Index Name']}` : ''
  const actual = ` (actual time=${node['Actual Total Time']} rows=${node['Actual Rows']} loops=${node['Actual Loops']})`
  const buffers = ` buffers hit=${node['Shared Hit Blocks'] ?? 0} read=${node['Shared Read Blocks'] ?? 0}`
  const cond = node['Index Cond'] ? `\n${'  '.repeat(depth + 1)}Index Cond: ${node['Index Cond']}` : ''
  const filter = node.Filter ? `\n${'  '.repeat(depth + 1)}Filter: ${node.Filter}` : ''
  const head = `${'  '.repeat(depth)}-> ${node['Node Type']}${using}${on}${actual}${buffers}${cond}${filter}`
  return [head, ...(node.Plans ?? []).map((p) => formatPlan(p, depth + 1))].join('\n')
}

interface ExplainedQuery {
  search: string
  kind: string
  statements: number
  /** Sum of the statements' execution times reported by EXPLAIN ANALYZE. */
  executionMs: number
  /** Statements with a sequential scan of `listings`, with their plans. */
  seqScans: { sql: string; plan: string }[]
  /** Relations and indexes the plans touched, e.g. `listings:listings_pub_newest_idx`. */
  accessPaths: string[]
}

export interface ExplainResult {
  queries: number
  /** Queries only planned, not run, because the ANALYZE time budget ran out. */
  planOnly: number
  statements: number
  offenders: ExplainedQuery[]
  slowest: { search: string; executionMs: number }[]
  medianMs: number
  p95Ms: number
}

function walk(node: PlanNode, visit: (n: PlanNode) => void) {
  visit(node)
  for (const child of node.Plans ?? []) walk(child, visit)
}

/**
 * `analyzeSeconds` bounds the time spent running queries under EXPLAIN ANALYZE (a slow search could make
 * it take many minutes); past it, the remaining queries are only planned (EXPLAIN without ANALYZE), which
 * still shows a sequential scan but no timings.
 */
export async function explainMix(
  databaseUrl: string,
  pool: readonly MixQuery[],
  { analyzeSeconds, progress }: { analyzeSeconds: number; progress: (message: string) => void },
): Promise<ExplainResult> {
  const started = performance.now()
  let planOnly = 0
  const pgPool = new pg.Pool({ connectionString: databaseUrl, max: 4 })
  const captured: { sql: string; params: unknown[] }[] = []
  const db = drizzle(pgPool, {
    schema,
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  }) as unknown as Db
  // Only the catalogue search is explained: the listings service alone, on the capturing client.
  const listings = createListingsService({ db, reference: createReferenceService({ db }) })
  const explained: ExplainedQuery[] = []
  try {
    for (const q of pool) {
      captured.length = 0
      await listings.searchListings(ListingSearchQuery.parse(q.params), 'ru')
      const statements = captured.filter((c) => /^\s*(select|with)\b/i.test(c.sql))
      const result: ExplainedQuery = {
        search: q.search,
        kind: q.kind,
        statements: statements.length,
        executionMs: 0,
        seqScans: [],
        accessPaths: [],
      }
      const paths = new Set<string>()
      const analyze = performance.now() - started < analyzeSeconds * 1000
      if (!analyze) planOnly++
      for (const s of statements) {
        const { rows } = await pgPool.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time'?: number }] }>(
          `explain (${analyze ? 'analyze, buffers, ' : ''}format json) ${s.sql}`,
          s.params,
        )
        const plan = rows[0]?.['QUERY PLAN'][0]
        if (!plan) continue
        result.executionMs += plan['Execution Time'] ?? 0
        let seq = false
        walk(plan.Plan, (n) => {
          if (n['Relation Name']) paths.add(`${n['Relation Name']}:${n['Index Name'] ?? n['Node Type']}`)
          if (n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'listings') seq = true
        })
        if (seq) result.seqScans.push({ sql: s.sql, plan: formatPlan(plan.Plan) })
      }
      result.accessPaths = [...paths].sort()
      explained.push(result)
      if (explained.length % 25 === 0) progress(`  explained ${explained.length}/${pool.length}`)
    }
  } finally {
    await pgPool.end()
  }
  const times = explained
    .slice(0, explained.length - planOnly)
    .map((e) => e.executionMs)
    .sort((a, b) => a - b)
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0
  return {
    queries: explained.length,
    planOnly,
    statements: explained.reduce((n, e) => n + e.statements, 0),
    offenders: explained.filter((e) => e.seqScans.length > 0),
    slowest: [...explained]
      .sort((a, b) => b.executionMs - a.executionMs)
      .slice(0, 5)
      .map((e) => ({ search: e.search, executionMs: round1(e.executionMs) })),
    medianMs: round1(at(0.5)),
    p95Ms: round1(at(0.95)),
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10
