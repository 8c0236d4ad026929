import type { Locale } from '@tulpar/contracts'
import { formatDate } from '../../i18n/i18n.ts'

const TIME = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'Asia/Almaty',
})

/**
 * `21 ноября 2026 г., 14:05` (Almaty time). The time comes from en-GB data, present in every ICU build, so the
 * server and a browser without Kazakh data render the same text.
 */
export function formatDateTime(iso: string, locale: Locale): string {
  return `${formatDate(iso, locale)}, ${TIME.format(new Date(iso))}`
}
