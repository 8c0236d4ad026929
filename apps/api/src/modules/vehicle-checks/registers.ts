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

/*
 * Where a person checks each one. Sources: the Law of 30 June 1998 No. 254 "On registration of pledge of movable
 * property" (adilet.zan.kz/eng/docs/Z980000254_; art. 9-3: banks register pledges electronically); eGov.kz
 * "Vehicle history" and eGov Mobile "Vehicle ownership history" (bcc.kz/kz/bcc-journal/car-lien-check); the
 * debtors' register on aisoip.adilet.gov.kz and tax debts on kgd.gov.kz (KZ-FACTS.md). The report names the
 * service in words too (check.report.registerHow.*): the sites' deep links change, their home pages do not.
 */
const OFFICIAL: Record<RegisterCheck['code'], string> = {
  pledges: 'https://egov.kz',
  arrests: 'https://aisoip.adilet.gov.kz',
  tax_debts: 'https://kgd.gov.kz',
  registration: 'https://egov.kz',
}

function notConfigured(code: RegisterCheck['code']): RegisterAdapter {
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
