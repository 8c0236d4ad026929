import type { Services } from '@tulpar/api'
import { CheckOrderBody } from '@tulpar/contracts'
import { data, redirectDocument } from 'react-router'
import type { MessageKey } from '../../i18n/i18n.ts'
import { serviceError } from '../../lib/service-errors.ts'

export interface CheckFormValues {
  vin: string
  brand: string
  model: string
  year: string
  mileage: string
}

const text = (form: FormData, name: string) => {
  const v = form.get(name)
  return typeof v === 'string' ? v.trim().slice(0, 60) : ''
}
const whole = (v: string) => (/^\d{1,9}$/.test(v.replace(/\s/g, '')) ? Number(v.replace(/\s/g, '')) : undefined)

export function checkFormValues(source: FormData | URLSearchParams): CheckFormValues {
  const get = (n: string) =>
    source instanceof URLSearchParams ? (source.get(n) ?? '').trim().slice(0, 60) : text(source, n)
  return { vin: get('vin'), brand: get('brand'), model: get('model'), year: get('year'), mileage: get('mileage') }
}

/**
 * Orders the check from the form and sends the payer to the checkout; a bad VIN or a closed payment service
 * comes back to the form with the message and what was typed.
 */
export async function orderCheck(services: Services, user: { id: string }, values: CheckFormValues) {
  const body = CheckOrderBody.safeParse({
    vin: values.vin,
    brandId: whole(values.brand),
    modelId: whole(values.brand) !== undefined ? whole(values.model) : undefined,
    year: whole(values.year),
    mileageKm: whole(values.mileage),
  })
  if (!body.success) {
    const vinBad = body.error.issues.some((i) => i.path[0] === 'vin')
    const error: MessageKey = vinBad ? 'check.error.vin' : 'error.validation.failed'
    return data({ error, values }, { status: 400 })
  }
  try {
    const order = await services.vehicleChecks.createOrder(user, body.data)
    // A whole-page redirect: the checkout is not a page of this app (a provider's site, or the API's local page).
    return redirectDocument(order.checkoutUrl ?? `/check/orders/${order.id}`)
  } catch (error) {
    const known = serviceError(error)
    if (!known || known.status < 422) throw error
    return data({ error: paymentErrorMessage(known), values }, { status: known.status })
  }
}

/**
 * What the payer reads when a payment cannot start: too many tries, the provider down or failing (nothing was
 * charged; try again), or payments closed.
 */
export function paymentErrorMessage(known: { code: string; status: number }): MessageKey {
  if (known.status === 429) return 'car.error.rateLimited'
  if (known.code === 'payment.provider_unavailable') return 'check.error.providerUnavailable'
  if (known.code === 'payment.provider_error') return 'check.error.providerError'
  return 'check.error.unavailable'
}
