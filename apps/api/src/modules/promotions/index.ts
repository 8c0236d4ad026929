// Paid promotion (issue 38 part 4, decision 033): a raise, a top placement, a hot offer or a highlight bought for a
// listing through the payments service. It writes the listing's promotion columns; listings reads them, never this.
export { promotionsRoutes } from './promotions.routes.ts'
export { createPromotionsService } from './promotions.service.ts'
