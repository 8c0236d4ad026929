export { seoRoutes } from './seo.routes.ts'
export { createSeoService } from './seo.service.ts'
