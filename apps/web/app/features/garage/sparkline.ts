import type { GarageValuePoint } from '@tulpar/contracts'

/*
 * The value trend as an inline SVG line, drawn on the server (no chart library, no JavaScript). Pure: unit-tested.
 * Days without an estimate are left out; x follows the calendar, so a gap of weeks looks like one.
 */

export interface Sparkline {
  /** SVG path data in a `width` x `height` box. */
  path: string
  last: { x: number; y: number }
  min: number
  max: number
  from: string
  to: string
}

const DAY_MS = 86_400_000
const round = (v: number) => Math.round(v * 10) / 10

/** Null with fewer than two days that have an estimate (no line to draw). */
export function sparkline(
  history: readonly GarageValuePoint[],
  { width, height, pad = 3 }: { width: number; height: number; pad?: number },
): Sparkline | null {
  const points = history.flatMap((p) =>
    p.estimateKzt === null ? [] : [{ t: Date.parse(`${p.day}T00:00:00Z`), v: p.estimateKzt, day: p.day }],
  )
  const first = points[0]
  const last = points.at(-1)
  if (!first || !last || points.length < 2) return null
  const values = points.map((p) => p.v)
  const min = Math.min(...values)
  const max = Math.max(...values)
  const span = Math.max(last.t - first.t, DAY_MS)
  const x = (t: number) => round(pad + ((t - first.t) / span) * (width - 2 * pad))
  // A flat value is a line through the middle, not along an edge.
  const y = (v: number) => round(max === min ? height / 2 : pad + ((max - v) / (max - min)) * (height - 2 * pad))
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.t)} ${y(p.v)}`).join(' ')
  return { path, last: { x: x(last.t), y: y(last.v) }, min, max, from: first.day, to: last.day }
}
