import { normaliseKzPhone } from '@tulpar/contracts/phone'
import type { MessageKey } from '../../i18n/i18n.ts'
import type { FormAnswer } from '../../lib/form-validation.ts'

/** The spec's credit application fields, as the widget posts them. */
export const CREDIT_FIELDS = ['carPriceKzt', 'downPaymentKzt', 'termMonths', 'phone', 'lastName', 'firstName'] as const
type CreditField = (typeof CREDIT_FIELDS)[number]
export type CreditValues = Record<CreditField, string>
export type CreditFieldErrors = Partial<Record<CreditField, MessageKey>>
export type CreditResult = FormAnswer<CreditField>

export const NAME_MAX_LENGTH = 80

/** Whole tenge from what was typed ("10 000 000", "10000000 ₸"); null when it is not an amount. */
export function parseKzt(text: string): number | null {
  const digits = text.replace(/[\s\u00a0\u202f₸]/g, '')
  if (!/^\d{1,13}$/.test(digits)) return null
  return Number(digits)
}

/** The same rules in the browser and in the action: required fields, amounts, a down payment below the price. */
export function validateCredit(values: CreditValues): CreditFieldErrors {
  const errors: CreditFieldErrors = {}
  for (const field of CREDIT_FIELDS) {
    if (values[field].trim() === '') errors[field] = 'validation.required'
  }
  const price = parseKzt(values.carPriceKzt)
  const down = parseKzt(values.downPaymentKzt)
  if (!errors.carPriceKzt && (price === null || price < 100_000)) errors.carPriceKzt = 'credit.error.amount'
  if (!errors.downPaymentKzt && down === null) errors.downPaymentKzt = 'credit.error.amount'
  if (!errors.carPriceKzt && !errors.downPaymentKzt && price !== null && down !== null && down >= price) {
    errors.downPaymentKzt = 'credit.error.downPaymentTooLarge'
  }
  if (!errors.termMonths && !/^\d{1,3}$/.test(values.termMonths.trim())) errors.termMonths = 'validation.required'
  if (!errors.phone && normaliseKzPhone(values.phone) === null) errors.phone = 'validation.phone'
  for (const field of ['lastName', 'firstName'] as const) {
    if (!errors[field] && values[field].trim().length > NAME_MAX_LENGTH) errors[field] = 'car.callback.tooLong'
  }
  return errors
}
