import type { AuditEvent } from '@tulpar/contracts'

const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actor_id',
  'actor_name',
  'actor_role',
  'ip',
  'action',
  'target_type',
  'target_id',
  'before',
  'after',
] as const

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma or line break. A text a spreadsheet would run as a
 * formula (= + - @ at the start, e.g. a name an account chose) is written with a leading apostrophe.
 */
export function csvField(value: string | null): string {
  if (value === null) return ''
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** One line of the export, CRLF-terminated. */
export function auditCsvLine(e: AuditEvent): string {
  return `${[
    e.id,
    e.at,
    e.actor?.id ?? null,
    e.actor?.name ?? null,
    e.actorRole,
    e.ip,
    e.action,
    e.targetType,
    e.targetId,
    e.before === null ? null : JSON.stringify(e.before),
    e.after === null ? null : JSON.stringify(e.after),
  ]
    .map(csvField)
    .join(',')}\r\n`
}

export const AUDIT_CSV_HEADER = `${AUDIT_CSV_COLUMNS.join(',')}\r\n`
