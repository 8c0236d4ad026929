import type { accountPhotoPasswordRu } from './account-photo-password.ru.ts'

export const accountPhotoPasswordEn: Record<keyof typeof accountPhotoPasswordRu, string> = {
  'account2.photo.title': 'Profile photo',
  'account2.photo.current': 'Your photo',
  'account2.photo.none': 'No photo yet',
  'account2.photo.field': 'New photo',
  'account2.photo.hint': 'JPEG, PNG, WebP or AVIF, up to 10 MB. Location data is removed.',
  'account2.photo.upload': 'Upload photo',
  'account2.photo.updated': 'Profile photo updated',
  'account2.photo.required': 'Choose a photo file',
  'account2.photo.invalid': 'This file cannot be opened as an image. Choose a JPEG, PNG, WebP or AVIF photo.',
  'account2.photo.tooLarge': 'The file is larger than 10 MB. Choose a smaller photo.',
  'account2.photo.tooManyPixels': 'The picture is too big: at most 50 megapixels. Make it smaller and upload it again.',
  'account2.password.title': 'Password',
  'account2.password.text': 'Changing the password signs you out on every other device.',
  'account2.password.current': 'Current password',
  'account2.password.new': 'New password',
  'account2.password.repeat': 'Repeat the new password',
  'account2.password.submit': 'Change password',
  'account2.password.changed': 'Password changed. You have been signed out on your other devices.',
  'account2.password.same': 'The new password is the same as the current one',
}
