import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'

/* Only the screens that are built are registered; every other path is the not-found page (HTTP 404). */
export default [
  route('locale', 'routes/locale.ts'),
  layout('routes/layout.tsx', [
    index('routes/home.tsx'),
    route('cars', 'routes/catalogue.tsx'),
    route('cars/:id', 'routes/car.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig
