import { SIMILAR_BAND_MINUTES, SIMILAR_BAND_RATIO } from '@tulpar/contracts'
import { arrivalsTag, listingTag } from '../../lib/page-tags.ts'

/**
 * Which price a band's similar cars are nearest to (decision 045; the band itself is the contracts' similarBandOf).
 * It moves every SIMILAR_BAND_MINUTES by the golden ratio's fraction of the band's width, so over a day every car of a
 * band takes its turn on its neighbours' pages, and a band's answer is the same for everyone within one window.
 */
export const SIMILAR_BAND_MS = SIMILAR_BAND_MINUTES * 60_000
const GOLDEN = (Math.sqrt(5) - 1) / 2

/** The band's window at `nowMs`: the price its cars are nearest to, and when the window ends (ms since the epoch). */
export function bandWindow(band: number, nowMs: number): { priceKzt: number; until: number } {
  const slot = Math.floor(nowMs / SIMILAR_BAND_MS)
  return {
    priceKzt: Math.round(SIMILAR_BAND_RATIO ** (band + ((slot * GOLDEN) % 1))),
    until: (slot + 1) * SIMILAR_BAND_MS,
  }
}

/**
 * What a band's answer is purged by: each car it shows (any change to it, its sale or pause among them) and a newcomer
 * to any model it shows (a car published, or moved to the model or body type), which may be nearer the price. A car
 * of those models leaving the market, not shown, changes nothing in it: the model's list scope would purge the
 * answer with every sale and every hourly pause of the model (decision 032), as it did until 2026-11-29.
 */
export function bandAnswerTags(cars: readonly { id: number; brand: { slug: string }; model: { slug: string } }[]) {
  const models = new Set(cars.map((c) => arrivalsTag(c.brand.slug, c.model.slug)))
  return [...cars.map((c) => listingTag(c.id)), ...models]
}
