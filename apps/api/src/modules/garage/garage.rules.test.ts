import { describe, expect, test } from 'vitest'
import { dayBefore, garageStatusOf, kazakhstanDay, sellPlan, statusFollowsListing, valueTrend } from './garage.rules.ts'

describe('the status of a garage car', () => {
  test('follows its listing: published is for sale, sold is sold, a listing under way means still in use', () => {
    expect(garageStatusOf('owned', 'published')).toBe('for_sale')
    expect(garageStatusOf('owned', 'sold')).toBe('sold')
    for (const s of ['draft', 'moderation', 'rejected'] as const) expect(garageStatusOf('sold', s)).toBe('owned')
    expect(statusFollowsListing('published')).toBe(true)
    expect(statusFollowsListing('draft')).toBe(true)
  })

  test('without a listing, or once it is archived, it is what the owner said', () => {
    expect(garageStatusOf('owned', null)).toBe('owned')
    expect(garageStatusOf('sold', null)).toBe('sold')
    expect(garageStatusOf('sold', 'archived')).toBe('sold')
    expect(garageStatusOf('owned', 'archived')).toBe('owned')
    expect(statusFollowsListing(null)).toBe(false)
    expect(statusFollowsListing('archived')).toBe(false)
  })

  test('a car is never "for sale" without a published listing', () => {
    expect(garageStatusOf('for_sale', null)).toBe('owned')
    expect(garageStatusOf('for_sale', 'archived')).toBe('owned')
  })
})

describe('the day of a value snapshot', () => {
  test('is the calendar day in Kazakhstan (UTC+5), not in UTC', () => {
    expect(kazakhstanDay(new Date('2026-11-21T18:59:59Z'))).toBe('2026-11-21')
    expect(kazakhstanDay(new Date('2026-11-21T19:00:00Z'))).toBe('2026-11-22')
    expect(kazakhstanDay(new Date('2026-12-31T19:30:00Z'))).toBe('2027-01-01')
  })

  test('counts days back across months and years', () => {
    expect(dayBefore('2026-03-01', 1)).toBe('2026-02-28')
    expect(dayBefore('2027-01-05', 90)).toBe('2026-10-07')
  })
})

describe('the value trend', () => {
  const p = (day: string, estimateKzt: number | null) => ({ day, estimateKzt })

  test('is the latest estimate minus the first one, since that day', () => {
    expect(valueTrend([p('2026-10-01', 12_000_000), p('2026-10-15', 11_900_000), p('2026-11-01', 11_700_000)])).toEqual(
      { changeKzt: -300_000, changeSince: '2026-10-01' },
    )
  })

  test('skips early days without an estimate', () => {
    expect(valueTrend([p('2026-10-01', null), p('2026-10-02', 9_000_000), p('2026-10-03', 9_100_000)])).toEqual({
      changeKzt: 100_000,
      changeSince: '2026-10-02',
    })
  })

  test('says nothing with one estimate, none, or when there is no estimate today', () => {
    const none = { changeKzt: null, changeSince: null }
    expect(valueTrend([])).toEqual(none)
    expect(valueTrend([p('2026-10-01', 9_000_000)])).toEqual(none)
    expect(valueTrend([p('2026-10-01', null), p('2026-10-02', 9_000_000)])).toEqual(none)
    expect(valueTrend([p('2026-10-01', 9_000_000), p('2026-10-02', null)])).toEqual(none)
  })

  test('an unchanged value is a change of zero, not nothing', () => {
    expect(valueTrend([p('2026-10-01', 9_000_000), p('2026-10-02', 9_000_000)]).changeKzt).toBe(0)
  })
})

describe('"sell this car"', () => {
  test('opens the listing already under way instead of starting a second one', () => {
    for (const s of ['draft', 'moderation', 'published', 'rejected'] as const)
      expect(sellPlan('owned', s)).toBe('existing')
  })

  test('is refused for a car that is sold, through us or privately', () => {
    expect(sellPlan('owned', 'sold')).toBe('sold')
    expect(sellPlan('sold', null)).toBe('sold')
    expect(sellPlan('sold', 'archived')).toBe('sold')
  })

  test('starts a new draft for a car in use, also after its listing was archived', () => {
    expect(sellPlan('owned', null)).toBe('new')
    expect(sellPlan('owned', 'archived')).toBe('new')
  })
})
