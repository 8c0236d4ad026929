import { AppError } from '../../lib/errors.ts'

export class ProfileForbiddenError extends AppError {
  constructor() {
    super('profile.forbidden', 403, 'This profile is not yours')
  }
}
export class ProfileNotFoundError extends AppError {
  constructor() {
    super('profile.not_found', 404, 'Profile not found')
  }
}
export class PhoneInUseError extends AppError {
  constructor() {
    super('profile.phone_in_use', 409, 'Could not update the profile. Perhaps this phone number is already in use.')
  }
}
export class InvalidPhoneError extends AppError {
  constructor() {
    super('phone.invalid', 400, 'Enter a valid phone number')
  }
}
export class UnknownCityError extends AppError {
  constructor() {
    super('validation.failed', 400, 'Unknown city')
  }
}
