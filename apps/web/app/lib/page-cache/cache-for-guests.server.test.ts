import { RouterContextProvider } from 'react-router'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { pagePolicyContext } from '#app-context'
import {
  cacheForGuests,
  GUEST_PAGE_SECONDS,
  LONGEST_GUEST_PAGE_MS,
  secondsLeftToday,
} from './cache-for-guests.server.ts'

describe('how long a guest page is kept', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  test('never past the end of its day (UTC, the day pages compute dates in)', () => {
    expect(secondsLeftToday(Date.UTC(2026, 10, 26, 23, 59, 30))).toBe(30)
    expect(secondsLeftToday(Date.UTC(2026, 10, 26, 0, 0, 0))).toBe(86_400)
    expect(secondsLeftToday(Date.UTC(2026, 10, 26, 23, 59, 59, 900))).toBe(1)
  })

  test("a car page for six hours, or until the day's end if sooner; nothing for a page that may not be kept", () => {
    const policyAt = (iso: string, eligible = true) => {
      vi.useFakeTimers({ now: new Date(iso) })
      const context = new RouterContextProvider()
      const policy = { eligible, seconds: 0, tags: new Set<string>() }
      context.set(pagePolicyContext, policy)
      cacheForGuests(context, GUEST_PAGE_SECONDS.car, ['listing:1', null])
      return policy
    }
    expect(policyAt('2026-11-26T10:00:00Z')).toEqual({ eligible: true, seconds: 21_600, tags: new Set(['listing:1']) })
    expect(policyAt('2026-11-26T20:00:00Z').seconds).toBe(14_400)
    expect(policyAt('2026-11-26T23:50:00Z').seconds).toBe(600)
    expect(policyAt('2026-11-26T10:00:00Z', false)).toEqual({ eligible: false, seconds: 0, tags: new Set() })
  })

  test("the longest time is the car page's: the shared store keeps its purge times as long", () => {
    expect(LONGEST_GUEST_PAGE_MS).toBe(21_600_000)
  })
})
