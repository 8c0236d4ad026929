import { formatPhone } from '@tulpar/contracts/phone'

/**
 * Company and branch phones, which are often landlines: a regional landline has a four-digit area code
 * (`+7 7172 60 00 37`, Astana; codes 71xx and 72xx), Almaty's is three digits like a mobile prefix
 * (`+7 727 250 01 50`). Mobiles (+7 70x, 74x-78x) read as formatPhone writes them.
 */
export function formatCompanyPhone(e164: string): string {
  const m = /^\+7(7[12]\d\d)(\d{2})(\d{2})(\d{2})$/.exec(e164)
  if (m && !e164.startsWith('+7727')) return `+7 ${m[1]} ${m[2]} ${m[3]} ${m[4]}`
  return formatPhone(e164)
}
