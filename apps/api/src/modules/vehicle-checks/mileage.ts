import type { MileageFlag } from '@tulpar/contracts'

/*
 * The mileage plausibility rule of the paid report. Two kinds of evidence:
 * - a rollback: a reading lower than an earlier one, by more than a typing slip (1% of the earlier reading, and
 *   at least 500 km: 120,500 then 120,000 is a slip, 151,000 then 112,000 is not);
 * - too low for the age: a car of three years or more whose latest reading is under a third of the age norm.
 * The norm is 15,000 km a year. No official Kazakhstan figure was found (KZ-FACTS.md has none); 15,000 is the
 * figure the demo market is generated with for cars over 12 years (17,500 below) and the usual European
 * planning figure. A third of it is low enough that a garaged second car is the only honest explanation.
 */
export const NORM_KM_PER_YEAR = 15_000
const SLIP_SHARE = 0.01
const SLIP_MIN_KM = 500
const LOW_SHARE = 1 / 3
const LOW_MIN_AGE_YEARS = 3

export interface Reading {
  km: number
  at: Date
}

export interface MileageVerdict {
  verdict: 'plausible' | 'suspicious' | 'unknown'
  flags: MileageFlag[]
}

/** Judges the readings (any order) of one car of model year `year` (null: unknown); the age is at the latest reading. */
export function judgeMileage(readings: readonly Reading[], year: number | null): MileageVerdict {
  const sorted = [...readings].sort((a, b) => a.at.getTime() - b.at.getTime())
  if (sorted.length === 0) return { verdict: 'unknown', flags: [] }
  const flags: MileageFlag[] = []
  let highest: Reading | null = null
  for (const r of sorted) {
    if (highest && highest.km - r.km > Math.max(SLIP_MIN_KM, highest.km * SLIP_SHARE))
      flags.push({
        kind: 'rollback',
        earlier: { km: highest.km, at: highest.at.toISOString() },
        later: { km: r.km, at: r.at.toISOString() },
        expectedKm: null,
      })
    if (!highest || r.km > highest.km) highest = r
  }
  const latest = sorted[sorted.length - 1] as Reading
  if (year !== null) {
    const ageYears = (latest.at.getTime() - Date.UTC(year, 6, 1)) / (365.25 * 86_400_000)
    const expected = Math.round(ageYears * NORM_KM_PER_YEAR)
    if (ageYears >= LOW_MIN_AGE_YEARS && latest.km < expected * LOW_SHARE)
      flags.push({
        kind: 'low_for_age',
        earlier: null,
        later: { km: latest.km, at: latest.at.toISOString() },
        expectedKm: expected,
      })
  }
  return { verdict: flags.length > 0 ? 'suspicious' : 'plausible', flags }
}
