/**
 * The web's rooms and their doors (issue 36; the rule in words: apps/web/app/README.md), part of
 * .dependency-cruiser.cjs (which `npm run lint` runs). Run alone:
 *   npx depcruise --config .dependency-cruiser.web.cjs --output-type err apps/web/app
 * A violation is fixed at the import (share the piece through the feature's door, or move it to lib/ or ui/),
 * not with an exception here. Paths are regular expressions on repository-relative paths.
 */

const APP = '^apps/web/app/'
/** A feature: apps/web/app/features/<name>/. `$1` in a `to` rule is the feature the import comes from. */
const FEATURE = '^apps/web/app/features/([^/]+)/'
/**
 * A feature's doors: index.ts (what other features may use in the browser and on the server) and index.server.ts
 * (what only the server may use: guards, form readers). Two files, so that a browser module never reaches a
 * *.server.ts through a door.
 */
const FEATURE_DOORS = '^apps/web/app/features/[^/]+/index([.]server)?[.]ts$'
const ROUTES = '^apps/web/app/routes/'

module.exports = {
  forbidden: [
    {
      name: 'web-ui-imports-no-feature',
      severity: 'error',
      comment:
        'ui/ is the design system (fields, dialog, toast, icon, island, the 404 body): it knows no domain, no route ' +
        'and not the kit in lib/. A look two features need goes here; a job goes to lib/.',
      from: { path: `${APP}ui/` },
      to: { path: [`${APP}features/`, ROUTES, `${APP}lib/`] },
    },
    {
      name: 'web-lib-imports-no-feature',
      severity: 'error',
      comment:
        "lib/ is the web's kit (service errors, ids, form validation, the layout's data, the API client, caching, " +
        "SSR): every room uses it, so it imports no feature and no route. A feature's piece that lib needs is " +
        'declared in lib (as LayoutData is) and the feature or route conforms to it.',
      from: { path: `${APP}lib/` },
      to: { path: [`${APP}features/`, ROUTES] },
    },
    {
      name: 'web-feature-door',
      severity: 'error',
      comment:
        "A feature uses another feature only through that feature's door, features/<name>/index.ts or " +
        'index.server.ts, which export what the feature means to share. Not its components, hooks or helpers ' +
        'directly: add the piece to its door, or move it to lib/ (a job) or ui/ (a look). A feature may import any ' +
        'file of its own; routes may import any feature file. A lazily loaded chunk is the one exception: an ' +
        "import() names the chunk's own entry (auth's session-effects-run.ts, native's entry.ts and " +
        'native-sign-in.ts), as going through the door would load the whole door with it and undo the split.',
      from: { path: FEATURE },
      to: {
        path: `${APP}features/`,
        pathNot: [`^apps/web/app/features/$1/`, FEATURE_DOORS],
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'web-nothing-imports-routes',
      severity: 'error',
      comment:
        'A route module is an end: only routes.ts names them (by path) and root.tsx is the shell. Nothing imports ' +
        'a route, another route included; what two routes share goes to a feature, lib/ or ui/.',
      from: { pathNot: `${APP}(routes[.]ts|root[.]tsx)$` },
      to: { path: ROUTES },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '^apps/web/build/', '^apps/web/[.]react-router/'] },
    // Our TypeScript is 7, which dependency-cruiser cannot read; swc parses the files instead. With swc, type-only
    // imports are kept: `import type` from a feature's insides or a route is a violation too.
    parser: 'swc',
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
}
