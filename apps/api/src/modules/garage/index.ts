export { garageRoutes } from './garage.routes.ts'
export { createGarageService } from './garage.service.ts'
