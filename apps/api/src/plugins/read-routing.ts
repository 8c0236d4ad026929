import type { FastifyInstance } from 'fastify'
import { runWithReadRouting } from '../db/replica.ts'
import { carriesCredentials } from './security-headers.ts'

/**
 * Marks each request for the read replica (decision 020): a GET or HEAD without a session cookie or bearer
 * token may read public data from the replica; any other request reads the primary, so a signed-in user sees
 * their own writes at once. The mark covers the whole request, API routes and server-rendered pages alike.
 * A request with a body is never allowed the replica, so losing the mark across body parsing (stream events
 * run outside it) only ever means the primary.
 */
export function registerReadRouting(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const replica = (request.method === 'GET' || request.method === 'HEAD') && !carriesCredentials(request)
    runWithReadRouting(replica, done)
  })
}
