export { SitemapNotFoundError } from './seo.errors.ts'
export { seoRoutes } from './seo.routes.ts'
export { createSeoService, type SeoService } from './seo.service.ts'
