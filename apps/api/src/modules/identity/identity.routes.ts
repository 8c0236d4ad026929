import { Problem } from '@tulpar/contracts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sendNotFound } from '../../plugins/problem.ts'
import type { AbuseLimits } from './abuse-limits.ts'
import type { Auth } from './auth.ts'
import { InvalidIdTokenError } from './id-token.ts'
import type { IdTokenExchange } from './id-token-exchange.ts'
import { toFetchHeaders } from './session.ts'

/** The better-auth endpoints the product uses (the web, the app, the reset email's link); every other is off. */
const PRODUCT_ENDPOINTS: { method: 'GET' | 'POST'; path: RegExp }[] = [
  { method: 'POST', path: /^\/sign-up\/email$/ },
  { method: 'POST', path: /^\/sign-in\/email$/ },
  { method: 'POST', path: /^\/sign-in\/id-token$/ },
  // A token kept in local storage exchanged once for the web's session cookie (token-sign-in.ts).
  { method: 'POST', path: /^\/sign-in\/token$/ },
  { method: 'POST', path: /^\/sign-out$/ },
  { method: 'POST', path: /^\/request-password-reset$/ },
  { method: 'POST', path: /^\/reset-password$/ },
  { method: 'POST', path: /^\/change-password$/ },
  // The link in the reset email: better-auth checks the token and redirects to /reset-password?token=.
  { method: 'GET', path: /^\/reset-password\/[\w-]+$/ },
]

const isProductEndpoint = (method: string, path: string) =>
  PRODUCT_ENDPOINTS.some((e) => e.method === method && e.path.test(path))

/** A string field of a JSON body, or '' (the library validates the body itself afterwards). */
function field(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null) return ''
  const value = (body as Record<string, unknown>)[name]
  return typeof value === 'string' ? value : ''
}

/**
 * better-auth's endpoints under /api/auth/* that the product uses (PRODUCT_ENDPOINTS: email sign-up and
 * sign-in, the web's identity-token and stored-token sign-in, sign-out, password reset and change), passed through as Fetch
 * requests; the rest (phone codes, admin, sessions...) answer 404: phone sign-in goes through the spec's
 * /profiles/* calls, roles through the back office. Every call that sends an email, checks a password or makes
 * an account passes the same limits as the spec's calls (abuse-limits.ts).
 */
export function registerAuthHandler(
  app: FastifyInstance,
  { auth, limits, publicUrl }: { auth: Auth; limits: AbuseLimits; publicUrl: string },
) {
  async function throttle(path: string, ip: string, body: unknown, headers: Headers, reply: FastifyReply) {
    if (path === '/sign-in/email') await limits.passwordGuess(field(body, 'email'), ip, reply)
    else if (path === '/sign-up/email') await limits.signUp(field(body, 'email'), ip, reply)
    else if (path === '/sign-in/id-token' || path === '/sign-in/token') await limits.tokenSignIn(ip, reply)
    else if (path === '/request-password-reset') await limits.resetEmail(field(body, 'email'), ip, reply)
    else if (path === '/change-password') {
      // Per account: whoever holds the session may not try current passwords without end.
      const current = await auth.api.getSession({ headers })
      if (current) await limits.passwordChange(current.user.id, reply)
    }
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const url = new URL(request.url, publicUrl)
      const path = url.pathname.slice('/api/auth'.length)
      if (!isProductEndpoint(request.method, path)) return sendNotFound(request, reply)
      const headers = toFetchHeaders(request.headers)
      if (request.method === 'POST') await throttle(path, request.ip, request.body, headers, reply)
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
export function registerIdTokenExchange(app: FastifyInstance, exchange: IdTokenExchange, limits: AbuseLimits) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/firebase/auth/',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Exchange an identity token from a trusted issuer for a product token',
        description:
          'Send `Authorization: Bearer <identity token>`. Trusted issuers are configured by TRUSTED_ID_TOKEN_ISSUERS. ' +
          'The answer `jwt` is a session token usable as `Authorization: Bearer`. Counted with the sign-ins per IP ' +
          '(50 per 15 minutes).',
        response: { 200: z.object({ jwt: z.string() }), 401: Problem, 429: Problem },
      },
    },
    async (request, reply) => {
      await limits.tokenSignIn(request.ip, reply)
      const header = request.headers.authorization ?? ''
      if (!header.startsWith('Bearer ')) throw new InvalidIdTokenError('missing bearer token')
      return exchange.exchange(header.slice('Bearer '.length).trim())
    },
  )
}
