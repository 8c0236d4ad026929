import { AuditQuery } from '@tulpar/contracts'
import { data } from 'react-router'
import { servicesContext } from '#app-context'
import { requireAdminUser } from '../features/admin/admin-guard.server.ts'
import { auditFilters } from '../features/admin/audit-filters.ts'
import type { Route } from './+types/admin-audit-csv'

/** The service's lines as the bytes of a response body, read one batch at a time as the client takes them. */
function byteStream(lines: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const source = lines[Symbol.asyncIterator]()
  const encoder = new TextEncoder()
  return new ReadableStream({
    async pull(controller) {
      const next = await source.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value))
    },
    async cancel() {
      await source.return?.()
    },
  })
}

/**
 * /admin/audit.csv: the audit trail with the page's filters as a CSV file, streamed in batches (at most
 * AUDIT_EXPORT_MAX_ROWS rows, newest first). The page's guard: a guest signs in first, anyone but an admin gets 403.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const user = await requireAdminUser(services.sessions, request)
  const query = AuditQuery.omit({ cursor: true, limit: true }).safeParse(
    auditFilters(new URL(request.url).searchParams),
  )
  if (!query.success) throw data({ reason: 'filters' }, { status: 400 })
  const lines = services.audit.exportCsv(user, query.data)
  const day = new Date().toISOString().slice(0, 10)
  return new Response(byteStream(lines), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="audit-${day}.csv"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
