/**
 * Message namespaces that only some screens use: not in every page's messages (i18n/index.ts), but in the loader
 * data of the screens that show them (`routeMessages`). Everything else goes with every page.
 */
export const ROUTE_NAMESPACES = [
  'admin',
  'leads',
  'broadcasts',
  'reports',
  'garage',
  'sell',
  'myListings',
  'requests',
  'unsub',
  'complaint',
  'promote',
  'desk',
] as const
export type RouteNamespace = (typeof ROUTE_NAMESPACES)[number]

/**
 * Keys of a route-only namespace that every page sends anyway: the back office's error page shows when its layout's
 * own loader refused (403), and then no loader data carries the back office's messages.
 */
export const ALWAYS_SENT_KEYS: ReadonlySet<string> = new Set([
  'admin.forbidden.title',
  'admin.forbidden.text',
  'admin.forbidden.adminOnly',
  'admin.forbidden.home',
  'admin.nav.queue',
  // The car page's link; the complaint page and the back office send the rest.
  'complaint.link',
  // The account's dealer page links to the dealer desk.
  'desk.link',
  // The account links to its receipts of paid promotion.
  'promote.receipts.link',
  'promote.receipts.linkText',
])
