import type { MessageKey } from '../../i18n/i18n.ts'
import { catalogueHref } from '../catalogue/index.ts'

export interface NavItem {
  key: MessageKey
  to: string
  icon: 'home' | 'heart' | 'plus' | 'garage' | 'user'
}

/** The catalogue entry of the menus: the visitor's city (the catalogue's default), else all Kazakhstan. */
export function catalogueNavHref(citySlug: string | null | undefined): string {
  return catalogueHref({ city: citySlug })
}

/** Footer menu of spec section 2 (the catalogue link is replaced by the city's, see catalogueNavHref). */
export const FOOTER_MENU: Omit<NavItem, 'icon'>[] = [
  { key: 'nav.catalogue', to: catalogueHref({}) },
  { key: 'nav.tulparCars', to: '/tulpar-auto' },
  { key: 'nav.myCars', to: '/account/listings' },
  { key: 'nav.sell', to: '/create-auto' },
  { key: 'nav.partners', to: '/partners' },
  { key: 'nav.dealers', to: '/dealers' },
  { key: 'nav.contacts', to: '/contacts' },
]

/** The footer's small line: the company and its legal documents (the sign-up and publish steps link to these too). */
export const FOOTER_LEGAL: { key: MessageKey; to: string }[] = [
  { key: 'footer.about', to: '/about' },
  { key: 'footer.privacy', to: '/privacy-policy' },
  { key: 'footer.terms', to: '/user-agreements' },
]

/** Mobile bottom navigation of spec section 2. */
export const BOTTOM_NAV: NavItem[] = [
  { key: 'nav.home', to: '/', icon: 'home' },
  { key: 'nav.favourites', to: '/wishlist', icon: 'heart' },
  { key: 'nav.sell', to: '/create-auto', icon: 'plus' },
  // Guests are sent on to /auth and come back to the garage after signing in.
  { key: 'nav.garage', to: '/account/garage', icon: 'garage' },
  // Guests are sent on to /auth and come back here after signing in.
  { key: 'nav.profile', to: '/account', icon: 'user' },
]
