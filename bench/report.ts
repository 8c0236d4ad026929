import type { BenchResults } from './results.ts'
import { fmt, missText, rows } from './table.ts'

/* A run's table: printed to the terminal, and as markdown with the run's machine, mix, notes and details. */

export function printTable(r: BenchResults): string {
  const table = rows(r).map((row) => [row.what, row.result, row.target, missText(row, r)])
  const head = ['What', 'Result', 'Target', 'Status']
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((t) => (t[i] ?? '').length)))
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-+-'), ...table.map(line)].join('\n')
}

function markdownTable(r: BenchResults): string {
  const esc = (s: string) => s.replaceAll('|', '\\|')
  const body = rows(r).map(
    (row) => `| ${esc(row.what)} | ${esc(row.result)} | ${esc(row.target)} | ${esc(missText(row, r))} |`,
  )
  return ['| What | Result | Target | Status |', '| --- | --- | --- | --- |', ...body].join('\n')
}

export function markdownSection(r: BenchResults): string {
  const m = r.machine
  const when = `${r.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
  const out: string[] = [
    `## ${when}: catalogue benchmark at ${fmt(r.database.listings)} listings`,
    '',
    `\`${r.command}\` on \`${r.code ?? 'unknown'}\`, ${Math.round(r.totalSeconds)} s in all. ` +
      `Machine: ${m.cpus} cores (${m.cpuModel}), ` +
      `${m.memoryGb} GB memory, Node ${m.node}, PostgreSQL ${m.postgres} (${m.postgresSettings}). ` +
      `Load average (1 min) ${r.loadAverage.start[0]?.toFixed(1)} at the start, ${r.loadAverage.end[0]?.toFixed(1)} ` +
      `at the end. Database: ${fmt(r.database.listings)} listings, ${fmt(r.database.published)} published.`,
    '',
    markdownTable(r),
    '',
    `Search mix (${r.mixQueries} distinct queries, seeded, bench/mix.ts): ${r.mixDescription}`,
  ]
  if (r.notes.length > 0) out.push('', ...r.notes.map((n) => `- ${n}`))
  if (r.startup) {
    out.push('', "Embedded demo, first start (ms from spawn, resident memory then, the server's log line):", '')
    for (const p of r.startup.first.phases)
      out.push(`- ${fmt(p.atMs)} ms, ${fmt(p.rssMb)} MB: ${p.message}${p.ms === undefined ? '' : ` (${fmt(p.ms)} ms)`}`)
  }
  if (r.explain && r.explain.offenders.length > 0) {
    out.push('', `Queries with a sequential scan of \`listings\` (${r.explain.offenders.length}):`, '')
    for (const o of r.explain.offenders.slice(0, 15)) out.push(`- \`${o.search || '(no filter)'}\` (${o.kind})`)
    if (r.explain.offenders.length > 15) out.push(`- and ${r.explain.offenders.length - 15} more`)
  }
  if (r.explain) {
    out.push(
      '',
      `Slowest mix queries under EXPLAIN ANALYZE: ${r.explain.slowest.map((s) => `\`${s.search || '(no filter)'}\` ${s.executionMs} ms`).join(', ')}.`,
    )
  }
  for (const l of r.lighthouse ?? []) {
    const x = l.metrics
    out.push(
      '',
      `Lighthouse ${l.path}: FCP ${x.fcpMs} ms, LCP ${x.lcpMs} ms, TBT ${x.tbtMs} ms, CLS ${x.cls}, Speed Index ${x.speedIndexMs} ms.` +
        (l.opportunities.length ? ` Biggest costs: ${l.opportunities.join('; ')}.` : '') +
        (l.failing.length ? ` Losing points: ${l.failing.join('; ')}.` : '') +
        (l.warnings.length ? ` Lighthouse warned: ${l.warnings.join(' ')}` : ''),
    )
  }
  return `${out.join('\n')}\n`
}
