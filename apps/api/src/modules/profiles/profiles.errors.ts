import { fixedError } from '../../lib/errors.ts'

export class ProfileForbiddenError extends fixedError('profile.forbidden', 403, 'This profile is not yours') {}
export class ProfileNotFoundError extends fixedError('profile.not_found', 404, 'Profile not found') {}
export class PhoneInUseError extends fixedError(
  'profile.phone_in_use',
  409,
  'Could not update the profile. Perhaps this phone number is already in use.',
) {}
export class InvalidPhoneError extends fixedError('phone.invalid', 400, 'Enter a valid phone number') {}
export class UnknownCityError extends fixedError('validation.failed', 400, 'Unknown city') {}
