import { Readable } from 'node:stream'
import { AuditPage, AuditQuery } from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { staffRoutes } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import type { AuditService } from './audit.service.ts'

export interface AuditRoutesDeps {
  audit: AuditService
  sessions: SessionResolver
}

const ADMINS = 'Admins only (401 for guests, 403 for users, managers and moderators).'
const ExportQuery = AuditQuery.omit({ cursor: true, limit: true })

/** The audit trail under /api/admin/audit: the filtered pages and their CSV export. */
export const auditRoutes =
  ({ audit, sessions }: AuditRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const admins = staffRoutes(app, sessions, { tags: ['admin'], access: ADMINS })

    admins.get('/admin/audit/', {
      summary: 'Staff actions, newest first: who, with which role, from which address, what, before and after',
      description:
        'Filters: actor (account id), action, target type and id, days from/to (Kazakhstan time). Keyset paging: ' +
        'pass `nextCursor` as `cursor`.',
      querystring: AuditQuery,
      response: { 200: AuditPage },
      handler: (user, req) => audit.listEvents(user, req.query),
    })

    admins.get('/admin/audit/export.csv', {
      summary: 'The same filters as a CSV file (newest first, at most 50,000 rows)',
      querystring: ExportQuery,
      // A stream of text, not a JSON value: described here, never serialized.
      response: {
        200: {
          description: 'A header line, then one line per action (CRLF)',
          content: { 'text/csv': { schema: z.unknown() } },
        },
      },
      handler: (user, req, reply) => {
        const lines = audit.exportCsv(user, req.query)
        const day = new Date().toISOString().slice(0, 10)
        return reply
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
          .type('text/csv; charset=utf-8')
          .send(Readable.from(lines))
      },
    })
  }
