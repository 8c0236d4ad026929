/** Sign-in's door: an account's label in the header, where a guest signs in, the password rule, a refused auth call's message, the providers' settings. */
export { actionErrorKey } from './action-errors.ts'
export { MIN_PASSWORD_LENGTH } from './api.ts'
export { accountLabel } from './phone.ts'
export { signInHref } from './redirect.ts'
export type { SocialProviders } from './social-sign-in.tsx'
