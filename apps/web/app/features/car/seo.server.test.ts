import type { ListingDetail } from '@tulpar/contracts'
import { describe, expect, test } from 'vitest'
import { car as fixture } from '../../lib/car.testing.ts'
import { buildCarSeo, carCanonical, carHeadTags, excerpt } from './seo.server.ts'

/** A private seller's car (no dealer, no name), two photos and a description that tries to end the JSON-LD's script. */
const car: ListingDetail = {
  ...fixture,
  id: 42,
  isCreditAvailable: false,
  dealRating: null,
  monthlyPaymentKzt: null,
  dealer: null,
  isHighlighted: false,
  generation: null,
  options: [],
  description: 'Один владелец. </script><script>alert(1)</script>',
  photos: [
    { key: 'photos/abc', width: 1200, height: 1600, isIllustration: false },
    { key: 'photos/def', width: 1600, height: 1200, isIllustration: false },
  ],
  taxPerYear: null,
  totalCost: { priceKzt: 9_500_000, taxPerYear: null, loan: null, import: null },
  phoneRevealsCount: 0,
  seller: { name: null, memberSince: '2025-01-01T00:00:00.000Z' },
  priceHistory: [],
  vinSeenBefore: null,
}

describe('search-engine data of a car page', () => {
  test('JSON-LD is a Car with an Offer in tenge, its mileage, VIN, brand, model, year and images', () => {
    const { jsonLd } = buildCarSeo(car, 'https://tulpar.kz', 'ru')
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Car',
      name: 'Toyota Camry 2018',
      brand: { '@type': 'Brand', name: 'Toyota' },
      model: 'Camry',
      vehicleModelDate: '2018',
      vehicleIdentificationNumber: 'JTNB11HK103456789',
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: 90_000, unitCode: 'KMT' },
      itemCondition: 'https://schema.org/UsedCondition',
      image: ['https://tulpar.kz/media/photos/abc/gallery.jpg', 'https://tulpar.kz/media/photos/def/gallery.jpg'],
      offers: {
        '@type': 'Offer',
        price: 12_500_000,
        priceCurrency: 'KZT',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
        url: 'https://tulpar.kz/cars/42',
      },
    })
  })

  test('a sold car is SoldOut, a new one NewCondition, miles are SMI, and no VIN means no VIN field', () => {
    const { jsonLd } = buildCarSeo(
      { ...car, status: 'sold', isNew: true, mileageUnit: 'mi', vin: null },
      'https://tulpar.kz',
      'en',
    )
    expect(jsonLd).toMatchObject({
      itemCondition: 'https://schema.org/NewCondition',
      mileageFromOdometer: { unitCode: 'SMI' },
      offers: { availability: 'https://schema.org/SoldOut' },
    })
    expect(jsonLd).not.toHaveProperty('vehicleIdentificationNumber')
  })

  test('each language has its own canonical URL, title and Open Graph locale', () => {
    expect(carCanonical('https://tulpar.kz', 42, 'ru')).toBe('https://tulpar.kz/cars/42')
    const kk = buildCarSeo(car, 'https://tulpar.kz', 'kk')
    expect(kk.canonical).toBe('https://tulpar.kz/cars/42?lang=kk')
    expect(kk.ogLocale).toBe('kk_KZ')
    expect(kk.title.replace(/\s/g, ' ')).toBe('Toyota Camry 2018 — 12 500 000 ₸')
    expect(buildCarSeo(car, 'https://tulpar.kz', 'en').description).toContain('2018 Toyota Camry')
  })

  test('the Open Graph image keeps the photo proportions inside the 1024 x 768 gallery variant', () => {
    expect(buildCarSeo(car, 'https://tulpar.kz', 'ru').image).toEqual({
      url: 'https://tulpar.kz/media/photos/abc/gallery.jpg',
      width: 576,
      height: 768,
      alt: 'Toyota Camry 2018',
    })
    expect(buildCarSeo({ ...car, photos: [] }, 'https://tulpar.kz', 'ru').image).toBeNull()
  })

  test('the description quotes the seller at most 160 characters, cut at a word', () => {
    expect(excerpt('Один   владелец.\nСостояние отличное.', 160)).toBe('Один владелец. Состояние отличное.')
    const long = 'слово '.repeat(60)
    const cut = excerpt(long, 160)
    expect(cut.length).toBeLessThanOrEqual(161)
    expect(cut).toMatch(/слово…$/)
  })

  test("the head's tags travel as one JSON text: title, canonical, the link preview and the JSON-LD", () => {
    const seo = buildCarSeo(car, 'https://tulpar.kz', 'ru')
    const tags: Record<string, unknown>[] = JSON.parse(carHeadTags(seo))
    expect(tags[0]).toEqual({ title: `${seo.title} | Tulpar Auto` })
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://tulpar.kz/cars/42' })
    expect(tags).toContainEqual({ property: 'og:type', content: 'product' })
    expect(tags).toContainEqual({ property: 'og:url', content: 'https://tulpar.kz/cars/42' })
    expect(tags).toContainEqual({ property: 'og:image:width', content: '576' })
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' })
    // The seller's text survives the trip as it was (React Router escapes it when it writes the script).
    expect(tags.at(-1)).toEqual({ 'script:ld+json': seo.jsonLd })
    expect(tags.filter((t) => 'script:ld+json' in t)).toHaveLength(1)
  })
})
