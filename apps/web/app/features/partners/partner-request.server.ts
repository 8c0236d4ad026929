import type { Services } from '@tulpar/api'
import { PartnerRequestBody } from '@tulpar/contracts'
import { serviceErrorCode } from '../../lib/service-errors.ts'
import {
  PARTNER_REQUEST_FIELDS,
  type PartnerRequestResult,
  type PartnerRequestValues,
  validatePartnerRequest,
} from './partner-request.ts'

const EMPTY: PartnerRequestValues = { name: '', phone: '', comment: '' }

function statusOf(code: string): number {
  if (code === 'rate_limited') return 429
  if (code === 'partner.not_found') return 404
  return 400
}

/**
 * The detail page's request form (a fetcher with JavaScript, a plain form post without): the same use case as
 * POST /api/partners/{id}/requests/. Signed in, the lead is linked to the account.
 */
export async function sendPartnerRequest(
  services: Services,
  partnerId: number,
  form: FormData,
  request: Request,
  clientIp: string,
): Promise<{ result: PartnerRequestResult; status: number }> {
  const values = { ...EMPTY }
  for (const field of PARTNER_REQUEST_FIELDS) {
    const v = form.get(field)
    values[field] = typeof v === 'string' ? v.slice(0, 1000) : ''
  }
  const answer = (status: number, patch: Partial<PartnerRequestResult>) => ({
    result: { ok: false, values, fieldErrors: {}, error: null, ...patch },
    status,
  })
  const fieldErrors = validatePartnerRequest(values)
  if (Object.keys(fieldErrors).length > 0) return answer(400, { fieldErrors })
  const parsed = PartnerRequestBody.safeParse({
    name: values.name,
    phone: values.phone,
    ...(values.comment.trim() ? { comment: values.comment } : {}),
  })
  if (!parsed.success) return answer(400, { fieldErrors: { phone: 'validation.phone' } })
  try {
    // The account only links the lead to its author; a failing session lookup must not lose the request.
    const user = await services.sessions.sessionUser(request.headers).catch(() => null)
    await services.partners.requestPartnerService(partnerId, parsed.data, { ip: clientIp, userId: user?.id ?? null })
    return answer(200, { ok: true, values: EMPTY })
  } catch (error) {
    const code = serviceErrorCode(error)
    if (!code) throw error
    if (code === 'phone.invalid') return answer(400, { fieldErrors: { phone: 'validation.phone' } })
    const status = statusOf(code)
    return answer(status, {
      error: status === 429 ? 'car.error.rateLimited' : status === 404 ? 'partners.notFound' : 'error.internal',
    })
  }
}
