export { vehicleChecksRoutes } from './vehicle-checks.routes.ts'
export { createVehicleChecksService } from './vehicle-checks.service.ts'
