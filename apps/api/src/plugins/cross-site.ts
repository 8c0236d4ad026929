import type { FastifyInstance } from 'fastify'
import { AppError } from '../lib/errors.ts'

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Changes authenticated by the session cookie must come from our own pages: a cross-site form or fetch that
 * rides on the cookie is refused (403). Bearer-token clients (the app) are not affected; better-auth checks
 * its own endpoints against its trusted origins.
 */
export function registerCrossSiteCheck(app: FastifyInstance, publicUrl: string) {
  const ownOrigin = new URL(publicUrl).origin
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return
    if (request.headers.authorization?.startsWith('Bearer ')) return
    if (!/(^|;\s*)(__Secure-)?tulpar\.session_token=/.test(request.headers.cookie ?? '')) return
    const site = request.headers['sec-fetch-site']
    const origin = request.headers.origin ?? (request.headers.referer ? new URL(request.headers.referer).origin : null)
    const sameSite = site === 'same-origin' || site === 'none' || (site === undefined && origin === ownOrigin)
    if (!sameSite || (origin !== null && origin !== ownOrigin)) {
      throw new AppError('csrf.rejected', 403, 'Cross-site request refused')
    }
  })
}
