import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'

/* Only the screens that are built are registered; every other path is the not-found page (HTTP 404). */
export default [
  route('locale', 'routes/locale.ts'),
  // Every page's messages in one language, fetched once and cached (i18n/base-messages.ts).
  route('assets/i18n/:file', 'routes/messages-file.ts'),
  // The car page's view beacon (views are counted after the page loads, so guests' car pages can be cached).
  route('cars/:id/view', 'routes/car-view.ts'),
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
    route('admin/complaints', 'routes/admin-complaints.tsx'),
    // The leads desk (issue 13): managers, moderators and admins.
    route('admin/leads', 'routes/admin-leads.tsx'),
    route('admin/leads/:id', 'routes/admin-lead.tsx'),
    // Partners and their categories (issue 13 item 4): admins only.
    route('admin/partners', 'routes/admin-partners.tsx'),
    route('admin/partners/categories', 'routes/admin-partner-categories.tsx'),
    route('admin/partners/new', 'routes/admin-partner.tsx', { id: 'routes/admin-partner-new' }),
    route('admin/partners/:id', 'routes/admin-partner.tsx'),
    // The audit trail (issue 37): admins only.
    route('admin/audit', 'routes/admin-audit.tsx'),
    // Dealer verification (issue 38): moderators and admins.
    route('admin/dealers', 'routes/admin-dealers.tsx'),
    route('admin/promotions', 'routes/admin-promotions.tsx'),
  ]),
  // Its CSV export: a file, outside the layout (admins only, as the page).
  route('admin/audit.csv', 'routes/admin-audit-csv.ts'),
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
    route('cars/:id/complaint', 'routes/car-complaint.tsx'),
    route('cars/:id/still-for-sale', 'routes/car-still-for-sale.tsx'),
    // The credit calculator and application (the widget on the home and car pages posts here).
    route('credit', 'routes/credit.tsx'),
    // The paid vehicle check (issue 12): the order form, an order's payment and report state, the reports.
    route('check', 'routes/check.tsx'),
    route('check/orders/:id', 'routes/check-order.tsx'),
    // A report its owner shares by link (issue 14): read-only, for anyone with the link.
    route('check/shared/:token', 'routes/check-shared.tsx'),
    route('account/reports', 'routes/account-reports.tsx'),
    route('account/reports/:id', 'routes/account-report.tsx'),
    route('wishlist', 'routes/wishlist.tsx'),
    route('account', 'routes/account.tsx'),
    route('account/delete', 'routes/account-delete.tsx'),
    // Selling (issue 5): intro, the step form of one listing, and the seller's own listings.
    route('create-auto', 'routes/create-auto.tsx'),
    route('create-auto/:id', 'routes/create-auto-step.tsx'),
    route('account/listings', 'routes/account-listings.tsx'),
    // The seller's listing as buyers will see it, before a moderator has approved it.
    route('account/listings/:id/preview', 'routes/account-listing-preview.tsx'),
    route('account/listings/:id/promote', 'routes/account-listing-promote.tsx'),
    route('account/receipts', 'routes/account-receipts.tsx'),
    // The garage (issue 12): the user's own cars, their value, tax, check and "sell this car".
    route('account/garage', 'routes/account-garage.tsx'),
    // Saved searches (issue 11): the list, and the alerts' link that opens one in the catalogue.
    route('account/messages', 'routes/account-messages.tsx'),
    route('account/messages/:id', 'routes/account-message.tsx'),
    route('account/searches', 'routes/account-searches.tsx'),
    route('account/searches/:id', 'routes/account-search-open.tsx'),
    route('account/requests', 'routes/account-requests.tsx'),
    route('unsubscribe', 'routes/unsubscribe.tsx'),
    // The company (issue 13): about us, contacts and branches, and the two legal documents.
    route('about', 'routes/about.tsx'),
    route('contacts', 'routes/contacts.tsx'),
    route('privacy-policy', 'routes/privacy-policy.tsx'),
    route('user-agreements', 'routes/user-agreements.tsx'),
    // Partner service businesses (spec section 2): the list by category and a partner with its request form.
    route('partners', 'routes/partners.tsx'),
    route('partners/:id', 'routes/partner.tsx'),
    // Dealers (issue 38): verified dealers by city, a dealer's page with its cars, the account's dealer settings.
    route('dealers', 'routes/dealers.tsx'),
    route('dealers/:id', 'routes/dealer.tsx'),
    route('account/dealer', 'routes/account-dealer.tsx'),
    // The dealer desk (issue 38): the dealer's cars and its feed uploads with their reports (one route: /dealer,
    // /dealer/{id}, /dealer/{id}/imports/{importId}).
    route('dealer/*', 'routes/dealer-desk.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig
