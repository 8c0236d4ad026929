import { defineConfig } from 'vitest/config'

/*
 * Which integration files run in which pass (decision 030). scripts/test.sh runs the integration project twice, on
 * PostgreSQL and on the embedded PGlite, and says so with TEST_BOTH_DATABASES=1; a single run (a developer's, either
 * database) runs every file.
 */
const bothDatabases = process.env.TEST_BOTH_DATABASES === '1'
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
/**
 * Files whose assertions do not depend on the database: the app they start is only the host of HTTP plugins,
 * documents or settings. The PostgreSQL pass runs them; the PGlite pass after it leaves them out.
 */
const DATABASE_INDEPENDENT = [
  'apps/api/src/modules/app-links/app-links.int.test.ts',
  'apps/api/src/plugins/platform.int.test.ts',
]
/**
 * Files whose subject is a rule above the repositories (added 2026-11-26, decision 030): request limits, problem
 * documents and the fuzzer's contract, better-auth's sign-in flows, a provider that is down, the outage answer.
 * Their data is the users and sessions they need, which the files about each module's data prove on both databases,
 * and the e2e journeys drive the embedded server through the same flows. The PostgreSQL pass runs them; the PGlite
 * pass leaves them out. Also the demo seed's file: it seeds an in-memory PGlite and PostgreSQL itself.
 */
const ABOVE_THE_REPOSITORIES = [
  'apps/api/src/db/seed/demo/seed-demo.int.test.ts',
  'apps/api/src/lib/rate-limit-fallback.int.test.ts',
  'apps/api/src/lib/request-log.int.test.ts',
  'apps/api/src/modules/identity/abuse-limits.int.test.ts',
  'apps/api/src/modules/identity/id-token.int.test.ts',
  'apps/api/src/modules/identity/local-idp.int.test.ts',
  'apps/api/src/modules/identity/password-change.int.test.ts',
  'apps/api/src/modules/identity/sign-in-errors.int.test.ts',
  'apps/api/src/modules/identity/token-sign-in.int.test.ts',
  'apps/api/src/modules/messaging/conversations.limits.int.test.ts',
  'apps/api/src/modules/moderation/admin-access.int.test.ts',
  'apps/api/src/modules/profiles/rate-limits.int.test.ts',
  'apps/api/src/modules/reference/reference-cache.int.test.ts',
  'apps/api/src/modules/vehicle-checks/provider-down.int.test.ts',
  'apps/api/src/plugins/control-characters.int.test.ts',
  'apps/api/src/plugins/database-outage.int.test.ts',
  'apps/api/src/testing/openapi-fuzz.int.test.ts',
]
/** Files that open an embedded database of their own whatever TEST_DATABASE_URL says: the PGlite pass runs them. */
const EMBEDDED_ONLY = ['apps/api/src/db/client.int.test.ts']
const leftOut = !bothDatabases ? [] : onPostgres ? EMBEDDED_ONLY : [...DATABASE_INDEPENDENT, ...ABOVE_THE_REPOSITORIES]

/** Unit tests that install a fake Capacitor bridge on globalThis (features/native/fake-native.ts). */
const NATIVE_BRIDGE_TESTS = ['apps/web/app/features/native/**/*.test.ts']

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'apps/*/src/**/*.test.ts',
            'apps/web/*.test.ts',
            'apps/web/app/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**', ...NATIVE_BRIDGE_TESTS],
          // A worker keeps the modules it loaded for its next file (decision 030): 20 s instead of 45-50 s for the
          // ~900 unit tests. They hold no state between files, but for the native bridge's, below.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The app's native part, tested with a fake Capacitor bridge installed on globalThis before its modules
          // load: each file needs modules of its own.
          name: 'unit-native',
          include: NATIVE_BRIDGE_TESTS,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['apps/*/src/**/*.int.test.ts', 'apps/web/app/**/*.int.test.ts'],
          exclude: [...leftOut, '**/node_modules/**'],
          globalSetup: ['apps/api/src/testing/global-setup.ts'],
          setupFiles: ['apps/api/src/testing/fresh-modules.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A worker keeps the modules it loaded for its next file instead of loading the whole API again (about
          // half of each file's time was the import): every file still gets its own database and its own app.
          isolate: false,
          // Two files at a time on these 2-core machines. PGlite takes ~0.7 GB per database; on PostgreSQL a third
          // worker was no faster (14 files: 77/47 s with three, 76/40 s with two, back to back) and starved the
          // tests that bound a wait (decision 030).
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/client-ip.ts'],
          testTimeout: 90_000,
          hookTimeout: 300_000,
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
    server: { deps: { external: ['#app-context'] } },
  },
})
