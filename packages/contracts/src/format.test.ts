import { describe, expect, test } from 'vitest'
import { formatDate, formatDistance, formatLitres, formatNumber, formatPrice, KAZAKH_MONTHS } from './format.ts'

const nbspToSpace = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')

describe('formatting', () => {
  test('tenge are whole numbers grouped by thousands', () => {
    expect(nbspToSpace(formatPrice(10_000_000, 'ru'))).toBe('10 000 000 ₸')
    expect(nbspToSpace(formatPrice(2_500_000, 'kk'))).toBe('2 500 000 ₸')
    expect(formatPrice(10_000_000, 'en')).toBe('10,000,000 ₸')
    expect(formatPrice(1_499.6, 'en')).toBe('1,500 ₸')
  })

  test('Kazakh dates use Kazakh month names, whatever ICU data the browser has', () => {
    expect(formatDate('2026-11-21T10:00:00Z', 'kk')).toBe('2026 ж. 21 қараша')
    expect(formatDate('2026-01-01T00:30:00Z', 'kk')).toBe('2026 ж. 1 қаңтар')
    expect(formatDate('2026-11-21T10:00:00Z', 'en')).toBe('21 November 2026')
    expect(nbspToSpace(formatDate('2026-11-21T10:00:00Z', 'ru'))).toBe('21 ноября 2026 г.')
  })

  test('every month in Kazakh, January to December, on the day in Almaty', () => {
    // Written out here, not read from KAZAKH_MONTHS: a wrong name in the table must fail the test.
    const months = 'қаңтар ақпан наурыз сәуір мамыр маусым шілде тамыз қыркүйек қазан қараша желтоқсан'.split(' ')
    expect(KAZAKH_MONTHS).toEqual(months)
    for (let month = 0; month < 12; month++) {
      // 15th, noon UTC: the same day in Almaty (UTC+5).
      const date = new Date(Date.UTC(2026, month, 15, 12))
      expect(formatDate(date, 'kk')).toBe(`2026 ж. 15 ${months[month]}`)
    }
    // 31 December 20:00 UTC is already 1 January in Almaty.
    expect(formatDate(new Date('2025-12-31T20:00:00Z'), 'kk')).toBe('2026 ж. 1 қаңтар')
  })

  test('a Date and its ISO text are the same day', () => {
    for (const locale of ['ru', 'kk', 'en'] as const)
      expect(formatDate(new Date('2026-11-21T10:00:00Z'), locale)).toBe(formatDate('2026-11-21T10:00:00Z', locale))
  })

  test('kilometres and miles in each language', () => {
    expect(nbspToSpace(formatDistance(120_000, 'km', 'kk'))).toBe('120 000 км')
    expect(nbspToSpace(formatDistance(120_000, 'km', 'ru'))).toBe('120 000 км')
    expect(formatDistance(120_000, 'km', 'en')).toBe('120,000 km')
    expect(formatDistance(52_000, 'mi', 'en')).toBe('52,000 mi')
    expect(nbspToSpace(formatDistance(52_000, 'mi', 'ru'))).toBe('52 000 миль')
  })

  test('numbers and litres with one decimal', () => {
    expect(formatNumber(2.45, 'ru')).toBe('2,5')
    expect(formatNumber(12_345.6, 'en')).toBe('12,345.6')
    expect(nbspToSpace(formatLitres(2.5, 'kk'))).toBe('2,5 л')
    expect(formatLitres(2, 'en')).toBe('2.0 l')
  })
})
