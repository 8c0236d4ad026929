import type { FastifyRequest } from 'fastify'
import { noteRequestUser } from '../../lib/logger.ts'
import type { Auth } from './auth.ts'
import { UnauthorizedError } from './identity.errors.ts'
import { ACCOUNT_DELETED_REASON, type SessionUser } from './session-user.ts'

export function toFetchHeaders(source: FastifyRequest['headers']): Headers {
  const headers = new Headers()
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value) headers.append(key, v)
    else headers.set(key, String(value))
  }
  return headers
}

/** Reads the signed-in user from the session cookie (web) or the bearer token (app, API clients). */
export function createSessionResolver(auth: Auth) {
  async function signedIn(headers: Headers): Promise<{ user: SessionUser; sessionId: string; expiresAt: Date } | null> {
    // A guest (no bearer token, no session cookie) is known without asking better-auth: most page views are
    // guests', and its session lookup was 1-2% of a car page's server time.
    if (!headers.has('authorization') && !headers.get('cookie')?.includes('session_token=')) return null
    const result = await auth.api.getSession({ headers })
    if (!result) return null
    const u = result.user as typeof result.user & {
      role?: string | null
      phoneNumber?: string | null
      banned?: boolean | null
    }
    if (u.banned) return null
    return {
      user: {
        id: u.id,
        email: u.email,
        name: u.name,
        role: u.role ?? 'user',
        phoneNumber: u.phoneNumber ?? null,
        emailVerified: u.emailVerified,
      },
      sessionId: result.session.id,
      expiresAt: new Date(result.session.expiresAt),
    }
  }
  async function sessionUser(headers: Headers): Promise<SessionUser | null> {
    return (await signedIn(headers))?.user ?? null
  }
  /**
   * A session of an account deleted on another device (spec 4: "an error is shown, the user is logged out"):
   * answers the Set-Cookie values that clear its cookies; null for any other request. The same for every request
   * that still carries the cookie: the session row is left (it signs nobody in, its user being banned, and it
   * expires), so a page request that raced another request of the same browser (a revalidation in flight when the
   * account was deleted) is told too, instead of the first one consuming the notice and the next one rendering as a
   * guest's page without it.
   */
  async function endDeletedAccountSession(headers: Headers): Promise<string[] | null> {
    if (!headers.has('authorization') && !headers.get('cookie')?.includes('session_token=')) return null
    const result = await auth.api.getSession({ headers, query: { disableCookieCache: true } })
    const u = result?.user as { banned?: boolean | null; banReason?: string | null } | undefined
    if (!result || !u?.banned || u.banReason !== ACCOUNT_DELETED_REASON) return null
    const ctx = await auth.$context
    return [ctx.authCookies.sessionToken, ctx.authCookies.sessionData].map(
      (c) => `${c.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${c.attributes.secure ? '; Secure' : ''}`,
    )
  }
  return {
    sessionUser,
    /** The signed-in user, their session's id and when it ends (what may keep who they are: the web's viewer cache). */
    signedIn,
    endDeletedAccountSession,
    /** Whether the account signs in with a password (phone and Google/Apple accounts have none to change). */
    async hasPassword(userId: string): Promise<boolean> {
      const ctx = await auth.$context
      const accounts = await ctx.internalAdapter.findAccounts(userId)
      return accounts.some((a) => a.providerId === 'credential' && Boolean(a.password))
    },
    /** Throws UnauthorizedError (401) for a guest. */
    async requireUser(request: FastifyRequest): Promise<SessionUser> {
      const u = await sessionUser(toFetchHeaders(request.headers))
      if (!u) throw new UnauthorizedError()
      noteRequestUser(request, u.id)
      // The address a staff action is recorded with (audit trail); Fastify's request.ip honours trustProxyHops.
      return { ...u, ip: request.ip }
    },
    /** The user and the id of the session they came with (for work that outlives the request: live streams). */
    async requireSession(request: FastifyRequest): Promise<{ user: SessionUser; sessionId: string }> {
      const found = await signedIn(toFetchHeaders(request.headers))
      if (!found) throw new UnauthorizedError()
      noteRequestUser(request, found.user.id)
      return found
    },
    /**
     * Of these sessions, the ones that still sign someone in: not ended (sign-out, a password change ends the
     * others), not expired, and their account neither banned nor deleted. Two indexed queries for any number.
     */
    async liveSessionIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set()
      const { adapter } = await auth.$context
      const sessions = await adapter.findMany<{ id: string; userId: string; expiresAt: Date }>({
        model: 'session',
        where: [{ field: 'id', operator: 'in', value: ids }],
        limit: ids.length,
      })
      const now = Date.now()
      const current = sessions.filter((s) => new Date(s.expiresAt).getTime() > now)
      const userIds = [...new Set(current.map((s) => s.userId))]
      if (userIds.length === 0) return new Set()
      const users = await adapter.findMany<{ id: string; banned?: boolean | null }>({
        model: 'user',
        where: [{ field: 'id', operator: 'in', value: userIds }],
        limit: userIds.length,
      })
      const allowed = new Set(users.filter((u) => !u.banned).map((u) => u.id))
      return new Set(current.filter((s) => allowed.has(s.userId)).map((s) => s.id))
    },
  }
}
export type SessionResolver = ReturnType<typeof createSessionResolver>
