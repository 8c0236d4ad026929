import type { Services } from '@tulpar/api'
import { COMPLAINT_COMMENT_MAX, COMPLAINT_REASONS, type ComplaintReason, ListingComplaintBody } from '@tulpar/contracts'
import type { MessageKey } from '../../i18n/index.ts'
import { serviceErrorCode } from '../../lib/service-errors.ts'

export interface ComplaintValues {
  reason: string
  comment: string
}

export interface ComplaintResult {
  ok: boolean
  values: ComplaintValues
  fieldErrors: Partial<Record<keyof ComplaintValues, MessageKey>>
  error: MessageKey | null
}

const isReason = (v: string): v is ComplaintReason => (COMPLAINT_REASONS as readonly string[]).includes(v)

/** The form as the API's body, or the fields' translated errors (what was typed is kept either way). */
export function parseComplaint(
  form: FormData,
): { ok: true; body: ListingComplaintBody; values: ComplaintValues } | { ok: false; result: ComplaintResult } {
  const text = (name: string) => {
    const v = form.get(name)
    return typeof v === 'string' ? v : ''
  }
  // Kept a little past the limit so the error can say so, but never a whole request body.
  const values = { reason: text('reason').slice(0, 40), comment: text('comment').slice(0, COMPLAINT_COMMENT_MAX + 100) }
  const fieldErrors: ComplaintResult['fieldErrors'] = {}
  const comment = values.comment.trim()
  if (!isReason(values.reason)) fieldErrors.reason = 'complaint.error.reason'
  if (comment.length > COMPLAINT_COMMENT_MAX) fieldErrors.comment = 'complaint.error.commentLong'
  else if (values.reason === 'other' && !comment) fieldErrors.comment = 'complaint.error.comment'
  const parsed = ListingComplaintBody.safeParse({ reason: values.reason, ...(comment ? { comment } : {}) })
  if (Object.keys(fieldErrors).length === 0 && parsed.success) return { ok: true, body: parsed.data, values }
  // The contract refused what the checks above let through: say so rather than send it.
  if (Object.keys(fieldErrors).length === 0) fieldErrors.reason = 'complaint.error.reason'
  return { ok: false, result: { ok: false, values, fieldErrors, error: null } }
}

/** What the service's refusal says to the visitor, and its status. */
export function complaintError(code: string): { error: MessageKey; status: number } {
  if (code === 'complaint.own_listing') return { error: 'complaint.error.own', status: 403 }
  if (code === 'rate_limited') return { error: 'complaint.error.rate', status: 429 }
  if (code === 'listing.not_found' || code === 'listing.gone') return { error: 'complaint.error.gone', status: 404 }
  return { error: 'error.validation.failed', status: 400 }
}

/** Sends the complaint through the same use case as POST /api/cars/{id}/complaints/. */
export async function sendComplaint(
  services: Services,
  user: Parameters<Services['complaints']['submit']>[0],
  id: number,
  form: FormData,
): Promise<{ result: ComplaintResult; status: number }> {
  const parsed = parseComplaint(form)
  if (!parsed.ok) return { result: parsed.result, status: 400 }
  try {
    await services.complaints.submit(user, id, parsed.body)
    return { result: { ok: true, values: { reason: '', comment: '' }, fieldErrors: {}, error: null }, status: 200 }
  } catch (error) {
    const code = serviceErrorCode(error)
    if (!code) throw error
    const { error: key, status } = complaintError(code)
    return { result: { ok: false, values: parsed.values, fieldErrors: {}, error: key }, status }
  }
}
