/**
 * Who may import whom (issue 36; the rule in words: docs/architecture.md, "Module doors").
 *
 * Run it with `npm run lint` (Biome, then this, then scripts/module-cycles.ts), or alone:
 *   npx depcruise --config .dependency-cruiser.cjs --output-type err apps packages bench e2e
 * Each rule below names what it forbids and why. A violation fails CI; fix the import (export what is needed from
 * the module's index.ts), do not add an exception here. Paths are regular expressions on repository-relative paths.
 */

/** An API module: apps/api/src/modules/<name>/. `$1` in a `to` rule is the module the import comes from. */
const MODULE = '^apps/api/src/modules/([^/]+)/'
/** A module's doors: its index.ts (its public surface) and its *.tables.ts (foreign keys and joins). */
const DOORS = '^apps/api/src/modules/[^/]+/(index|[^/]+[.]tables)[.]ts$'
const TESTS = '[.](int[.])?test[.]tsx?$|[.]spec[.]ts$'

module.exports = {
  forbidden: [
    {
      name: 'module-door',
      severity: 'error',
      comment:
        'A module enters another module only through its index.ts, or its *.tables.ts for foreign keys and joins. ' +
        "Not its service, repository, errors or helpers: export what is needed from the other module's index.ts. " +
        'A module may import any file of its own.',
      from: { path: MODULE },
      to: { path: MODULE, pathNot: ['^apps/api/src/modules/$1/', DOORS] },
    },
    {
      name: 'module-door-from-outside',
      severity: 'error',
      comment:
        "The API's wiring (app.ts, services.ts, workers.ts), its plugins, db, testing helpers, the bench and e2e " +
        'enter a module the same way: index.ts, or *.tables.ts (db/schema.ts gathers the tables for drizzle-kit).',
      from: { pathNot: [MODULE, '^apps/web/'] },
      to: { path: MODULE, pathNot: DOORS },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No file imports itself through others, in the API or the web. (Cycles between modules, which need no file ' +
        'cycle, are found by scripts/module-cycles.ts in the same lint step.) A cycle closed only by a type import ' +
        'loads nothing at run time and is allowed (the native app sign-in names the providers type of the feature ' +
        'that lazily loads it).',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'lib-imports-no-module',
      severity: 'error',
      comment:
        'apps/api/src/lib is the floor under every module (errors, rate limits, logging): it imports no module, ' +
        'no wiring and no test helper.',
      from: { path: '^apps/api/src/lib/', pathNot: TESTS },
      to: { path: ['^apps/api/src/modules/', '^apps/api/src/(app|services|workers|runtime)[.]ts$'] },
    },
    {
      name: 'contracts-import-no-app',
      severity: 'error',
      comment: '@tulpar/contracts is shared by the API and the web (and the browser bundle): it imports neither app.',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-enters-api-by-its-entry-points',
      severity: 'error',
      comment:
        "The web imports the API only through the package's declared entry points (apps/api/package.json " +
        '"exports"): @tulpar/api (src/index.ts), @tulpar/api/config and @tulpar/api/media-urls. Never a module or ' +
        'any other file by path.',
      from: { path: '^apps/web/' },
      to: {
        path: '^apps/api/',
        pathNot: '^apps/api/src/(index|config|modules/media/media[.]urls)[.]ts$',
      },
    },
    {
      name: 'no-test-helpers-in-production',
      severity: 'error',
      comment:
        'Test helpers (apps/api/src/testing, *.test.ts files) are imported by tests only, never by the code that ' +
        'runs in production.',
      from: { path: '^apps/api/', pathNot: [TESTS, '^apps/api/src/testing/'] },
      to: { path: ['^apps/api/src/testing/', TESTS] },
    },
    // The web's rooms and doors (ui/, lib/, features/<f>/index.ts, routes/): their own file, readable alone.
    ...require('./.dependency-cruiser.web.cjs').forbidden,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '^apps/web/build/', '^apps/web/[.]react-router/', '^bench/results/'] },
    // Our TypeScript is 7, which dependency-cruiser cannot read; swc parses the files instead. With swc, type-only
    // imports are kept (`import type` crosses a door too), which is what the door rule wants.
    parser: 'swc',
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js'],
      // The workspaces' own package.json "exports" (@tulpar/api, @tulpar/contracts/...).
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
}
