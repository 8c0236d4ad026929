/**
 * Kazakhstan mobile numbers: +7 7XX XXX XX XX. Accepts `8 7XX ...`, `+7 (7XX) ...`, spaces and dashes
 * (the spec removes parentheses before phone login) and returns E.164, or null when it is not a KZ mobile.
 */
export function normaliseKzPhone(input: string): string | null {
  const digits = input.replace(/[\s()\-.]/g, '')
  if (!/^\+?\d+$/.test(digits)) return null
  let national: string
  if (digits.startsWith('+7')) national = digits.slice(2)
  else if (digits.startsWith('87') && digits.length === 11) national = digits.slice(1)
  else if (digits.startsWith('77') && digits.length === 11) national = digits.slice(1)
  else if (digits.startsWith('7') && digits.length === 10) national = digits
  else return null
  return /^7\d{9}$/.test(national) ? `+7${national}` : null
}

/** The placeholder email of an account created by phone (better-auth needs one); never shown or mailed. */
export function phoneAccountEmail(e164: string): string {
  return `${e164.slice(1)}@phone.tulpar.kz`
}

export function isPhoneAccountEmail(email: string): boolean {
  return email.endsWith('@phone.tulpar.kz')
}
