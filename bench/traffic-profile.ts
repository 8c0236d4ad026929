import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { compareProfiles, describeThreads, type Profiled, type ProfilePart, partsOf } from './inspector.ts'
import type { Measured, MeasuredCarPages } from './traffic-run.ts'

/*
 * The traffic part's profiles (--traffic-profile, bench/traffic-run.ts): the market's car pages' run beside the one
 * car page rendered over and over, split by part and compared function by function (docs/performance.md, "The demo's
 * start alone, and a profile").
 */

/** The parts of a car page view's work the profiles are split into (inspector.ts partsOf: the first that matches). */
const CAR_PAGE_PARTS: readonly ProfilePart[] = [
  { name: "signed-in visitors' pages from the guests' copy", has: (f) => f.url.includes('member-pages.server') },
  {
    name: 'second views answered from a first view, pages kept for good',
    has: (f) => /^(answerFromFirstView|keepFirstViewForGood|keepWithNonceSlots)$/.test(f.functionName),
  },
  { name: 'kept pages answered before Fastify (front door)', has: (f) => f.functionName === 'frontDoor' },
  { name: 'first views compressed', has: (f) => f.functionName === 'compressFirstView' },
  { name: "React's render to a string", has: (f) => f.functionName === 'renderToStringImpl' },
  { name: 'loader data encoded (turbo-stream)', has: (f) => f.functionName === 'encodeViaTurboStream' },
  { name: 'React Router, the rest', has: (f) => f.url.includes('/react-router/') },
  { name: "PostgreSQL's client (pg, its pool)", has: (f) => /\/node_modules\/pg(-pool|-protocol)?\//.test(f.url) },
  { name: 'Drizzle', has: (f) => f.url.includes('/drizzle-orm/') },
  { name: 'our services (apps/api/src/modules)', has: (f) => f.url.includes('/apps/api/src/modules/') },
  { name: 'the page cache, the rest', has: (f) => f.url.includes('/page-cache/') },
  { name: 'Fastify and its plugins', has: (f) => /\/node_modules\/(fastify|@fastify)\//.test(f.url) },
  { name: "Node's HTTP parsing", has: (f) => /node:_http_(common|server)/.test(f.url) },
  { name: 'socket writes', has: (f) => (f.functionName === 'writev' || f.functionName === 'write') && f.url === '' },
]

/**
 * The car pages' run's profile beside the hammered render's, written to `dir` (.cpuprofile, for Chrome's DevTools),
 * and their functions logged per car view and per render, those that differ most first: where a car view in the
 * market spends what a render hammered does not.
 */
export function logProfiles(
  dir: string,
  runs: { carPages: MeasuredCarPages; carPagesProfile: Profiled; renderedCar: Measured; renderProfile: Profiled },
  log: (message: string) => void,
): void {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'car-pages.cpuprofile'), JSON.stringify(runs.carPagesProfile.profile))
  writeFileSync(join(dir, 'rendered-car.cpuprofile'), JSON.stringify(runs.renderProfile.profile))
  log(`profiles written to ${dir}: car-pages.cpuprofile, rendered-car.cpuprofile`)
  log(`threads, car pages' run: ${describeThreads(runs.carPagesProfile.threads)}`)
  log(`threads, the render hammered: ${describeThreads(runs.renderProfile.threads)}`)
  const a = { profile: runs.renderProfile.profile, units: runs.renderedCar.requests }
  const b = { profile: runs.carPagesProfile.profile, units: runs.carPages.carViews }
  const renders = runs.carPages.kinds.find((k) => k.kind === 'car')?.cache.miss ?? 0
  const market = partsOf(b.profile, CAR_PAGE_PARTS)
  const hammered = partsOf(a.profile, CAR_PAGE_PARTS)
  log(
    `the main thread by part: ms per car view in the market (${b.units}), the same per car page render in it ` +
      `(${renders}: the views' whole cost over their renders), ms per render hammered (${a.units}):`,
  )
  const rows = [...new Set([...market.parts.keys(), ...hammered.parts.keys()])].sort(
    (x, y) => (market.parts.get(y) ?? 0) - (market.parts.get(x) ?? 0),
  )
  const per = (ms: number | undefined, units: number) => ((ms ?? 0) / Math.max(1, units)).toFixed(3).padStart(8)
  for (const part of [...rows, 'all']) {
    const m = part === 'all' ? market.total : market.parts.get(part)
    const h = part === 'all' ? hammered.total : hammered.parts.get(part)
    log(`${per(m, b.units)} ${per(m, renders)} ${per(h, a.units)}  ${part}`)
  }
  for (const kind of ['inclusive', 'own'] as const) {
    log(`${kind} ms of the main thread per render hammered (${a.units}), per car view (${b.units}), difference:`)
    for (const line of compareProfiles(a, b, { kind, top: 45 })) log(line)
  }
}
