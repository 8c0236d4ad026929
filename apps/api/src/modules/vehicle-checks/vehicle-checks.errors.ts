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
