import { Problem } from '@tulpar/contracts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { LIMITS, type RateLimiter } from '../../lib/rate-limit.ts'
import type { Auth } from './auth.ts'
import { type IdTokenExchange, InvalidIdTokenError } from './id-token.ts'
import { toFetchHeaders } from './session.ts'

export class TooManyRequestsError extends AppError {
  readonly retryAfterSeconds: number
  constructor(retryAfterSeconds: number) {
    super('auth.too_many_requests', 429, 'Please try again later or choose another sign-in method.')
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/**
 * Throws TooManyRequestsError when any of the (key, limit) pairs is over its limit, telling the client when
 * to try again (Retry-After) when given the reply.
 */
export async function enforceLimits(
  limiter: RateLimiter,
  checks: { key: string; limit: number; windowSeconds: number }[],
  reply?: FastifyReply,
): Promise<void> {
  for (const c of checks) {
    const result = await limiter.hit(c.key, c.limit, c.windowSeconds)
    if (!result.allowed) {
      reply?.header('retry-after', String(result.retryAfterSeconds))
      throw new TooManyRequestsError(result.retryAfterSeconds)
    }
  }
}

/** Password reset emails: 5 an hour per address, 20 an hour per client IP. */
export const RESET_PER_ADDRESS = { limit: 5, windowSeconds: 3600 }
export const RESET_PER_IP = { limit: 20, windowSeconds: 3600 }

/**
 * better-auth's own endpoints under /api/auth/* (sign-up, sign-in, sign-out, password reset, phone OTP,
 * sessions, admin, the web's identity-token sign-in), passed through as Fetch requests. Email sign-in is
 * throttled per address and per IP, identity-token sign-in per IP, password changes per account.
 */
export function registerAuthHandler(
  app: FastifyInstance,
  { auth, limiter, publicUrl }: { auth: Auth; limiter: RateLimiter; publicUrl: string },
) {
  /**
   * Guesses at a password (sign-in, or a stolen session changing it), token sign-ins and reset emails are
   * limited.
   */
  async function throttle(path: string, ip: string, body: unknown, headers: Headers, reply: FastifyReply) {
    if (path.endsWith('/sign-in/email')) {
      const email = String((body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()
      await enforceLimits(
        limiter,
        [
          { key: `login:id:${email}`, ...LIMITS.loginPerIdentifier },
          { key: `login:ip:${ip}`, ...LIMITS.loginPerIp },
        ],
        reply,
      )
    } else if (path.endsWith('/sign-in/id-token')) {
      await enforceLimits(limiter, [{ key: `login:ip:${ip}`, ...LIMITS.loginPerIp }], reply)
    } else if (path.endsWith('/request-password-reset')) {
      // Each request sends an email: per address like the SMS codes, and per client.
      const email = String((body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()
      await enforceLimits(
        limiter,
        [
          { key: `reset:id:${email}`, ...RESET_PER_ADDRESS },
          { key: `reset:ip:${ip}`, ...RESET_PER_IP },
        ],
        reply,
      )
    } else if (path.endsWith('/change-password')) {
      // Per account: whoever holds the session may not try current passwords without end.
      const current = await auth.api.getSession({ headers })
      if (current) {
        await enforceLimits(limiter, [{ key: `password:user:${current.user.id}`, ...LIMITS.loginPerIdentifier }], reply)
      }
    }
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const url = new URL(request.url, publicUrl)
      const headers = toFetchHeaders(request.headers)
      if (request.method === 'POST') await throttle(url.pathname, request.ip, request.body, headers, reply)
      const body = request.method === 'GET' || request.body === undefined ? undefined : JSON.stringify(request.body)
      if (body !== undefined) headers.set('content-type', 'application/json')
      headers.delete('content-length')
      const response = await auth.handler(new Request(url, { method: request.method, headers, body }))
      reply.status(response.status)
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value)
      })
      const cookies = response.headers.getSetCookie()
      if (cookies.length > 0) reply.header('set-cookie', cookies)
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null)
    },
  })
}

/** Spec: GET /firebase/auth/ with the identity token as bearer answers `{ jwt }`, the product's token. */
export function registerIdTokenExchange(app: FastifyInstance, exchange: IdTokenExchange) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/firebase/auth/',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Exchange an identity token from a trusted issuer for a product token',
        description:
          'Send `Authorization: Bearer <identity token>`. Trusted issuers are configured by TRUSTED_ID_TOKEN_ISSUERS. ' +
          'The answer `jwt` is a session token usable as `Authorization: Bearer`.',
        response: { 200: z.object({ jwt: z.string() }), 401: Problem },
      },
    },
    async (request) => {
      const header = request.headers.authorization ?? ''
      if (!header.startsWith('Bearer ')) throw new InvalidIdTokenError('missing bearer token')
      return exchange.exchange(header.slice('Bearer '.length).trim())
    },
  )
}
