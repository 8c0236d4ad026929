import type { Locale } from '@tulpar/contracts'

export type ListingTitleParts = { brand: string | null; model: string | null; year: number | null }

const UNTITLED: Record<Locale, string> = { ru: 'без названия', kk: 'атауы жоқ', en: 'untitled' }

/**
 * `Toyota Camry, 2018`: a listing named in messages, lists and alerts (brand and model names are the same in every
 * language). A draft without a brand or model has no title: null, or "untitled" in the language given.
 */
export function listingTitle(parts: ListingTitleParts): string | null
export function listingTitle(parts: ListingTitleParts, untitledIn: Locale): string
export function listingTitle(parts: ListingTitleParts, untitledIn?: Locale): string | null {
  const name = [parts.brand, parts.model].filter(Boolean).join(' ')
  if (!name) return untitledIn ? UNTITLED[untitledIn] : null
  return parts.year ? `${name}, ${parts.year}` : name
}
