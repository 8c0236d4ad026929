import type { KnipConfig } from 'knip'

/*
 * Unused files, exports and dependencies (issue 36): `npm run lint:unused`, the last step of `npm run lint`.
 *
 * Knip finds most entry points itself, from package.json (scripts, `exports`), the React Router config and
 * routes, Vite, Vitest's projects and global setups, drizzle-kit and dependency-cruiser. What it cannot see (files
 * run by path from a shell script or another process) is listed below. An entry file's exports count as used: list
 * only what really is run or loaded by path, so that a helper's unused exports are still reported.
 * A module's index.ts is not an entry: what it exports that no other module imports is reported.
 * `npm run lint:unused` runs `react-router typegen` first: each route module imports its generated `./+types/<route>`,
 * which a fresh clone (CI lints before it typechecks) does not have yet.
 */
export default {
  workspaces: {
    '.': {
      // Started by bench/servers.ts as a child process (`node bench/hello-server.ts`); run by hand with `node`
      // (docs/performance.md).
      entry: ['bench/hello-server.ts', 'bench/page-cache-heap.ts', 'bench/profile-server.ts', 'bench/traffic-model.ts'],
      project: ['bench/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.ts'],
      // dependency-cruiser's parser for TypeScript (.dependency-cruiser.cjs, `parser: 'swc'`): loaded by name.
      ignoreDependencies: ['@swc/core'],
      // bench/http.ts runs the system's `wrk` when it is installed, bench/traffic.ts its `taskset` (not npm packages).
      ignoreBinaries: ['wrk', 'taskset'],
    },
    'apps/api': {
      entry: [
        // Command-line tools run with `node <file>` (package.json, the docs, bench).
        'src/**/cli-*.ts',
        // Preloaded with `node --import` by scripts/lib/env.sh (the demo's launcher).
        'src/db/embedded-start.early.ts',
        // Forked by path: embedded-start.ts, and the integration tests' child processes.
        'src/db/embedded-start.child.ts',
        'src/testing/*-worker.ts',
      ],
      project: ['src/**/*.ts'],
      // Prometheus' promtool (Debian's package, scripts/lib/env.sh), run by the alert rules' test when installed.
      ignoreBinaries: ['promtool'],
    },
    'apps/web': {
      project: ['*.ts', 'app/**/*.{ts,tsx}'],
    },
    'apps/mobile': {
      entry: ['scripts/*.ts'],
      project: ['*.ts', 'scripts/**/*.ts'],
      // The app's native plugins: `cap sync` finds them in this package.json and links them into the Android and
      // iOS projects; the code that calls them is the web's (apps/web/app/features/native), loaded in the web view.
      ignoreDependencies: [
        '@capacitor-firebase/messaging',
        '@capacitor/app',
        '@capacitor/share',
        '@capacitor/splash-screen',
        '@capgo/capacitor-social-login',
      ],
    },
    'packages/contracts': {
      project: ['src/**/*.ts'],
    },
  },
  ignoreIssues: {
    // BACK_OFFICE_ROLES names who reaches the back office, LEAD_DESK_ROLES who works the leads: the same roles
    // today, two rules that may part.
    'packages/contracts/src/admin.ts': ['duplicates'],
  },
} satisfies KnipConfig
