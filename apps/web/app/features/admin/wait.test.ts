import { describe, expect, test } from 'vitest'
import { MESSAGES, translate } from '../../i18n/index.ts'
import { formatWait } from './wait.ts'

const t =
  (locale: 'ru' | 'kk' | 'en') => (key: Parameters<typeof translate>[2], params?: Record<string, string | number>) =>
    translate(MESSAGES[locale], locale, key, params)

describe('formatWait', () => {
  test('minutes under an hour, hours and minutes under two days, then days and hours', () => {
    expect(formatWait(59, t('ru'))).toBe('0 мин')
    expect(formatWait(45 * 60, t('ru'))).toBe('45 мин')
    expect(formatWait(3 * 3600 + 20 * 60, t('ru'))).toBe('3 ч 20 мин')
    expect(formatWait(47 * 3600 + 59 * 60, t('kk'))).toBe('47 сағ 59 мин')
    expect(formatWait(2 * 86400 + 4 * 3600, t('en'))).toBe('2 d 4 h')
  })
})
