import type { socialSignInRu } from './social-sign-in.ru.ts'

export const socialSignInEn: Record<keyof typeof socialSignInRu, string> = {
  'auth.social.or': 'or',
  'auth.social.google': 'Sign in with Google',
  'auth.social.apple': 'Sign in with Apple',
  'auth.social.unavailable': 'Could not open sign-in with {provider}. Check your connection and try again.',
  'auth.error.operationNotAllowed': 'Operation is not allowed.',
  'auth.error.popupClosed': 'The popup window was closed by the user.',
  'auth.error.popupCancelled': 'The popup request was cancelled.',
  'auth.error.accountExists': 'An account already exists with different credentials.',
  'generic.tryLater': 'Sorry, something went wrong, try later',
}
