import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthEndpoint } from 'better-auth/api'
import { setSessionCookie } from 'better-auth/cookies'
import { z } from 'zod'
import { type IdTokenVerifier, InvalidIdTokenError } from './id-token.ts'

/**
 * POST /api/auth/sign-in/id-token `{ idToken }`: the web's Google and Apple buttons. The popup hands the page
 * an identity token; this verifies it like GET /firebase/auth/ does and answers with the HttpOnly session
 * cookie, so the token never has to live in the page's storage.
 */
export function idTokenSignIn(verifier: IdTokenVerifier): BetterAuthPlugin {
  return {
    id: 'id-token-sign-in',
    endpoints: {
      signInIdToken: createAuthEndpoint(
        '/sign-in/id-token',
        { method: 'POST', body: z.object({ idToken: z.string().min(1).max(8192) }) },
        async (ctx) => {
          let userId: string
          try {
            userId = await verifier.signInUser(ctx.context.internalAdapter, ctx.body.idToken)
          } catch (error) {
            if (error instanceof InvalidIdTokenError) {
              throw new APIError('UNAUTHORIZED', { code: 'ID_TOKEN_INVALID', message: error.message })
            }
            throw error
          }
          const user = await ctx.context.internalAdapter.findUserById(userId)
          if (!user) throw new APIError('UNAUTHORIZED', { code: 'ID_TOKEN_INVALID', message: 'No such account' })
          const session = await ctx.context.internalAdapter.createSession(userId)
          await setSessionCookie(ctx, { session, user })
          return ctx.json({ user: { id: user.id, name: user.name } })
        },
      ),
    },
  }
}
