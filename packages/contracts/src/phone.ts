/* Kazakhstan phone numbers, one rule for the API and the browser (zod-free: safe in browser code). */

/** Spec 5: phone login removes parentheses; spaces, dashes and dots go too. */
export function cleanPhone(input: string): string {
  return input.replace(/[\s()\-.]/g, '')
}

/**
 * Kazakhstan mobile numbers (+7 7xx xxx xx xx): accepts `8 701 ...`, `+7 (701) ...`, `7011234567`, spaces and
 * dashes, and returns E.164 (`+77011234567`), or null when it is not a KZ mobile.
 */
export function normaliseKzPhone(input: string): string | null {
  const digits = cleanPhone(input)
  if (!/^\+?\d+$/.test(digits)) return null
  let national: string
  if (digits.startsWith('+7')) national = digits.slice(2)
  else if (digits.startsWith('87') && digits.length === 11) national = digits.slice(1)
  else if (digits.startsWith('77') && digits.length === 11) national = digits.slice(1)
  else if (digits.startsWith('7') && digits.length === 10) national = digits
  else return null
  return /^7\d{9}$/.test(national) ? `+7${national}` : null
}

/** `+77011234567` → `+7 701 123 45 67`; anything else is returned as it is. */
export function formatPhone(e164: string): string {
  const m = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(e164)
  return m ? `+7 ${m[1]} ${m[2]} ${m[3]} ${m[4]}` : e164
}

/** What an empty phone field shows: the shape of a KZ mobile, the same in every language. */
export const PHONE_PLACEHOLDER = '+7 (7__) ___ __ __'
