import { notFoundByIdError } from '../../lib/errors.ts'

export class InspectionReportNotFoundError extends notFoundByIdError<number>(
  'inspection.not_found',
  'Inspection report',
) {}
