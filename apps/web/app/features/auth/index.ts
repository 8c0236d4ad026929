/** Sign-in's door: where a guest signs in, the password rule, a refused auth call's message, the providers' settings. */
export { actionErrorKey } from './action-errors.ts'
export { MIN_PASSWORD_LENGTH } from './api.ts'
export { signInHref } from './redirect.ts'
export type { SocialProviders } from './social-sign-in.tsx'
