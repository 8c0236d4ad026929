import type { CreditProgrammes } from '@tulpar/contracts'

/**
 * What the credit widget reads of the programmes (GET /credit/programmes/): all but the formula's text, which it
 * never shows. A page's loader sends this much (creditOfferOf).
 */
export type CreditOffer = Omit<CreditProgrammes, 'formula'>

/** The widget's part of the programmes, for a page's loader data (each value sent is encoded in every render). */
export function creditOfferOf({ formula: _formula, ...offer }: CreditProgrammes): CreditOffer {
  return offer
}
