import type { Services } from '@tulpar/api'
import { describe, expect, test } from 'vitest'
import { MESSAGES, translate } from '../../i18n/index.ts'
import { orderCheck } from './check.server.ts'

/** A service error as the API's typed errors carry it (code and status). */
const failing = (code: string, status: number) =>
  ({
    vehicleChecks: {
      createOrder: async () => {
        throw Object.assign(new Error(code), { code, status })
      },
    },
  }) as unknown as Services
const values = { vin: 'XW7BF4FK5GS104417', brand: '', model: '', year: '', mileage: '' }

describe('ordering a check while the payment provider is down (issue 35)', () => {
  test.each([
    ['payment.provider_unavailable', 503, 'check.error.providerUnavailable'],
    ['payment.provider_error', 502, 'check.error.providerError'],
    ['payment.unavailable', 503, 'check.error.unavailable'],
    ['rate_limited', 429, 'car.error.rateLimited'],
  ] as const)('%s (%i) comes back to the form as %s, with what was typed', async (code, status, key) => {
    const res = await orderCheck(failing(code, status), { id: 'u' }, values)
    expect(res).toMatchObject({ init: { status }, data: { error: key, values } })
  })

  test('the provider messages say nothing was charged, in each language', () => {
    const said = (['ru', 'kk', 'en'] as const).map((l) => [
      translate(MESSAGES[l], l, 'check.error.providerUnavailable'),
      translate(MESSAGES[l], l, 'check.error.providerError'),
    ])
    expect(said).toEqual([
      [expect.stringContaining('не отвечает'), expect.stringContaining('ошибкой')],
      [expect.stringContaining('жауап бермей'), expect.stringContaining('қатемен')],
      [expect.stringContaining('not answering'), expect.stringContaining('error')],
    ])
    for (const pair of said) expect(new Set(pair).size).toBe(2)
  })
})
