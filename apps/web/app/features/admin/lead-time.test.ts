import { describe, expect, test } from 'vitest'
import { formatAgo, formatDuration } from './lead-time.ts'

const t = (key: string, p: Record<string, string | number> = {}) => `${key}:${Object.values(p).join(',')}`

describe('lead times', () => {
  test('waiting time turns from minutes to hours at one hour and to days at two days', () => {
    const now = Date.parse('2026-11-23T12:00:00Z')
    expect(formatAgo(t, '2026-11-23T11:01:00Z', now)).toBe('leads.ago.minutes:59')
    expect(formatAgo(t, '2026-11-23T11:00:00Z', now)).toBe('leads.ago.hours:1')
    expect(formatAgo(t, '2026-11-21T12:01:00Z', now)).toBe('leads.ago.hours:47')
    expect(formatAgo(t, '2026-11-21T12:00:00Z', now)).toBe('leads.ago.days:2')
    // A clock a little behind the database never shows a negative wait.
    expect(formatAgo(t, '2026-11-23T12:00:30Z', now)).toBe('leads.ago.minutes:0')
  })

  test('time to first contact keeps the smaller unit', () => {
    expect(formatDuration(t, 59)).toBe('leads.duration.minutes:0')
    expect(formatDuration(t, 3_600 + 25 * 60)).toBe('leads.duration.hours:1,25')
    expect(formatDuration(t, 2 * 86_400 + 3 * 3_600)).toBe('leads.duration.days:2,3')
  })
})
