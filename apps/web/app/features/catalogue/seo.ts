import type { Locale } from '@tulpar/contracts'
import { type MessageKey, type Messages, translate } from '../../i18n/i18n.ts'

export interface CataloguePlace {
  brand?: { name: string }
  model?: { name: string }
  city?: { name: string }
}

/**
 * Heading, title and description of a readable catalogue page (`/auto/toyota/camry/almaty`), each naming
 * what the path names and the description the number of listings, so every page reads differently to people
 * and search engines.
 */
export function catalogueTexts(
  place: CataloguePlace,
  count: number,
  page: number,
  messages: Messages,
  locale: Locale,
): { heading: string; title: string; description: string } {
  const brand = [place.brand?.name, place.model?.name].filter(Boolean).join(' ')
  const city = place.city?.name ?? ''
  const kind = brand ? (city ? 'brandCity' : 'brand') : city ? 'city' : 'all'
  const params = { brand, city, count }
  const t = (key: MessageKey, p: Record<string, string | number> = params) => translate(messages, locale, key, p)
  const title = t(`catalogue.seo.title.${kind}`)
  return {
    heading: t(`catalogue.h1.${kind}`),
    title: page > 1 ? t('catalogue.seo.page', { title, page: String(page) }) : title,
    description: t(`catalogue.seo.description.${kind}`),
  }
}
