import type { MessageKey } from '../../i18n/i18n.ts'

const ACTION_ERRORS: Record<string, MessageKey> = {
  'profile.phone_in_use': 'account.error.phoneInUse',
  'phone.invalid': 'validation.phone',
  'validation.failed': 'error.validation.failed',
  'auth.too_many_requests': 'auth.error.tooManyRequests',
  INVALID_TOKEN: 'auth.newPassword.badLink',
  PASSWORD_TOO_SHORT: 'auth.error.weakPassword',
  INVALID_PASSWORD: 'auth.error.wrongPassword',
  'photo.invalid': 'account2.photo.invalid',
  'photo.too_large': 'account2.photo.tooLarge',
  'photo.not_image': 'account2.photo.invalid',
  'photo.too_many_pixels': 'account2.photo.tooManyPixels',
  network: 'generic.tryLater',
}

/** Everything else (profile, deletion, password reset): unknown codes give 'Action failed'. */
export function actionErrorKey(code: string | null | undefined): MessageKey {
  return (code && ACTION_ERRORS[code]) || 'generic.failed'
}
