export { InspectionReportNotFoundError } from './inspections.errors.ts'
export { createInspectionsService, type InspectionsService } from './inspections.service.ts'
