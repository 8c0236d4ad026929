import fastifyHelmet from '@fastify/helmet'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/** A year, with subdomains: browsers then never try plain HTTP for the site. */
const HSTS_SECONDS = 365 * 24 * 60 * 60

/** Whether the request carries a credential (a session cookie or a bearer token): its answer is personal. */
export function carriesCredentials(request: Pick<FastifyRequest, 'headers'>): boolean {
  return Boolean(request.headers.authorization) || (request.headers.cookie ?? '').includes('session_token=')
}

/**
 * The headers every answer carries (@fastify/helmet): no framing (X-Frame-Options DENY; pages also say
 * `frame-ancestors 'none'` in their CSP), `nosniff`, a strict Referrer-Policy, HSTS when the site is served
 * over https, and popups allowed to talk back (Google and Apple sign-in). The Content-Security-Policy of pages
 * is set where their nonce is known (the web's entry.server.tsx); API answers are JSON, media is images.
 * An answer to a request with credentials is personal: `Cache-Control: private, no-store` unless the route
 * chose otherwise, so no shared cache or back button keeps someone's profile.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string) {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Listing photos are shown by the app's web view (another origin) and by other sites' link previews.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: publicUrl.startsWith('https:') ? { maxAge: HSTS_SECONDS, includeSubDomains: true } : false,
  })
  app.addHook('onSend', async (request, reply) => {
    if (carriesCredentials(request) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'private, no-store')
    }
  })
}
