import { describe, expect, test } from 'vitest'
import { refundFor } from './promotions.rules.ts'

const DAY = 86_400_000
const start = new Date('2026-11-20T10:00:00Z')
const after = (ms: number) => new Date(start.getTime() + ms)
const week = { product: 'top' as const, days: 7, amountKzt: 4990, endsAt: after(7 * DAY) }

describe('the refund of a promotion ended by a sale or removal', () => {
  test('the unused full days come back pro rata, rounded down to the tenge', () => {
    // Two days and an hour used: the third day is started, so four full days of seven are unused.
    expect(refundFor(week, after(2 * DAY + 3_600_000))).toBe(Math.floor((4990 * 4) / 7))
  })

  test('a promotion ended in its first hour gives back all but the started day', () => {
    expect(refundFor(week, after(60_000))).toBe(Math.floor((4990 * 6) / 7))
  })

  test('nothing comes back on its last day or after its end', () => {
    expect(refundFor(week, after(6 * DAY + 1))).toBe(0)
    expect(refundFor(week, after(8 * DAY))).toBe(0)
  })

  test('a raise is used when bought: nothing comes back', () => {
    expect(refundFor({ product: 'raise', days: 0, amountKzt: 990, endsAt: after(DAY) }, start)).toBe(0)
  })

  test('the refund never exceeds the price, even when ended before it started', () => {
    expect(refundFor(week, after(-3 * DAY))).toBe(4990)
  })
})
