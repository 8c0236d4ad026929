import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'

/* Only the screens that are built are registered; every other path is the not-found page (HTTP 404). */
export default [
  route('locale', 'routes/locale.ts'),
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
  ]),
  layout('routes/layout.tsx', [
    index('routes/home.tsx'),
    route('cars', 'routes/catalogue.tsx'),
    route('cars/:id', 'routes/car.tsx'),
    route('account', 'routes/account.tsx'),
    route('account/delete', 'routes/account-delete.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig
