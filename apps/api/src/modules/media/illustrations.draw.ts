import type { BodyType } from '@tulpar/contracts'
import { CARS, type CarSpec, GROUND_Y } from './illustrations.cars.ts'
import { el, luminance, mix, roundedPath, type Vertex, verticalGradient, vertices } from './illustrations.geometry.ts'

const ROOF_RAIL = 24
const TYRE = '#1b1d22'
const DARK = '#2a2d33'
const rimStops = el('stop', { offset: 0, 'stop-color': '#eef1f4' }) + el('stop', { offset: 1, 'stop-color': '#9aa3ae' })

interface Palette {
  paint: string
  light: string
  shade: string
  deep: string
  stroke: string
  trim: string
}

function palette(paint: string): Palette {
  const lum = luminance(paint)
  // Near-black paint gets light outlines and shut lines (a rim light), everything else darker ones.
  const nearBlack = lum < 0.035
  return {
    paint,
    light: mix(paint, '#ffffff', 0.25),
    shade: mix(paint, '#000000', 0.2),
    deep: nearBlack ? mix(paint, '#ffffff', 0.2) : mix(paint, '#0b0d12', 0.45 + 0.3 * lum),
    stroke: nearBlack ? mix(paint, '#ffffff', 0.3) : mix(paint, '#0b0d12', 0.55 + 0.3 * lum),
    trim: lum < 0.05 ? '#9aa4af' : '#1c2027',
  }
}

/** SVG fragment (defs + shapes) of one car in `paint`; ids are prefixed with `car-`. */
export function carSvg(bodyType: BodyType, paint: string): string {
  const spec = CARS[bodyType]
  const c = palette(paint)
  const [rearX, frontX, radius] = spec.wheels
  const wheelY = GROUND_Y - radius
  const archR = radius + 14
  const archDx = Math.sqrt(archR ** 2 - (spec.sill - wheelY) ** 2)
  const outline: Vertex[] = [
    ...vertices(spec.body),
    { x: frontX + archDx, y: spec.sill, r: 0 },
    { x: frontX - archDx, y: spec.sill, r: 0, arc: archR },
    { x: rearX + archDx, y: spec.sill, r: 0 },
    { x: rearX - archDx, y: spec.sill, r: 0, arc: archR },
  ]
  const body = roundedPath(outline)
  const top = Math.min(...outline.map((p) => p.y))
  const rear = Math.min(...outline.map((p) => p.x))
  const front = Math.max(...outline.map((p) => p.x))
  const arch = (x: number) => `M${x + archDx} ${spec.sill}A${archR} ${archR} 0 1 0 ${x - archDx} ${spec.sill}`
  const lower = spec.cladding ? '#3a3e45' : c.shade
  const line = (d: string, stroke: string, width: number, extra = {}) =>
    el('path', { d, stroke, 'stroke-width': width, fill: 'none', ...extra })

  const defs = el(
    'defs',
    {},
    verticalGradient('car-paint', [c.light, c.paint, c.shade], {
      y1: top,
      y2: spec.sill,
      gradientUnits: 'userSpaceOnUse',
    }) +
      verticalGradient('car-glass', ['#46566a', '#1c232d']) +
      el('radialGradient', { id: 'car-rim', cx: 0.4, cy: 0.35, r: 0.8 }, rimStops) +
      el('clipPath', { id: 'car-body' }, el('path', { d: body })) +
      el('clipPath', { id: 'car-glass-clip' }, el('path', { d: spec.glass ? roundedPath(vertices(spec.glass)) : '' })) +
      el('g', { id: 'car-wheel' }, wheel(radius)),
  )
  const details = [
    spec.glass ? glassSvg(spec, body, c) : '',
    // The roof rail again, unclipped by the glass: hides anti-aliasing seams where glass edges cross it.
    line(body, 'url(#car-paint)', ROOF_RAIL * 2),
    el('rect', { x: 0, y: spec.sill - 62, width: 1600, height: 200, fill: lower }),
    line(`M0 ${spec.sill - 62}H1600`, c.light, 3, { opacity: 0.6 }),
    line(`M0 ${spec.belt + 28}H1600`, c.light, 4, { opacity: 0.8 }),
    line(`M0 ${spec.belt + 32}H1600`, c.deep, 2, { opacity: 0.35 }),
    spec.cladding ? line(arch(rearX) + arch(frontX), lower, 40) : '',
    line(spec.doors.map((x) => `M${x} ${spec.belt + 2}V${spec.sill - 6}`).join('') + lines(spec.lines), c.deep, 3),
    ...spec.handles.map((x) =>
      el('rect', {
        x,
        y: spec.belt + 46,
        width: 46,
        height: 11,
        rx: 5.5,
        fill: c.shade,
        stroke: c.deep,
        'stroke-width': 2,
      }),
    ),
    el('rect', { x: front - 62, y: spec.sill - 84, width: 120, height: 30, rx: 12, fill: DARK }),
    lamp(spec.head, '#fbf4d2', c.stroke),
    lamp(spec.tail, '#c9283c', '#79182a'),
  ]
  return [
    defs,
    spec.spare ? el('rect', { x: rear - 46, y: 520, width: 48, height: 200, rx: 20, fill: TYRE }) : '',
    spec.open ? openTop(spec.belt, c.stroke) : '',
    el('path', { d: `${arch(rearX)}Z${arch(frontX)}Z`, fill: '#121418' }),
    el('use', { href: '#car-wheel', x: rearX, y: wheelY }),
    el('use', { href: '#car-wheel', x: frontX, y: wheelY }),
    el('path', { d: body, fill: 'url(#car-paint)' }),
    el('g', { 'clip-path': 'url(#car-body)' }, details.join('\n')),
    line(body, c.stroke, 5, { 'stroke-linejoin': 'round' }),
    spec.rail ? rail(spec.rail, c.trim) : '',
    el('path', {
      d: `M${spec.mirror[0]} ${spec.mirror[1]}c-3 -14 -8 -30 -24 -32c-14 -2 -26 4 -26 15c0 10 10 15 26 17z`,
      fill: 'url(#car-paint)',
      stroke: c.stroke,
      'stroke-width': 4,
      'stroke-linejoin': 'round',
    }),
  ].join('\n')
}

