import { describe, expect, test } from 'vitest'
import { judgeMileage, NORM_KM_PER_YEAR } from './mileage.ts'

const at = (iso: string) => new Date(`${iso}T12:00:00Z`)

describe('mileage plausibility', () => {
  test('readings that only grow are plausible; no reading is unknown', () => {
    expect(
      judgeMileage(
        [
          { km: 42_000, at: at('2024-05-01') },
          { km: 79_000, at: at('2026-09-01') },
        ],
        2019,
      ).verdict,
    ).toBe('plausible')
    expect(judgeMileage([], 2019)).toEqual({ verdict: 'unknown', flags: [] })
  })

  test('a reading lower than an earlier one is flagged with both readings and their dates, in any input order', () => {
    const r = judgeMileage(
      [
        { km: 112_000, at: at('2026-10-20') },
        { km: 98_000, at: at('2023-07-10') },
        { km: 151_000, at: at('2025-01-20') },
      ],
      2016,
    )
    expect(r.verdict).toBe('suspicious')
    expect(r.flags).toEqual([
      {
        kind: 'rollback',
        earlier: { km: 151_000, at: at('2025-01-20').toISOString() },
        later: { km: 112_000, at: at('2026-10-20').toISOString() },
        expectedKm: null,
      },
    ])
  })

  test('a typing slip is not a rollback: 1% or 500 km, whichever is more, and the edges of both', () => {
    const pair = (a: number, b: number) =>
      judgeMileage(
        [
          { km: a, at: at('2025-01-01') },
          { km: b, at: at('2026-01-01') },
        ],
        null,
      )
    expect(pair(120_500, 120_000).verdict).toBe('plausible') // 500 km: the minimum
    expect(pair(120_501, 120_000).verdict).toBe('plausible') // 501 back, under 1% (1,205)
    expect(pair(121_212, 120_000).verdict).toBe('plausible') // 1,212 back: just under 1% of 121,212
    expect(pair(121_213, 120_000).verdict).toBe('suspicious') // 1,213 back: just over 1% of 121,213
    expect(pair(10_000, 9_500).verdict).toBe('plausible') // 500 km is more than 1% of 10,000
    expect(pair(10_000, 9_499).verdict).toBe('suspicious')
  })

  test('later readings are compared with the highest seen, not only the previous one', () => {
    const r = judgeMileage(
      [
        { km: 100_000, at: at('2022-01-01') },
        { km: 60_000, at: at('2023-01-01') },
        { km: 70_000, at: at('2024-01-01') },
      ],
      null,
    )
    expect(r.flags.map((f) => [f.earlier?.km, f.later.km])).toEqual([
      [100_000, 60_000],
      [100_000, 70_000],
    ])
  })

  test('far below the age norm is flagged from three years of age; a young car with few km is not', () => {
    // A 2015 car read in November 2026: 11.4 years, norm about 171,000 km, a third about 57,000.
    const old = judgeMileage([{ km: 50_000, at: at('2026-11-01') }], 2015)
    expect(old.verdict).toBe('suspicious')
    expect(old.flags[0]?.kind).toBe('low_for_age')
    expect(old.flags[0]?.expectedKm).toBeGreaterThan(10 * NORM_KM_PER_YEAR)
    expect(judgeMileage([{ km: 60_000, at: at('2026-11-01') }], 2015).verdict).toBe('plausible')
    // Two years old with 1,000 km: a car kept in a garage is possible, and too young to judge.
    expect(judgeMileage([{ km: 1_000, at: at('2026-11-01') }], 2024).verdict).toBe('plausible')
  })
})
