export { vehicleChecksRoutes } from './vehicle-checks.routes.ts'
export { createVehicleChecksService, type VehicleChecksService } from './vehicle-checks.service.ts'
