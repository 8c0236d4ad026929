import type { Services } from '@tulpar/api'
import { CallbackRequestBody } from '@tulpar/contracts'
import { formatPhone } from '@tulpar/contracts/phone'
import { serviceErrorCode } from '../../lib/service-errors.ts'
import {
  type CallbackField,
  type CallbackResult,
  type CallbackValues,
  contactErrorKey,
  type RevealResult,
  validateCallback,
} from './contact.ts'

function statusOf(code: string): number {
  if (code === 'rate_limited') return 429
  if (code === 'listing.gone') return 410
  if (code === 'listing.sold') return 409
  if (code === 'listing.not_found') return 404
  return 400
}

/** Reveals the seller's number through the same use case as POST /api/cars/{id}/phone/ (counted, rate-limited). */
export async function revealPhone(
  services: Services,
  id: number,
  clientIp: string,
): Promise<{ result: RevealResult; status: number }> {
  try {
    const { phone } = await services.carPage.revealPhone(id, { ip: clientIp })
    return { result: { intent: 'reveal', phone, display: formatPhone(phone), error: null }, status: 200 }
  } catch (error) {
    const code = serviceErrorCode(error)
    if (!code) throw error
    return {
      result: { intent: 'reveal', phone: null, display: null, error: contactErrorKey(code) },
      status: statusOf(code),
    }
  }
}

/** Validates and stores a call-back request through the same use case as POST /api/cars/{id}/callback/. */
export async function requestCallback(
  services: Services,
  id: number,
  form: FormData,
  request: Request,
  clientIp: string,
): Promise<{ result: CallbackResult; status: number }> {
  const field = (name: CallbackField) => {
    const v = form.get(name)
    return typeof v === 'string' ? v.slice(0, 200) : ''
  }
  const values: CallbackValues = { phone: field('phone'), lastName: field('lastName'), firstName: field('firstName') }
  const answer = (status: number, patch: Partial<CallbackResult>) => ({
    result: { intent: 'callback' as const, ok: false, values, fieldErrors: {}, error: null, ...patch },
    status,
  })
  const fieldErrors = validateCallback(values)
  const parsed = CallbackRequestBody.safeParse(values)
  if (Object.keys(fieldErrors).length > 0 || !parsed.success) {
    return answer(400, {
      fieldErrors: Object.keys(fieldErrors).length > 0 ? fieldErrors : { phone: 'validation.phone' },
    })
  }
  try {
    // The account only links the lead to its author; a failing session lookup must not lose the request.
    const user = await services.sessions.sessionUser(request.headers).catch(() => null)
    await services.leads.requestCallback(id, parsed.data, { ip: clientIp, userId: user?.id ?? null })
    return answer(200, { ok: true, values: { phone: '', lastName: '', firstName: '' } })
  } catch (error) {
    const code = serviceErrorCode(error)
    if (!code) throw error
    if (code === 'phone.invalid') return answer(400, { fieldErrors: { phone: 'validation.phone' } })
    return answer(statusOf(code), { error: contactErrorKey(code) })
  }
}
