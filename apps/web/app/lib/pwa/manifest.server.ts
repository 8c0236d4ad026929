import type { Locale } from '@tulpar/contracts'

/** The brand blue: the header, the browser's toolbar (root.tsx's theme-color) and the installed app's title bar. */
const THEME_COLOR = '#0f4c81'

const TEXTS: Record<
  Locale,
  { name: string; description: string; catalogue: string; favourites: string; sell: string }
> = {
  ru: {
    name: 'Tulpar Auto — автомобили в Казахстане',
    description: 'Покупка и продажа новых и подержанных автомобилей в Казахстане, цены в тенге.',
    catalogue: 'Каталог',
    favourites: 'Избранное',
    sell: 'Продать авто',
  },
  kk: {
    name: 'Tulpar Auto — Қазақстандағы көліктер',
    description: 'Қазақстанда жаңа және пайдаланылған көліктерді сатып алу және сату, бағалар теңгемен.',
    catalogue: 'Каталог',
    favourites: 'Таңдаулылар',
    sell: 'Көлік сату',
  },
  en: {
    name: 'Tulpar Auto — cars in Kazakhstan',
    description: 'Buy and sell new and used cars in Kazakhstan, prices in tenge.',
    catalogue: 'Catalogue',
    favourites: 'Favourites',
    sell: 'Sell a car',
  },
}

/**
 * The web app manifest (installable web app, issue 14) in the visitor's language: installed, it opens at the
 * home page in its own window (standalone) with the brand's colours and icons (drawn by apps/mobile
 * scripts/icons.ts); the shortcuts are the bottom navigation's main entries.
 */
export function webAppManifest(locale: Locale) {
  const t = TEXTS[locale]
  const icon = (src: string, size: number, purpose: 'any' | 'maskable') => ({
    src,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  })
  return {
    id: '/',
    name: t.name,
    short_name: 'Tulpar Auto',
    description: t.description,
    lang: locale,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#ffffff',
    theme_color: THEME_COLOR,
    categories: ['shopping', 'business'],
    icons: [
      icon('/icons/icon-192.png', 192, 'any'),
      icon('/icons/icon-512.png', 512, 'any'),
      icon('/icons/maskable-512.png', 512, 'maskable'),
    ],
    shortcuts: [
      { name: t.catalogue, url: '/auto', icons: [icon('/icons/icon-192.png', 192, 'any')] },
      { name: t.favourites, url: '/wishlist', icons: [icon('/icons/icon-192.png', 192, 'any')] },
      { name: t.sell, url: '/create-auto', icons: [icon('/icons/icon-192.png', 192, 'any')] },
    ],
  }
}
