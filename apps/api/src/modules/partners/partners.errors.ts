import { AppError } from '../../lib/errors.ts'

/** An unknown partner, or one the site does not show (switched off, or its category is). */
export class PartnerNotFoundError extends AppError {
  constructor(id: number) {
    super('partner.not_found', 404, `Partner ${id} not found`)
  }
}

/** A service request's phone is not a KZ mobile (the same answer as the leads desk's other requests). */
export class InvalidPartnerRequestPhoneError extends AppError {
  constructor() {
    super('phone.invalid', 400, 'Enter a valid phone number')
  }
}

export class PartnerCategoryNotFoundError extends AppError {
  constructor(id: number) {
    super('partner_category.not_found', 404, `Partner category ${id} not found`)
  }
}

export class PartnerCategoryCodeTakenError extends AppError {
  constructor(code: string) {
    super('partner_category.code_taken', 409, `Another category already has the code ${code}`)
  }
}
