// The audit trail: every staff action (and each refund the server makes), append-only. Modules record their actions
// with recordAudit in their own transaction; admins read and export them through the service.
export { AUDIT_CSV_COLUMNS, AUDIT_CSV_HEADER, auditCsvLine, csvField } from './audit.csv.ts'
export { type AuditRoutesDeps, auditRoutes } from './audit.routes.ts'
export {
  type AuditActor,
  type AuditEntry,
  type AuditService,
  changedFields,
  createAuditService,
  recordAudit,
} from './audit.service.ts'
