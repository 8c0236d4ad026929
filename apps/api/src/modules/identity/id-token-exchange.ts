import type { Db } from '../../db/client.ts'
import type { Auth } from './auth.ts'
import { createIdTokenVerifier, type TrustedIssuer, webSignInProviders } from './id-token.ts'

/** The app's exchange: an identity token from a trusted issuer becomes a product session token. */
export function createIdTokenExchange({ db, auth, issuers }: { db: Db; auth: Auth; issuers: TrustedIssuer[] }) {
  const verifier = createIdTokenVerifier({ db, issuers })
  return {
    /** Which web sign-in buttons can work (their provider's tokens are trusted). */
    webProviders: webSignInProviders(issuers),
    /** Throws InvalidIdTokenError (401) for an untrusted, expired, or badly signed token. */
    async exchange(token: string): Promise<{ jwt: string }> {
      const ctx = await auth.$context
      const userId = await verifier.signInUser(ctx.internalAdapter, token)
      const session = await ctx.internalAdapter.createSession(userId)
      return { jwt: session.token }
    },
  }
}
export type IdTokenExchange = ReturnType<typeof createIdTokenExchange>
