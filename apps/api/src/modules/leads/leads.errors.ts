import { fixedError, notFoundByIdError } from '../../lib/errors.ts'

/** Spec section 5: 'Enter a valid phone number' (a Kazakhstan mobile, +7 7xx xxx xx xx). */
export class InvalidLeadPhoneError extends fixedError('phone.invalid', 400, 'Enter a valid phone number') {}

/** A down payment of the whole price (or more) leaves nothing to borrow. */
export class DownPaymentTooLargeError extends fixedError(
  'credit.down_payment_too_large',
  400,
  'The down payment must be less than the car price',
) {}

/** The leads desk is for managers, moderators and admins. */
export class LeadDeskOnlyError extends fixedError(
  'leads.forbidden',
  403,
  'Only managers, moderators and admins work the leads',
) {}

export class LeadNotFoundError extends notFoundByIdError<number>('lead.not_found', 'Lead') {}

/** Rejecting tells the sender why: the reason is required. */
export class LeadReasonRequiredError extends fixedError(
  'lead.reason_required',
  400,
  'Say why the request is rejected',
) {}

/** Leads are given only to people who work the desk. */
export class LeadAssigneeError extends fixedError(
  'lead.assignee_not_staff',
  400,
  'Leads can be given only to managers, moderators and admins',
) {}
