import { BASE_ERROR_CODES } from 'better-auth'
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api'

/**
 * better-auth's `hooks.after` for a refused email sign-in: it answers INVALID_EMAIL_OR_PASSWORD whatever the
 * reason, and the spec's texts (section 8) tell them apart, so the answer becomes
 * - USER_NOT_FOUND ('User not found.') when no account has this email,
 * - CREDENTIAL_ACCOUNT_NOT_FOUND when the account has no password: made with Google, Apple or a phone code
 *   (the web shows the spec's 'An account already exists with different credentials.'),
 * - INVALID_PASSWORD ('Incorrect password.') otherwise.
 * Whether an email is registered is no secret here: the spec's check-is-user-exist call and the password reset
 * tell it too. Guessing stays bounded by the sign-in limits per account and per client (abuse-limits.ts), counted
 * before better-auth is called. Every other answer (a success, a banned account, a malformed email) passes as it is.
 */
export const explainSignInFailure = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== '/sign-in/email') return
  const returned = ctx.context.returned
  if (!isAPIError(returned) || returned.body?.code !== BASE_ERROR_CODES.INVALID_EMAIL_OR_PASSWORD.code) return
  const email: unknown = ctx.body?.email
  if (typeof email !== 'string') return
  // The lookup better-auth's sign-in made: the address in lower case, with the account's sign-in methods.
  const found = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase(), { includeAccounts: true })
  if (!found) throw APIError.from('UNAUTHORIZED', BASE_ERROR_CODES.USER_NOT_FOUND)
  const password = found.accounts.find((a) => a.providerId === 'credential' && a.accountId === found.user.id)?.password
  if (!password) throw APIError.from('UNAUTHORIZED', BASE_ERROR_CODES.CREDENTIAL_ACCOUNT_NOT_FOUND)
  throw APIError.from('UNAUTHORIZED', BASE_ERROR_CODES.INVALID_PASSWORD)
})
