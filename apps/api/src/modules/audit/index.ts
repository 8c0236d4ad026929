// The audit trail: every staff action (and each refund the server makes), append-only. Modules record their actions
// with recordAudit in their own transaction; admins read and export them through the service.
export { csvField } from './audit.csv.ts'
export { auditRoutes } from './audit.routes.ts'
export {
  changedFields,
  createAuditService,
  recordAudit,
} from './audit.service.ts'
