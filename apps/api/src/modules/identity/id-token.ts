import { and, eq, sql } from 'drizzle-orm'
import { createLocalJWKSet, createRemoteJWKSet, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { account, user } from './identity.tables.ts'
import type { LocalIssuer } from './local-idp.ts'
import { normaliseKzPhone, phoneAccountEmail } from './phone.ts'

export class InvalidIdTokenError extends AppError {
  constructor(reason: string) {
    super('auth.unauthorized', 401, `Identity token refused: ${reason}`)
  }
}

/** A configured issuer (keys fetched from `jwksUrl`) or the local provider's (keys given: local-idp.ts). */
export type TrustedIssuer = Config['trustedIdTokenIssuers'][number] | LocalIssuer
type Claims = JWTPayload & Record<string, unknown>

/** The part of better-auth's internal adapter that signing in by identity token needs. */
export interface IdentityWriter {
  createAccount(data: { userId: string; providerId: string; accountId: string }): Promise<unknown>
  createOAuthUser(
    user: { email: string; emailVerified: boolean; name: string },
    account: { providerId: string; accountId: string },
  ): Promise<{ user: { id: string } }>
}

const GOOGLE_ISSUER = 'https://accounts.google.com'
const APPLE_ISSUER = 'https://appleid.apple.com'

/**
 * The web's Google and Apple buttons need the client id their identity tokens are issued for; a button is
 * offered when that provider's tokens are trusted (GOOGLE_CLIENT_ID / APPLE_CLIENT_ID in config.ts), and, with
 * the local provider on (LOCAL_ID_PROVIDER), for the others through the local stand-in (`local`).
 */
export function webSignInProviders(issuers: TrustedIssuer[]): {
  google: string | null
  apple: string | null
  local: boolean
} {
  return {
    google: issuers.find((i) => i.issuer === GOOGLE_ISSUER)?.audience ?? null,
    apple: issuers.find((i) => i.issuer === APPLE_ISSUER)?.audience ?? null,
    local: issuers.some((i) => 'jwks' in i),
  }
}

/**
 * Verifies identity tokens from trusted issuers (the old Firebase project, Google, Apple, a test issuer) and
 * finds their user: by the issuer's subject, else by a verified email, else a new account. Shared by the
 * app's token exchange (GET /firebase/auth/) and the web's cookie sign-in (POST /api/auth/sign-in/id-token),
 * so one Google or Apple identity is one account on both.
 */
export function createIdTokenVerifier({ db, issuers }: { db: Db; issuers: TrustedIssuer[] }) {
  const keySets = new Map<string, JWTVerifyGetKey>(
    issuers.map((i) => [i.issuer, 'jwks' in i ? createLocalJWKSet(i.jwks) : createRemoteJWKSet(new URL(i.jwksUrl))]),
  )

  /** Throws InvalidIdTokenError for an untrusted, expired, or badly signed token. */
  async function verify(token: string): Promise<{ issuer: TrustedIssuer; claims: Claims }> {
    let unverifiedIssuer: string | undefined
    try {
      const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))
      unverifiedIssuer = typeof payload.iss === 'string' ? payload.iss : undefined
    } catch {
      throw new InvalidIdTokenError('malformed')
    }
    const issuer = issuers.find((i) => i.issuer === unverifiedIssuer)
    const keys = issuer ? keySets.get(issuer.issuer) : undefined
    if (!issuer || !keys) throw new InvalidIdTokenError('untrusted issuer')
    try {
      const { payload } = await jwtVerify(token, keys, { issuer: issuer.issuer, audience: issuer.audience })
      if (!payload.sub) throw new InvalidIdTokenError('no subject')
      return { issuer, claims: payload as Claims }
    } catch (error) {
      if (error instanceof InvalidIdTokenError) throw error
      throw new InvalidIdTokenError((error as { code?: string }).code ?? 'invalid')
    }
  }

  async function findOrCreateUser(writer: IdentityWriter, issuer: TrustedIssuer, claims: Claims): Promise<string> {
    const providerId = `idtoken:${issuer.issuer}`
    const sub = String(claims.sub)
    const [linked] = await db
      .select({ userId: account.userId })
      .from(account)
      .where(and(eq(account.providerId, providerId), eq(account.accountId, sub)))
      .limit(1)
    if (linked) return linked.userId
    const email = typeof claims.email === 'string' && claims.email_verified === true ? claims.email.toLowerCase() : null
    const phone = typeof claims.phone_number === 'string' ? normaliseKzPhone(claims.phone_number) : null
    if (email) {
      const [existing] = await db
        .select({ id: user.id })
        .from(user)
        .where(sql`lower(${user.email}) = ${email}`)
        .limit(1)
      if (existing) {
        await writer.createAccount({ userId: existing.id, providerId, accountId: sub })
        return existing.id
      }
    }
    const name =
      typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : (email ?? phone ?? 'Tulpar')
    const created = await writer.createOAuthUser(
      {
        email: email ?? (phone ? phoneAccountEmail(phone) : `${sub}@idtoken.tulpar.kz`),
        emailVerified: email !== null,
        name,
      },
      { providerId, accountId: sub },
    )
    return created.user.id
  }

  return {
    verify,
    /**
     * The account for a verified identity token. Throws InvalidIdTokenError for a bad token or a disabled
     * (banned) account.
     */
    async signInUser(writer: IdentityWriter, token: string): Promise<string> {
      const { issuer, claims } = await verify(token)
      const userId = await findOrCreateUser(writer, issuer, claims)
      const [u] = await db.select({ banned: user.banned }).from(user).where(eq(user.id, userId)).limit(1)
      if (!u || u.banned) throw new InvalidIdTokenError('account disabled')
      return userId
    },
  }
}
export type IdTokenVerifier = ReturnType<typeof createIdTokenVerifier>
