import type { Services } from '@tulpar/api'
import { CreditApplicationBody } from '@tulpar/contracts'
import { serviceErrorCode } from '../../lib/service-errors.ts'
import { CREDIT_FIELDS, type CreditResult, type CreditValues, parseKzt, validateCredit } from './credit-form.ts'

const EMPTY: CreditValues = {
  carPriceKzt: '',
  downPaymentKzt: '',
  termMonths: '',
  phone: '',
  lastName: '',
  firstName: '',
}

/**
 * The credit widget's post (with JavaScript through a fetcher, without it as a plain form): the same use case as
 * POST /api/credit/applications/. A failure the visitor cannot fix is the spec's 'Sorry! Something went wrong'.
 */
export async function applyForCredit(
  services: Services,
  form: FormData,
  request: Request,
  clientIp: string,
): Promise<{ result: CreditResult; status: number; listingId: number | null }> {
  const values = { ...EMPTY }
  for (const field of CREDIT_FIELDS) {
    const v = form.get(field)
    values[field] = typeof v === 'string' ? v.slice(0, 200) : ''
  }
  const listingRaw = form.get('listingId')
  const listingId = typeof listingRaw === 'string' && /^\d{1,15}$/.test(listingRaw) ? Number(listingRaw) : null
  const answer = (status: number, patch: Partial<CreditResult>) => ({
    result: { ok: false, values, fieldErrors: {}, error: null, ...patch },
    status,
    listingId,
  })
  const fieldErrors = validateCredit(values)
  if (Object.keys(fieldErrors).length > 0) return answer(400, { fieldErrors })
  const parsed = CreditApplicationBody.safeParse({
    carPriceKzt: parseKzt(values.carPriceKzt),
    downPaymentKzt: parseKzt(values.downPaymentKzt),
    termMonths: Number(values.termMonths),
    phone: values.phone,
    lastName: values.lastName,
    firstName: values.firstName,
    ...(listingId === null ? {} : { listingId }),
  })
  if (!parsed.success) return answer(400, { fieldErrors: { carPriceKzt: 'credit.error.amount' } })
  try {
    // The account only links the lead to its author; a failing session lookup must not lose the application.
    const user = await services.sessions.sessionUser(request.headers).catch(() => null)
    await services.leads.applyForCredit(parsed.data, { ip: clientIp, userId: user?.id ?? null })
    return answer(200, { ok: true, values: EMPTY })
  } catch (error) {
    const code = serviceErrorCode(error)
    if (!code) throw error
    if (code === 'phone.invalid') return answer(400, { fieldErrors: { phone: 'validation.phone' } })
    if (code === 'credit.down_payment_too_large') {
      return answer(400, { fieldErrors: { downPaymentKzt: 'credit.error.downPaymentTooLarge' } })
    }
    if (code === 'rate_limited') return answer(429, { error: 'car.error.rateLimited' })
    return answer(code === 'listing.sold' ? 409 : 400, { error: 'credit.failed' })
  }
}
