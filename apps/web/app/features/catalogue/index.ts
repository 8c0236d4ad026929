/** The catalogue's door: its URLs (a filter's value, the href of a search) and the card of a car in a list. */
export { catalogueHref, filterValue } from './href.ts'
export { ListingCard, type ListingCardShown } from './listing-card.tsx'
