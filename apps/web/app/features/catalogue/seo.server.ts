import type { Locale } from '@tulpar/contracts'
import { formatNumber, pluralCategory } from '../../i18n/i18n.ts'
import { type PageKind, type Plural, SERVER_TEXTS } from './server-texts.server.ts'

export interface CataloguePlace {
  brand?: { name: string }
  model?: { name: string }
  city?: { name: string }
}

/** `{name}` placeholders filled in; numbers written the language's way (`1 250 000`). */
function fillText(template: string, params: Record<string, string | number>, locale: Locale): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = params[name]
    if (value === undefined) return match
    return typeof value === 'number' ? formatNumber(value, locale) : value
  })
}

function pluralText(message: Plural, count: number, locale: Locale): string {
  return message[pluralCategory(locale, count)] ?? message.other
}

/** The title of a numbered page after the first (`…, страница 2`), so pages of one list read differently. */
export function pagedTitle(title: string, page: number, locale: Locale): string {
  return page > 1 ? fillText(SERVER_TEXTS[locale].page, { title, page: String(page) }, locale) : title
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
  locale: Locale,
): { heading: string; title: string; description: string } {
  const texts = SERVER_TEXTS[locale]
  const brand = [place.brand?.name, place.model?.name].filter(Boolean).join(' ')
  const city = place.city?.name ?? ''
  const kind: PageKind = brand ? (city ? 'brandCity' : 'brand') : city ? 'city' : 'all'
  const params = { brand, city, count }
  return {
    heading: fillText(texts.heading[kind], params, locale),
    title: pagedTitle(fillText(texts.title[kind], params, locale), page, locale),
    description: fillText(pluralText(texts.description[kind], count, locale), params, locale),
  }
}
