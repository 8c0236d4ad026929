// Dealers' inventory feeds (issue 38, docs/feeds.md): reading a feed as a dry run, importing it into the dealer's cars.
export { dryRunFeed } from './feeds.dry-run.ts'
export { feedsRoutes } from './feeds.routes.ts'
export { createFeedsService } from './feeds.service.ts'
