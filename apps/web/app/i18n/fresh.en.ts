import type { freshRu } from './fresh.ru.ts'
import type { PluralMessage } from './i18n.ts'

type Texts = { [K in keyof typeof freshRu]: (typeof freshRu)[K] extends string ? string : PluralMessage }

export const freshEn: Texts = {
  'fresh.confirmed': {
    zero: 'Still for sale: the seller confirmed today',
    one: 'Still for sale: the seller confirmed {count} day ago',
    other: 'Still for sale: the seller confirmed {count} days ago',
  },
  'fresh.button': 'Still for sale',
  'fresh.buttonPaused': 'Still for sale, show it again',
  'fresh.ownPaused':
    'This listing is paused: buyers do not see it. If the car is still for sale, press "Still for sale, show it again".',
  'fresh.notice.confirmed': 'Thank you! Buyers see that the car is still for sale.',
  'fresh.notice.resumed': 'The listing is back in the catalogue.',
  'fresh.page.title': 'Is the car still for sale?',
  'fresh.page.question': '{car}: confirm that the car is still for sale, and buyers see a fresh listing.',
  'fresh.page.pausedQuestion':
    '{car}: the listing is paused. If the car is still for sale, bring it back to the catalogue.',
  'fresh.page.yes': 'Yes, still for sale',
  'fresh.page.done': '{car}: marked as still for sale. We will ask again in 14 days.',
  'fresh.page.resumed': '{car} is back in the catalogue. We will ask again in 14 days.',
  'fresh.page.open': 'Open the listing',
  'fresh.page.sold': 'If the car is sold, mark it so in your listings.',
  'fresh.page.mine': 'My listings',
  'fresh.error.invalid': 'This link does not work. Sign in and press "Still for sale" in your listings.',
  'fresh.error.expired': 'This link has expired. Sign in and press "Still for sale" in your listings.',
  'fresh.error.notOnSale': 'This listing is not on sale now: it is sold, removed or under review.',
  'fresh.error.rate': 'Too many tries. Please try again in a few minutes.',
  'fresh.paused.title': 'This listing is paused',
  'fresh.paused.text':
    'The seller of this {car} has not yet confirmed that it is still for sale. Have a look at similar cars.',
}
