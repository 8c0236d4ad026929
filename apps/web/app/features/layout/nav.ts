import type { MessageKey } from '../../i18n/i18n.ts'

export interface NavItem {
  key: MessageKey
  to: string
  /** false until the screen is built: shown, but not a link to a page that does not exist yet. */
  available: boolean
  icon: 'home' | 'heart' | 'plus' | 'garage' | 'user'
}

/** Footer menu of spec section 2. Tulpar cars shows the catalogue filtered to them until /tulpar-auto exists. */
export const FOOTER_MENU: Omit<NavItem, 'icon'>[] = [
  { key: 'nav.catalogue', to: '/cars', available: true },
  { key: 'nav.tulparCars', to: '/cars?tulpar=true', available: true },
  { key: 'nav.myCars', to: '/account/listings', available: true },
  { key: 'nav.sell', to: '/create-auto', available: true },
  { key: 'nav.partners', to: '/partners', available: false },
  { key: 'nav.contacts', to: '/contacts', available: false },
]

/** Mobile bottom navigation of spec section 2. */
export const BOTTOM_NAV: NavItem[] = [
  { key: 'nav.home', to: '/', available: true, icon: 'home' },
  { key: 'nav.favourites', to: '/wishlist', available: false, icon: 'heart' },
  { key: 'nav.sell', to: '/create-auto', available: true, icon: 'plus' },
  { key: 'nav.garage', to: '/account', available: false, icon: 'garage' },
  // Guests are sent on to /auth and come back here after signing in.
  { key: 'nav.profile', to: '/account', available: true, icon: 'user' },
]