/** Dark glass inside the daylight opening, framed by a roof rail of constant width and the pillars. */
function glassSvg(spec: CarSpec, body: string, c: Palette): string {
  const { belt } = spec
  const pillar = ([x, w, lean]: [number, number, number]) =>
    `M${x - w / 2} ${belt + 10}L${x + w / 2} ${belt + 10}L${x + w / 2 + lean} 300L${x - w / 2 + lean} 300Z`
  const glare = `M520 ${belt}l180 -260h70l-180 260zM860 ${belt}l180 -260h30l-180 260z`
  const outline = { d: body, fill: 'none' }
  return el(
    'g',
    { 'clip-path': 'url(#car-glass-clip)' },
    el('rect', { x: 0, y: 200, width: 1600, height: belt, fill: 'url(#car-glass)' }) +
      el('path', { d: glare, fill: '#ffffff', opacity: 0.1 }) +
      el('path', { d: roundedPath(vertices(spec.glass ?? '')), fill: 'none', stroke: c.trim, 'stroke-width': 8 }) +
      el('path', { ...outline, stroke: c.trim, 'stroke-width': ROOF_RAIL * 2 + 6 }) +
      el('path', { ...outline, stroke: 'url(#car-paint)', 'stroke-width': ROOF_RAIL * 2 }) +
      el('path', {
        d: (spec.pillars ?? []).map(pillar).join(''),
        fill: 'url(#car-paint)',
        stroke: c.trim,
        'stroke-width': 3,
      }),
  )
}

/** Convertible: seats, folded roof and the windscreen frame above the belt line. */
function openTop(belt: number, stroke: string): string {
  const seat = (x: number) =>
    el('rect', { x, y: belt - 92, width: 54, height: 120, rx: 22, transform: `rotate(-10 ${x} ${belt})` })
  const frame = `M1022 ${belt}L915 ${belt - 118}L885 ${belt - 114}`
  return [
    el('g', { fill: '#3a3f47', stroke, 'stroke-width': 3 }, seat(590) + seat(790)),
    el('rect', { x: 285, y: belt - 36, width: 200, height: 62, rx: 28, fill: DARK, stroke, 'stroke-width': 3 }),
    el('path', { d: `${frame}L950 ${belt}Z`, fill: '#b6cde0', opacity: 0.55 }),
    el('path', { d: `M905 ${belt - 40}l34 26`, stroke: DARK, 'stroke-width': 10, 'stroke-linecap': 'round' }),
    el('path', { d: frame, fill: 'none', stroke: DARK, 'stroke-width': 12, 'stroke-linecap': 'round' }),
  ].join('')
}

function rail(spec: string, colour: string): string {
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = spec.split(',').map(Number)
  const d = `M${x1} ${y1 + 10}L${x1 + 24} ${y1}L${x2 - 24} ${y2}L${x2} ${y2 + 10}`
  return el('path', { d, fill: 'none', stroke: colour, 'stroke-width': 10, 'stroke-linecap': 'round' })
}

/** A lamp clipped by the body, so it wraps around the nose or tail. */
function lamp(xywh: string, fill: string, stroke: string): string {
  const [x = 0, y = 0, width = 0, height = 0] = xywh.split(',').map(Number)
  return el('rect', { x, y, width, height, rx: 12, fill, stroke, 'stroke-width': 3 })
}

function lines(spec?: string): string {
  return (spec ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((segment) => {
      const [x1, y1, x2, y2] = segment.split(',')
      return `M${x1} ${y1}L${x2} ${y2}`
    })
    .join('')
}

function wheel(radius: number): string {
  const polar = (r: number, deg: number) => {
    const a = ((deg - 90) * Math.PI) / 180
    return `${Math.round(r * Math.cos(a) * 10) / 10} ${Math.round(r * Math.sin(a) * 10) / 10}`
  }
  const inner = radius * 0.24
  const outer = radius * 0.52
  const arc = `A${outer} ${outer} 0 0 1 ${polar(outer, 22)}`
  const hole = `M${polar(inner, -13)}L${polar(outer, -22)}${arc}L${polar(inner, 13)}Z`
  const holes = [0, 72, 144, 216, 288].map((deg) => el('path', { d: hole, transform: `rotate(${deg})` })).join('')
  const spokes = { fill: '#2d323a', stroke: '#2d323a', 'stroke-width': 6, 'stroke-linejoin': 'round' }
  return [
    el('circle', { r: radius, fill: TYRE }),
    el('circle', { r: radius - 8, fill: 'none', stroke: '#2c3038', 'stroke-width': 3 }),
    el('circle', { r: radius * 0.64, fill: 'url(#car-rim)', stroke: '#6b7480', 'stroke-width': 2 }),
    el('g', spokes, holes),
    el('circle', { r: radius * 0.15, fill: '#c3c9d1', stroke: '#7d8692', 'stroke-width': 2 }),
  ].join('')
}
