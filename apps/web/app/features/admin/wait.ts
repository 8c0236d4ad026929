import type { MessageKey, Params } from '../../i18n/i18n.ts'

/** `45 мин`, `3 ч 20 мин`, `2 дн 4 ч`: how long a listing has waited (or waited) for a decision. */
export function formatWait(seconds: number, t: (key: MessageKey, params?: Params) => string): string {
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return t('admin.wait.minutes', { m: String(minutes) })
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return t('admin.wait.hours', { h: String(hours), m: String(minutes % 60) })
  return t('admin.wait.days', { d: String(Math.floor(hours / 24)), h: String(hours % 24) })
}
