import { describe, expect, test } from 'vitest'
import { createMemoryRateLimiter, type RateLimiter } from './rate-limit.ts'
import { createFallbackRateLimiter, FALLBACK_RETRY_MS } from './rate-limit-fallback.ts'

/** A shared store that fails while `down` is set, counting the calls it gets. */
function flakyStore() {
  const inner = createMemoryRateLimiter()
  const state = { down: false, calls: 0 }
  const store: RateLimiter = {
    async hit(key, limit, windowSeconds) {
      state.calls++
      if (state.down) throw new Error('redis down')
      return inner.hit(key, limit, windowSeconds)
    },
    reset: (key) => inner.reset(key),
    health: async () => ({ store: 'redis', status: state.down ? 'down' : 'ok' }),
    close: () => inner.close(),
  }
  return { store, state }
}

describe('createFallbackRateLimiter', () => {
  test('counts in the process while the store fails, skips it for a while, and returns to it', async () => {
    let now = 0
    const events: string[] = []
    const { store, state } = flakyStore()
    const limiter = createFallbackRateLimiter(store, createMemoryRateLimiter({ now: () => now }), {
      now: () => now,
      onOutage: () => events.push('outage'),
      onRecovery: () => events.push('recovery'),
    })
    expect((await limiter.hit('k', 2, 60)).count).toBe(1)
    state.down = true
    const calls = state.calls
    expect(await limiter.hit('k', 2, 60)).toMatchObject({ allowed: true, count: 1 })
    expect(await limiter.hit('k', 2, 60)).toMatchObject({ allowed: true, count: 2 })
    expect(await limiter.hit('k', 2, 60)).toMatchObject({ allowed: false, count: 3 })
    // One failed call, then the store is left alone until the pause is over.
    expect(state.calls).toBe(calls + 1)
    expect(events).toEqual(['outage'])
    state.down = false
    now += FALLBACK_RETRY_MS
    expect((await limiter.hit('k', 2, 60)).count).toBe(2)
    expect(events).toEqual(['outage', 'recovery'])
    expect(await limiter.health()).toEqual({ store: 'redis', status: 'ok' })
  })
})
