import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { startPeriodic } from './periodic.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('periodic work', () => {
  test('runs after the first delay, then every interval, until stopped', async () => {
    let runs = 0
    const stop = startPeriodic(
      async () => {
        runs++
      },
      { firstMs: 100, intervalMs: 1000 },
    )
    await vi.advanceTimersByTimeAsync(99)
    expect(runs).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(runs).toBe(1)
    await vi.advanceTimersByTimeAsync(2000)
    expect(runs).toBe(3)
    stop()
    await vi.advanceTimersByTimeAsync(5000)
    expect(runs).toBe(3)
  })

  test('never runs twice at once: a run still going when the next is due is skipped', async () => {
    let running = 0
    let most = 0
    let runs = 0
    const stop = startPeriodic(
      async () => {
        runs++
        running++
        most = Math.max(most, running)
        await new Promise((r) => setTimeout(r, 2500))
        running--
      },
      { firstMs: 0, intervalMs: 1000 },
    )
    await vi.advanceTimersByTimeAsync(6000)
    stop()
    expect(most).toBe(1)
    expect(runs).toBeLessThan(4)
  })
})
