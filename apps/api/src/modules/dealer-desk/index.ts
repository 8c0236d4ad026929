// The dealer desk (issue 38): what the dealer's people see of their cars (statistics). Sits above dealers, listings,
// leads, messaging and favourites: it reads their tables and asks the dealers who the caller is.
export { dealerDeskRoutes } from './dealer-desk.routes.ts'
export { createDealerDeskService } from './dealer-desk.service.ts'
