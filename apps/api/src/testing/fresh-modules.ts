import { vi } from 'vitest'

/*
 * The integration project runs files one after another in a worker (isolate: false, decision 030), so that the
 * libraries in node_modules (Node's own module cache: fastify, drizzle, better-auth, PGlite...) load once per worker
 * instead of once per file. Our own modules are evaluated afresh for each file, as with isolation: a helper that
 * registers hooks when imported (testing/search-catalogue.ts) or a module-level cache starts clean in every file.
 */
vi.resetModules()
