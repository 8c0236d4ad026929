import { AppError } from '../../lib/errors.ts'

export class InspectionReportNotFoundError extends AppError {
  constructor(id: number) {
    super('inspection.not_found', 404, `Inspection report ${id} not found`)
  }
}
