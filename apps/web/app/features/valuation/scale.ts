import type { MarketEstimate } from '@tulpar/contracts'

/** Where the band, the estimate and the price sit on the panel's scale, in % of its width. */
interface ScalePositions {
  bandLeft: number
  bandWidth: number
  estimate: number
  price: number
}

/**
 * The scale spans the band, the estimate and the price with a margin of a fifth of that span on each side,
 * so the price marker never sits on the edge, however far it is from the estimate.
 */
export function scalePositions(v: Pick<MarketEstimate, 'lowKzt' | 'highKzt' | 'estimateKzt'>, priceKzt: number) {
  const min = Math.min(v.lowKzt, v.estimateKzt, priceKzt)
  const max = Math.max(v.highKzt, v.estimateKzt, priceKzt)
  const margin = Math.max((max - min) * 0.2, v.estimateKzt * 0.05, 1)
  const from = min - margin
  const span = max + margin - from
  const at = (kzt: number) => Math.round(((kzt - from) / span) * 1000) / 10
  return {
    bandLeft: at(v.lowKzt),
    bandWidth: Math.round(((v.highKzt - v.lowKzt) / span) * 1000) / 10,
    estimate: at(v.estimateKzt),
    price: at(priceKzt),
  } satisfies ScalePositions
}

/** The price against the estimate in whole per cent: negative below, positive above. */
export function percentFromEstimate(priceKzt: number, estimateKzt: number): number {
  return Math.round((priceKzt / estimateKzt - 1) * 100)
}
