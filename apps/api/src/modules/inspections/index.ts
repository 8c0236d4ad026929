export { createInspectionsService, type InspectionsService } from './inspections.service.ts'
