import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'

/* Only the screens that are built are registered; every other path is the not-found page (HTTP 404). */
export default [
  route('locale', 'routes/locale.ts'),
  // Sign-in and registration in their own layout (spec section 2).
  layout('routes/auth-layout.tsx', [
    route('auth', 'routes/auth.tsx'),
    route('auth/reset-password', 'routes/reset-password.tsx'),
  ]),
  layout('routes/layout.tsx', [
    index('routes/home.tsx'),
    // The catalogue at readable URLs; /cars (no id) redirects there for old links and the no-JavaScript form.
    route('auto/:first?/:second?/:third?', 'routes/catalogue.tsx'),
    route('cars', 'routes/cars-legacy.ts'),
    route('tulpar-auto', 'routes/tulpar-auto.tsx'),
    route('cars/:id', 'routes/car.tsx'),
    route('account', 'routes/account.tsx'),
    route('account/delete', 'routes/account-delete.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig
