export { appLinksRoutes } from './app-links.routes.ts'
