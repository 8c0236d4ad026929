import { AppError } from '../../lib/errors.ts'

/** Someone else's order or report is "not found" too: its existence does not leak. */
export class CheckOrderNotFoundError extends AppError {
  constructor(id: number) {
    super('check.order_not_found', 404, `Order ${id} not found`)
  }
}

export class VehicleReportNotFoundError extends AppError {
  constructor(id: number) {
    super('check.report_not_found', 404, `Report ${id} not found`)
  }
}

/** A paid or refunded order is not paid again. */
export class CheckOrderNotPayableError extends AppError {
  constructor(status: string) {
    super('check.not_payable', 409, `The order is ${status}`)
  }
}

/** Only a ready report can be shared: one still being generated (or failed) has nothing to show yet. */
export class VehicleReportNotReadyError extends AppError {
  constructor(id: number) {
    super('check.report_not_ready', 409, `Report ${id} is not ready`)
  }
}

/** A link whose sharing was stopped (or that was never one of ours). */
export class SharedReportNotFoundError extends AppError {
  constructor() {
    super('check.shared_not_found', 404, 'No report is shared at this link')
  }
}
