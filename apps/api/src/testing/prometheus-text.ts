/*
 * Prometheus' text format read back: the metrics' tests and the bench (bench/server-metrics.ts) read /metrics with it.
 */

export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

/** Every sample of a scrape: its name, its labels and its value (comments and blank lines skipped). */
export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!m?.[1] || m[3] === undefined) continue
    const labels: Record<string, string> = {}
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) if (l[1]) labels[l[1]] = l[2] ?? ''
    samples.push({ name: m[1], labels, value: Number(m[3]) })
  }
  return samples
}

/** The value of the sample named `name` whose labels include `labels`; undefined when there is none. */
export function sampleValue(samples: readonly Sample[], name: string, labels: Record<string, string> = {}) {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value
}
