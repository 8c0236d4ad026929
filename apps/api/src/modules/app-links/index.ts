export { appLinksRoutes } from './app-links.routes.ts'
export { APP_ID, APP_LINK_PATHS, appleAppSiteAssociation, assetLinks } from './app-links.ts'
