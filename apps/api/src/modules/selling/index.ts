export type { CarToSell } from './selling.prefill.ts'
export { sellingRoutes } from './selling.routes.ts'
export { createSellingService, materialChanges, SENT_TO_MODERATION, type SellingService } from './selling.service.ts'
