import type { CreditWidgetCar } from './credit-widget.tsx'

/** What the credit widget needs to know about a car on sale. */
export function creditCarOf(l: {
  id: number
  priceKzt: number
  year: number
  isNew: boolean
  brand: { slug: string; name: string }
  model: { name: string }
  steering: 'left' | 'right'
  isCustomsCleared: boolean
}): CreditWidgetCar {
  return {
    listingId: l.id,
    name: `${l.brand.name} ${l.model.name}, ${l.year}`,
    priceKzt: l.priceKzt,
    year: l.year,
    isNew: l.isNew,
    brandSlug: l.brand.slug,
    registrable: l.steering === 'left' && l.isCustomsCleared,
  }
}
