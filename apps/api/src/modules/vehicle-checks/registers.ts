import type { RegisterCheck } from '@tulpar/contracts'

/*
 * The state registers a buyer should check before paying (KZ-FACTS.md, "Checking a car before buying"). None
 * has an open API we can call: each is an adapter whose only implementation today says "not checked" and
 * links the official service. A provider with a contract plugs in here; a report never pretends.
 */
export interface RegisterAdapter {
  code: RegisterCheck['code']
  check(vin: string): Promise<RegisterCheck>
}

const OFFICIAL: Record<RegisterCheck['code'], string> = {
  // Pledges of cars are registered by banks (Law No. 254); the register of movable property pledges is on eGov.
  pledges: 'https://egov.kz',
  // Arrests and enforcement proceedings: the register of debtors of the Ministry of Justice.
  arrests: 'https://aisoip.adilet.gov.kz',
  // Tax debts: the State Revenue Committee.
  tax_debts: 'https://kgd.gov.kz',
  // Registration and ownership history: eGov.kz "vehicle history", eGov Mobile.
  registration: 'https://egov.kz',
}

export function notConfigured(code: RegisterCheck['code']): RegisterAdapter {
  return {
    code,
    async check() {
      return { code, status: 'not_checked', officialUrl: OFFICIAL[code], details: null }
    },
  }
}

export const DEFAULT_REGISTERS: readonly RegisterAdapter[] = (
  ['pledges', 'arrests', 'tax_debts', 'registration'] as const
).map(notConfigured)
