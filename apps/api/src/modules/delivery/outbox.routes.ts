import { Problem } from '@tulpar/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { STAND_IN_PAGE_CSP } from '../../lib/stand-in-page.ts'
import { renderOutboxPage } from './outbox.page.ts'
import { listOutbox } from './outbox.ts'

/**
 * `to` as typed into a URL: `?to=+7701...` arrives as ` 7701...` (a `+` in a query string is a space),
 * so a leading space before digits is read back as `+`. Empty means no filter.
 */
const Recipient = z
  .string()
  .max(320)
  // PostgreSQL text cannot hold a NUL, and no phone or address has control characters: a 400, not a 500.
  .refine((v) => ![...v].some((c) => c.charCodeAt(0) < 32), 'no control characters')
  .transform((v) => v.replace(/^ (?=\d)/, '+').trim() || undefined)
  .optional()

const OutboxQuery = z.strictObject({
  to: Recipient.describe('Only messages to this E.164 phone or email address'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})

const OutboxMessageJson = z.object({
  id: z.number().int(),
  /** webpush and fcm: what the local push adapter would have sent to a browser or the app. */
  channel: z.enum(['email', 'sms', 'webpush', 'fcm']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  /** Email headers (List-Unsubscribe...), or a push's target path as `url`. */
  headers: z.record(z.string(), z.string()).nullable(),
  createdAt: z.iso.datetime(),
})

const CHANNELS = new Set(['email', 'sms', 'webpush', 'fcm'])

/**
 * The development outbox: GET /api/dev/outbox (JSON, for end-to-end tests reading SMS codes and email
 * links) and GET /dev/outbox (an HTML page for people). They expose every code and link sent, so the
 * caller must register them ONLY when `config.devOutbox` is true (DEV_OUTBOX; never in production).
 */
export function registerOutboxRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const typed = app.withTypeProvider<ZodTypeProvider>()

  typed.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages the local delivery adapters wrote (development only), newest first',
        querystring: OutboxQuery,
        response: { 200: z.object({ results: z.array(OutboxMessageJson) }), 400: Problem },
      },
    },
    async (req, reply) => {
      const rows = await listOutbox(db, { recipient: req.query.to, limit: req.query.limit })
      reply.header('cache-control', 'no-store')
      return {
        results: rows.map((r) => ({
          id: r.id,
          channel: CHANNELS.has(r.channel) ? (r.channel as 'email' | 'sms' | 'webpush' | 'fcm') : ('email' as const),
          recipient: r.recipient,
          subject: r.subject,
          body: r.body,
          headers: r.headers ?? null,
          createdAt: r.createdAt.toISOString(),
        })),
      }
    },
  )

  typed.get('/dev/outbox', { schema: { hide: true, querystring: OutboxQuery } }, async (req, reply) => {
    const rows = await listOutbox(db, { recipient: req.query.to, limit: req.query.limit })
    return reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .header('content-security-policy', STAND_IN_PAGE_CSP)
      .type('text/html; charset=utf-8')
      .send(renderOutboxPage(rows, { to: req.query.to }))
  })
}
