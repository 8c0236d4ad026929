import { AppError, fixedError, notFoundByIdError } from '../../lib/errors.ts'

/** An unknown partner, or one the site does not show (switched off, or its category is). */
export class PartnerNotFoundError extends notFoundByIdError<number>('partner.not_found', 'Partner') {}

/** A service request's phone is not a KZ mobile (the same answer as the leads desk's other requests). */
export class InvalidPartnerRequestPhoneError extends fixedError('phone.invalid', 400, 'Enter a valid phone number') {}

export class PartnerCategoryNotFoundError extends notFoundByIdError<number>(
  'partner_category.not_found',
  'Partner category',
) {}

export class PartnerCategoryCodeTakenError extends AppError {
  constructor(code: string) {
    super('partner_category.code_taken', 409, `Another category already has the code ${code}`)
  }
}
