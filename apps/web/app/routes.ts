import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'

/* Only the screens that are built are registered; every other path is the not-found page (HTTP 404). */
export default [
  route('locale', 'routes/locale.ts'),
  // The installable web app's manifest, in the visitor's language (the icons and the service worker are in public/).
  route('manifest.webmanifest', 'routes/manifest.ts'),
  // Sign-in and registration in their own layout (spec section 2).
  layout('routes/auth-layout.tsx', [
    route('auth', 'routes/auth.tsx'),
    route('auth/reset-password', 'routes/reset-password.tsx'),
  ]),
  // The back office for moderators and admins, in its own layout.
  layout('routes/admin-layout.tsx', [
    route('admin', 'routes/admin-queue.tsx'),
    route('admin/listings/:id', 'routes/admin-listing.tsx'),
    route('admin/users', 'routes/admin-users.tsx'),
    route('admin/broadcasts', 'routes/admin-broadcasts.tsx'),
    route('admin/reports', 'routes/admin-reports.tsx'),
    // The leads desk (issue 13): managers, moderators and admins.
    route('admin/leads', 'routes/admin-leads.tsx'),
    route('admin/leads/:id', 'routes/admin-lead.tsx'),
  ]),
  layout('routes/layout.tsx', [
    index('routes/home.tsx'),
    // The catalogue at readable URLs; /cars (no id) redirects there for old links and the no-JavaScript form.
    route('auto/:first?/:second?/:third?', 'routes/catalogue.tsx'),
    route('cars', 'routes/cars-legacy.ts'),
    route('tulpar-auto', 'routes/tulpar-auto.tsx'),
    route('cars/:id', 'routes/car.tsx'),
    // The call-back request as a page: the form for browsers without JavaScript (with it, a dialog).
    route('cars/:id/callback', 'routes/car-callback.tsx'),
    // "Write to the seller": the first message about a car (then the conversation in "my messages").
    route('cars/:id/write', 'routes/car-write.tsx'),
    // The credit calculator and application (the widget on the home and car pages posts here).
    route('credit', 'routes/credit.tsx'),
    route('wishlist', 'routes/wishlist.tsx'),
    route('account', 'routes/account.tsx'),
    route('account/delete', 'routes/account-delete.tsx'),
    // Selling (issue 5): intro, the step form of one listing, and the seller's own listings.
    route('create-auto', 'routes/create-auto.tsx'),
    route('create-auto/:id', 'routes/create-auto-step.tsx'),
    route('account/listings', 'routes/account-listings.tsx'),
    // Saved searches (issue 11): the list, and the alerts' link that opens one in the catalogue.
    route('account/messages', 'routes/account-messages.tsx'),
    route('account/messages/:id', 'routes/account-message.tsx'),
    route('account/searches', 'routes/account-searches.tsx'),
    route('account/searches/:id', 'routes/account-search-open.tsx'),
    route('account/requests', 'routes/account-requests.tsx'),
    route('unsubscribe', 'routes/unsubscribe.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig
