import { formatPhone, normaliseKzPhone } from '@tulpar/contracts/phone'

// The same rule as the API: a bad number is caught before a request.
export { cleanPhone, formatPhone, normaliseKzPhone } from '@tulpar/contracts/phone'

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
