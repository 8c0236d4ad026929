import { AppError } from '../../lib/errors.ts'

/** Spec section 5: 'Enter a valid phone number' (a Kazakhstan mobile, +7 7xx xxx xx xx). */
export class InvalidLeadPhoneError extends AppError {
  constructor() {
    super('phone.invalid', 400, 'Enter a valid phone number')
  }
}

/** A down payment of the whole price (or more) leaves nothing to borrow. */
export class DownPaymentTooLargeError extends AppError {
  constructor() {
    super('credit.down_payment_too_large', 400, 'The down payment must be less than the car price')
  }
}

/** The leads desk is for managers, moderators and admins. */
export class LeadDeskOnlyError extends AppError {
  constructor() {
    super('leads.forbidden', 403, 'Only managers, moderators and admins work the leads')
  }
}

export class LeadNotFoundError extends AppError {
  constructor(id: number) {
    super('lead.not_found', 404, `Lead ${id} not found`)
  }
}

/** Rejecting tells the sender why: the reason is required. */
export class LeadReasonRequiredError extends AppError {
  constructor() {
    super('lead.reason_required', 400, 'Say why the request is rejected')
  }
}

/** Leads are given only to people who work the desk. */
export class LeadAssigneeError extends AppError {
  constructor() {
    super('lead.assignee_not_staff', 400, 'Leads can be given only to managers, moderators and admins')
  }
}
