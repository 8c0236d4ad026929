// The rule lives in the contracts so the browser checks numbers exactly as the API does.
export { normaliseKzPhone } from '@tulpar/contracts/phone'

/** The placeholder email of an account created by phone (better-auth needs one); never shown or mailed. */
export function phoneAccountEmail(e164: string): string {
  return `${e164.slice(1)}@phone.tulpar.kz`
}

export function isPhoneAccountEmail(email: string): boolean {
  return email.endsWith('@phone.tulpar.kz')
}
