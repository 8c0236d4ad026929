/**
 * Kazakhstan mobile numbers in the browser: the same rule as the API (`+7 7XX XXX XX XX`), so a bad number is
 * caught before a request. Spec: phone login removes parentheses; spaces, dashes and dots go too.
 */
export function cleanPhone(input: string): string {
  return input.replace(/[\s()\-.]/g, '')
}

/** E.164 (`+77011234567`) for `8 701 ...`, `+7 (701) ...`, `7011234567`; null when it is not a KZ mobile. */
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

/**
 * What the header shows for a signed-in user: the name, or the phone for accounts made by phone (their name is
 * the number until they set one).
 */
export function accountLabel(user: { name: string; phoneNumber?: string | null }): string {
  const name = user.name.trim()
  if (name && normaliseKzPhone(name) === null) return name
  const phone = user.phoneNumber ?? (name || null)
  return phone ? formatPhone(normaliseKzPhone(phone) ?? phone) : name
}
