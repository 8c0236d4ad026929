/** Small SVG helpers for the illustrations: rounded polygons and colour arithmetic. */

/** A polygon vertex; `r` rounds the corner, `arc` draws the edge arriving here as a wheel-arch arc of that radius. */
export interface Vertex {
  x: number
  y: number
  r: number
  arc?: number
}

/** Parses `'x,y,r x,y,r …'` (r optional) into vertices. */
export function vertices(spec: string): Vertex[] {
  return spec
    .trim()
    .split(/\s+/)
    .map((point) => {
      const [x = 0, y = 0, r = 0] = point.split(',').map(Number)
      return { x, y, r }
    })
}

const n = (value: number): string => String(Math.round(value * 10) / 10)

/** Closed path through `points`, each corner rounded by a quadratic curve of (at most) its radius. */
export function roundedPath(points: Vertex[]): string {
  const corners = points.map((p, i) => {
    const prev = points[(i + points.length - 1) % points.length] as Vertex
    const next = points[(i + 1) % points.length] as Vertex
    const toPrev = Math.hypot(prev.x - p.x, prev.y - p.y) || 1
    const toNext = Math.hypot(next.x - p.x, next.y - p.y) || 1
    const r = Math.min(p.r, toPrev / 2, toNext / 2)
    return {
      p,
      start: { x: p.x + ((prev.x - p.x) / toPrev) * r, y: p.y + ((prev.y - p.y) / toPrev) * r },
      end: { x: p.x + ((next.x - p.x) / toNext) * r, y: p.y + ((next.y - p.y) / toNext) * r },
      round: r > 0,
    }
  })
  const first = corners[0]
  if (!first) return ''
  let d = `M${n(first.end.x)} ${n(first.end.y)}`
  for (const c of [...corners.slice(1), first]) {
    d += c.p.arc
      ? `A${n(c.p.arc)} ${n(c.p.arc)} 0 1 0 ${n(c.start.x)} ${n(c.start.y)}`
      : `L${n(c.start.x)} ${n(c.start.y)}`
    if (c.round) d += `Q${n(c.p.x)} ${n(c.p.y)} ${n(c.end.x)} ${n(c.end.y)}`
  }
  return `${d}Z`
}

type Rgb = [number, number, number]

const HEX = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i

/** Normalises `#ABC`, `abc`, `#aabbcc` … to `aabbcc`; throws on anything else (the value ends up inside SVG). */
export function normaliseHex(colourHex: string): string {
  const match = HEX.exec(colourHex.trim())
  if (!match?.[1]) throw new Error(`Invalid colour: ${JSON.stringify(colourHex)}`)
  const hex = match[1].toLowerCase()
  return hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex
}

function rgb(colourHex: string): Rgb {
  const hex = normaliseHex(colourHex)
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb
}

function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.max(0, Math.min(255, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

/** Linear mix: t = 0 gives `a`, t = 1 gives `b`. */
export function mix(a: string, b: string, t: number): string {
  const ca = rgb(a)
  const cb = rgb(b)
  return hex([0, 1, 2].map((i) => (ca[i] as number) * (1 - t) + (cb[i] as number) * t) as Rgb)
}

/** Relative luminance (WCAG), 0 for black to 1 for white. */
export function luminance(colourHex: string): number {
  const [r, g, b] = rgb(colourHex).map((c) => {
    const s = c / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** One SVG element; attribute values are numbers or already-safe strings (no user input reaches here unchecked). */
export function el(name: string, attrs: Record<string, string | number>, children = ''): string {
  const list = Object.entries(attrs)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? n(value) : value}"`)
    .join('')
  return children ? `<${name}${list}>${children}</${name}>` : `<${name}${list}/>`
}

/** A vertical linear gradient through evenly spaced colours (top to bottom). */
export function verticalGradient(id: string, colours: string[], attrs: Record<string, string | number> = {}): string {
  const stops = colours.map((colour, i) => el('stop', { offset: i / (colours.length - 1), 'stop-color': colour }))
  return el('linearGradient', { id, x1: 0, y1: 0, x2: 0, y2: 1, ...attrs }, stops.join(''))
}
