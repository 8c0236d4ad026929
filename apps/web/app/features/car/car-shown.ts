import type { ListingDetail } from '@tulpar/contracts'

/** What the car page's sections show: a public car, or its seller's preview before it has a publication date. */
export type CarShown = Omit<ListingDetail, 'publishedAt'>
