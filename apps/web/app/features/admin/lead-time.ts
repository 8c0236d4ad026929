import type { MessageKey } from '../../i18n/i18n.ts'

type T = (key: MessageKey, params?: Record<string, string | number>) => string

/** "12 min ago", "3 h ago", "2 d ago": how long a lead has waited, in the back office's words. */
export function formatAgo(t: T, iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000))
  if (minutes < 60) return t('leads.ago.minutes', { n: minutes })
  if (minutes < 48 * 60) return t('leads.ago.hours', { n: Math.floor(minutes / 60) })
  return t('leads.ago.days', { n: Math.floor(minutes / 1440) })
}

/** A span of seconds as minutes, hours and minutes, or days and hours. */
export function formatDuration(t: T, seconds: number): string {
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return t('leads.duration.minutes', { n: minutes })
  if (minutes < 24 * 60) return t('leads.duration.hours', { n: Math.floor(minutes / 60), m: minutes % 60 })
  return t('leads.duration.days', { n: Math.floor(minutes / 1440), h: Math.floor((minutes % 1440) / 60) })
}
