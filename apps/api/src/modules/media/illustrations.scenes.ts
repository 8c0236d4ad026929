import { el, verticalGradient } from './illustrations.geometry.ts'

/** Backgrounds (0 studio, 1 city street, 2 steppe with mountains) (the pages, not the drawing, say it is an illustration). */

const HORIZON_Y = 700
const H = HORIZON_Y
const FULL = { width: 1600, height: 1200 }
const BELOW_HORIZON = { y: H, width: 1600, height: 1200 - H }

/** Rectangles `[x, width, height]` standing on the horizon. */
function blocks(items: [number, number, number][], fill: string): string {
  return el('g', { fill }, items.map(([x, width, h]) => el('rect', { x, y: H - h, width, height: h + 2 })).join(''))
}

function studio(): string {
  const glow =
    el('stop', { offset: 0, 'stop-color': '#ffffff', 'stop-opacity': 0.9 }) +
    el('stop', { offset: 1, 'stop-color': '#ffffff', 'stop-opacity': 0 })
  return [
    el(
      'defs',
      {},
      verticalGradient('bg-wall', ['#f6f8fa', '#e1e6ec']) +
        verticalGradient('bg-floor', ['#e1e6ec', '#f3f5f8']) +
        el('radialGradient', { id: 'bg-glow' }, glow),
    ),
    el('rect', { ...FULL, fill: 'url(#bg-wall)' }),
    el('rect', { ...BELOW_HORIZON, fill: 'url(#bg-floor)' }),
    el('ellipse', { cx: 800, cy: 620, rx: 760, ry: 420, fill: 'url(#bg-glow)' }),
  ].join('\n')
}

/** A generic skyline with a Baiterek-like tower (a slim stem holding a golden sphere) and a street. */
function city(): string {
  const back: [number, number, number][] = [
    [0, 140, 250],
    [150, 90, 330],
    [250, 160, 210],
    [420, 110, 380],
    [540, 150, 270],
    [700, 90, 320],
    [1000, 130, 360],
    [1140, 150, 240],
    [1300, 100, 400],
    [1410, 190, 290],
  ]
  const front: [number, number, number][] = [
    [40, 180, 170],
    [260, 130, 220],
    [400, 200, 150],
    [620, 160, 200],
    [980, 190, 160],
    [1180, 140, 230],
    [1330, 240, 180],
  ]
  const tower = [
    el('rect', { x: 842, y: 330, width: 16, height: 372 }),
    el('path', { d: `M800 ${H}L850 470L900 ${H}Z` }),
    el('path', { d: 'M850 350L806 292M850 350L826 282M850 350L874 282M850 350L894 292', stroke: '#c2ccd7' }),
    el('circle', { cx: 850, cy: 300, r: 36, fill: '#e9cf8f' }),
  ]
  const dashes = [40, 330, 620, 910, 1200, 1490].map((x) => `M${x} 1090h150`).join('')
  return [
    el(
      'defs',
      {},
      verticalGradient('bg-sky', ['#c9dcee', '#f3ece2']) + verticalGradient('bg-road', ['#a3a9b1', '#858c95']),
    ),
    el('rect', { width: 1600, height: H, fill: 'url(#bg-sky)' }),
    blocks(back, '#cbd5df'),
    el('g', { fill: '#c2ccd7', 'stroke-width': 7 }, tower.join('')),
    blocks(front, '#b3bfcc'),
    el('rect', { y: H, width: 1600, height: 46, fill: '#d6d9dd' }),
    el('rect', { y: H + 46, width: 1600, height: 8, fill: '#bcc1c7' }),
    el('rect', { y: H + 54, width: 1600, height: 1200 - H - 54, fill: 'url(#bg-road)' }),
    el('path', { d: dashes, stroke: '#eef0f2', 'stroke-width': 12, opacity: 0.8 }),
  ].join('\n')
}

/** Golden steppe under the snowy ridges of the Tian Shan, with a dirt road. */
function steppe(): string {
  const ridge = 'V560L150 470L260 530L420 380L560 500L700 420L860 540L1000 400L1160 520L1300 440L1450 540L1600 470'
  const snow = [
    'M420 380L482 434L456 428L436 446L418 428L396 444L378 420Z',
    'M1000 400L1064 455L1036 448L1016 464L998 446L978 458L952 440Z',
    'M150 470L192 494L170 496L152 486L134 498L120 488Z',
    'M1300 440L1340 468L1318 466L1302 476L1286 466L1270 470Z',
  ]
  const tufts = [
    [90, 1080],
    [1460, 1120],
    [700, 1150],
  ].map(([x, y]) => `M${x} ${y}l-8 -30M${Number(x) + 10} ${y}l2 -36M${Number(x) + 20} ${y}l10 -28`)
  return [
    el(
      'defs',
      {},
      verticalGradient('bg-sky', ['#a6cfee', '#eaf3f7']) + verticalGradient('bg-steppe', ['#d9c98e', '#c6b06d']),
    ),
    el('rect', { width: 1600, height: H, fill: 'url(#bg-sky)' }),
    el('circle', { cx: 1330, cy: 210, r: 62, fill: '#fff7dc', opacity: 0.9 }),
    el('path', { d: `M0 ${H}${ridge}V${H}Z`, fill: '#aabdd0' }),
    el('path', { d: snow.join(''), fill: '#f4f8fb' }),
    el('path', { d: `M0 ${H}V640Q200 590 420 630T860 620T1300 625T1600 615V${H}Z`, fill: '#9fb29a' }),
    el('rect', { ...BELOW_HORIZON, fill: 'url(#bg-steppe)' }),
    el('path', {
      d: `M0 ${H + 2}Q400 ${H + 30} 800 ${H + 10}T1600 ${H + 14}`,
      fill: 'none',
      stroke: '#c9b77a',
      'stroke-width': 6,
    }),
    el('rect', { y: 900, width: 1600, height: 70, fill: '#e2d6aa' }),
    el('path', { d: tufts.join(''), fill: 'none', stroke: '#a8925a', 'stroke-width': 4, 'stroke-linecap': 'round' }),
  ].join('\n')
}

export function sceneSvg(scene: 0 | 1 | 2): string {
  if (scene === 1) return city()
  if (scene === 2) return steppe()
  return studio()
}
