import { and, eq, sql } from 'drizzle-orm'
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import type { Auth } from './auth.ts'
import { account, user } from './identity.tables.ts'
import { normaliseKzPhone, phoneAccountEmail } from './phone.ts'

export class InvalidIdTokenError extends AppError {
  constructor(reason: string) {
    super('auth.unauthorized', 401, `Identity token refused: ${reason}`)
  }
}

type Issuer = Config['trustedIdTokenIssuers'][number]

/**
 * Exchanges an identity token from a trusted issuer (the old Firebase project, Google or Apple through the
 * app's native sign-in, a test issuer) for a product session token. The user is found by the issuer's
 * subject, else by a verified email, else created.
 */
export function createIdTokenExchange({ db, auth, issuers }: { db: Db; auth: Auth; issuers: Issuer[] }) {
  const keySets = new Map(issuers.map((i) => [i.issuer, createRemoteJWKSet(new URL(i.jwksUrl))]))

  async function verify(token: string): Promise<{ issuer: Issuer; claims: JWTPayload & Record<string, unknown> }> {
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
      return { issuer, claims: payload as JWTPayload & Record<string, unknown> }
    } catch (error) {
      if (error instanceof InvalidIdTokenError) throw error
      throw new InvalidIdTokenError((error as { code?: string }).code ?? 'invalid')
    }
  }

  async function findOrCreateUser(issuer: Issuer, claims: JWTPayload & Record<string, unknown>): Promise<string> {
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
    const ctx = await auth.$context
    if (email) {
      const [existing] = await db
        .select({ id: user.id })
        .from(user)
        .where(sql`lower(${user.email}) = ${email}`)
        .limit(1)
      if (existing) {
        await ctx.internalAdapter.createAccount({ userId: existing.id, providerId, accountId: sub })
        return existing.id
      }
    }
    const name =
      typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : (email ?? phone ?? 'Tulpar')
    const created = await ctx.internalAdapter.createOAuthUser(
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
    /** Throws InvalidIdTokenError (401) for an untrusted, expired, or badly signed token. */
    async exchange(token: string): Promise<{ jwt: string }> {
      const { issuer, claims } = await verify(token)
      const userId = await findOrCreateUser(issuer, claims)
      const [u] = await db.select({ banned: user.banned }).from(user).where(eq(user.id, userId)).limit(1)
      if (!u || u.banned) throw new InvalidIdTokenError('account disabled')
      const ctx = await auth.$context
      const session = await ctx.internalAdapter.createSession(userId)
      return { jwt: session.token }
    },
  }
}
export type IdTokenExchange = ReturnType<typeof createIdTokenExchange>
