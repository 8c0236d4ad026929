import { AppError, fixedError, notFoundByIdError } from '../../lib/errors.ts'

/** Someone else's order or report is "not found" too: its existence does not leak. */
export class CheckOrderNotFoundError extends notFoundByIdError<number>('check.order_not_found', 'Order') {}

export class VehicleReportNotFoundError extends notFoundByIdError<number>('check.report_not_found', 'Report') {}

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
export class SharedReportNotFoundError extends fixedError(
  'check.shared_not_found',
  404,
  'No report is shared at this link',
) {}
