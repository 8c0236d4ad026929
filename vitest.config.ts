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
/** Files that open an embedded database of their own whatever TEST_DATABASE_URL says: the PGlite pass runs them. */
const EMBEDDED_ONLY = ['apps/api/src/db/client.int.test.ts']
const leftOut = !bothDatabases ? [] : onPostgres ? EMBEDDED_ONLY : DATABASE_INDEPENDENT

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
