import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthEndpoint, getSessionFromCtx } from 'better-auth/api'
import { setSessionCookie } from 'better-auth/cookies'

/**
 * POST /api/auth/sign-in/token with `Authorization: Bearer <product token>`: spec 4, "with a stored token, the
 * profile is loaded directly". The web signs in with an HttpOnly cookie; a page that finds a token in local
 * storage (the hybrid app's shell, the old site) exchanges it here once for the cookie of the same session.
 * The bearer plugin has already turned the header into the session cookie of this request; an unknown,
 * expired or banned (deleted) session answers 401.
 */
export function tokenSignIn(): BetterAuthPlugin {
  return {
    id: 'token-sign-in',
    endpoints: {
      signInToken: createAuthEndpoint('/sign-in/token', { method: 'POST' }, async (ctx) => {
        const current = await getSessionFromCtx(ctx)
        const user = current?.user as { id: string; name: string; banned?: boolean | null } | undefined
        if (!current || !user || user.banned) {
          throw new APIError('UNAUTHORIZED', { code: 'TOKEN_INVALID', message: 'The token is not a valid session' })
        }
        await setSessionCookie(ctx, { session: current.session, user: current.user })
        return ctx.json({ user: { id: user.id, name: user.name } })
      }),
    },
  }
}
