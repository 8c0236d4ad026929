import {
  ApproveBody,
  INSPECTION_CHECKS,
  InspectionReportBody,
  ListingFlagsBody,
  RejectBody,
  RoleChangeBody,
} from '@tulpar/contracts'
import type { MessageKey } from '../../i18n/i18n.ts'
import { field } from './admin-guard.server.ts'

/* The back office's forms, parsed with the API's own contracts (the services validate nothing twice). */

export type Parsed<T, F extends string = string> =
  | { ok: true; body: T }
  | { ok: false; errors: Partial<Record<F, MessageKey>> }

export function parseApprove(form: FormData): Parsed<ApproveBody, 'comment'> {
  const parsed = ApproveBody.safeParse({ comment: field(form, 'comment').trim() || undefined })
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: { comment: 'error.validation.failed' } }
}

export function parseReject(form: FormData): Parsed<RejectBody, 'reasonCode' | 'comment'> {
  const reasonCode = field(form, 'reasonCode')
  const comment = field(form, 'comment').trim()
  const parsed = RejectBody.safeParse({ reasonCode: reasonCode || undefined, comment: comment || undefined })
  if (parsed.success) return { ok: true, body: parsed.data }
  const errors: Partial<Record<'reasonCode' | 'comment', MessageKey>> = {}
  for (const issue of parsed.error.issues) {
    if (issue.path[0] === 'reasonCode') errors.reasonCode = 'admin.error.chooseReason'
    else if (issue.path[0] === 'comment')
      errors.comment = reasonCode === 'other' && !comment ? 'admin.error.commentForOther' : 'error.validation.failed'
  }
  return { ok: false, errors }
}

/** Checkboxes: present means on, absent means off (a form without JavaScript sends only the ticked ones). */
export function parseFlags(form: FormData): Parsed<ListingFlagsBody> {
  const parsed = ListingFlagsBody.safeParse({
    isTulpar: form.has('isTulpar'),
    isInspected: form.has('isInspected'),
    isHot: form.has('isHot'),
  })
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: { form: 'error.validation.failed' } }
}

export type ReportField = 'name' | 'vin' | 'reportDate' | 'status' | 'summary'

/** Each check is "not checked" (left out), "ok" or "problem" with an optional remark. */
export function parseReport(form: FormData): Parsed<InspectionReportBody, ReportField> {
  const summary = INSPECTION_CHECKS.flatMap((code) => {
    const verdict = field(form, `check.${code}`)
    if (verdict !== 'ok' && verdict !== 'problem') return []
    const note = field(form, `note.${code}`).trim()
    return [{ code, ok: verdict === 'ok', ...(note ? { note } : {}) }]
  })
  const parsed = InspectionReportBody.safeParse({
    name: field(form, 'name').trim(),
    vin: field(form, 'vin').trim().toUpperCase(),
    reportDate: field(form, 'reportDate') || null,
    status: field(form, 'status'),
    summary,
  })
  if (parsed.success) return { ok: true, body: parsed.data }
  const errors: Partial<Record<ReportField, MessageKey>> = {}
  for (const issue of parsed.error.issues) {
    const key = issue.path[0]
    if (key === 'reportDate') errors.reportDate = 'admin.error.reportDate'
    else if (key === 'name' || key === 'vin' || key === 'status' || key === 'summary')
      errors[key] = key === 'name' || key === 'vin' ? 'validation.required' : 'error.validation.failed'
  }
  return { ok: false, errors }
}

export function parseRole(form: FormData): Parsed<RoleChangeBody> {
  const parsed = RoleChangeBody.safeParse({ role: field(form, 'role') })
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: { role: 'error.validation.failed' } }
}
