import { defineConfig } from 'vitest/config'

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
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['apps/*/src/**/*.int.test.ts', 'apps/web/app/**/*.int.test.ts'],
          globalSetup: ['apps/api/src/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite takes ~0.7 GB per database: two files at a time on these 2-core machines.
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
