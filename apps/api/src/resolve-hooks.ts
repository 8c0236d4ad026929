import { registerHooks } from 'node:module'
import { resolveWithinPackages } from './module-resolution.ts'

/*
 * `node --import ./apps/api/src/resolve-hooks.ts`: registers module-resolution.ts's resolve hook before the app's
 * modules load: every production server (the demo's launcher, scripts/lib/env.sh; its database child,
 * db/embedded-start.ts; `npm start`; scripts/cluster.sh; the benchmarks' and e2e tests' servers).
 * Once per process.
 */
const REGISTERED = Symbol.for('tulpar.resolveHooks')
const global = globalThis as { [REGISTERED]?: boolean }
if (!global[REGISTERED]) {
  global[REGISTERED] = true
  registerHooks({ resolve: resolveWithinPackages })
}
