import { photoUrl } from '@tulpar/api/media-urls'
import type { ListingDetail, Locale } from '@tulpar/contracts'
import type { MetaDescriptor } from 'react-router'
import { formatDistance, formatPrice, MESSAGES, type MessageKey, type Params, translate } from '../../i18n/index.ts'
import { socialMeta } from '../../lib/seo/social-meta.ts'

type LdValue = string | number | boolean | null | LdObject | LdValue[]
interface LdObject {
  [key: string]: LdValue
}

export interface CarSeo {
  title: string
  description: string
  canonical: string
  ogLocale: string
  image: { url: string; width: number; height: number; alt: string } | null
  jsonLd: LdObject
}

const DRIVE: Record<ListingDetail['drive'], string> = {
  FWD: 'https://schema.org/FrontWheelDriveConfiguration',
  RWD: 'https://schema.org/RearWheelDriveConfiguration',
  '4WD': 'https://schema.org/FourWheelDriveConfiguration',
}

/** The first `max` characters of the seller's text, cut at a word, with an ellipsis when cut. */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`
}

/** The page's own URL in its language: ru has no `?lang=`, kk and en keep theirs (matching the hreflang links). */
export function carCanonical(publicUrl: string, id: number, locale: Locale): string {
  return `${publicUrl}/cars/${id}${locale === 'ru' ? '' : `?lang=${locale}`}`
}

/**
 * Title, description, Open Graph image and schema.org JSON-LD (a Car with its Offer) for a car page. Built on
 * the server, so none of it adds to the page's JavaScript.
 */
export function buildCarSeo(car: ListingDetail, publicUrl: string, locale: Locale): CarSeo {
  const messages = MESSAGES[locale]
  const t = (key: MessageKey, params?: Params) => translate(messages, locale, key, params)
  const vars = {
    brand: car.brand.name,
    model: car.model.name,
    year: String(car.year),
    price: formatPrice(car.priceKzt, locale),
    mileage: formatDistance(car.mileage, car.mileageUnit, locale),
    city: car.city.name,
  }
  const canonical = carCanonical(publicUrl, car.id, locale)
  const name = `${car.brand.name} ${car.model.name} ${car.year}`
  const images = car.photos.slice(0, 6).map((p) => `${publicUrl}${photoUrl(p.key, 'gallery', 'jpeg')}`)
  const sold = car.status === 'sold'
  const condition = car.isNew
    ? 'https://schema.org/NewCondition'
    : car.isDamaged
      ? 'https://schema.org/DamagedCondition'
      : 'https://schema.org/UsedCondition'
  const description = [t('car.description', vars), excerpt(car.description, 160)].filter(Boolean).join(' ')

  const jsonLd: LdObject = {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name,
    url: canonical,
    description: car.description || t('car.description', vars),
    brand: { '@type': 'Brand', name: car.brand.name },
    model: car.model.name,
    vehicleModelDate: String(car.year),
    bodyType: car.bodyTypeName,
    color: car.colour.name,
    fuelType: car.engineTypeName,
    vehicleTransmission: t(`transmission.${car.transmission}`),
    driveWheelConfiguration: DRIVE[car.drive],
    steeringPosition:
      car.steering === 'left' ? 'https://schema.org/LeftHandDriving' : 'https://schema.org/RightHandDriving',
    mileageFromOdometer: {
      '@type': 'QuantitativeValue',
      value: car.mileage,
      unitCode: car.mileageUnit === 'km' ? 'KMT' : 'SMI',
    },
    itemCondition: condition,
    ...(car.vin ? { vehicleIdentificationNumber: car.vin } : {}),
    ...(car.engineVolumeL || car.powerHp
      ? {
          vehicleEngine: {
            '@type': 'EngineSpecification',
            ...(car.engineVolumeL
              ? { engineDisplacement: { '@type': 'QuantitativeValue', value: car.engineVolumeL, unitCode: 'LTR' } }
              : {}),
            ...(car.powerHp
              ? { enginePower: { '@type': 'QuantitativeValue', value: car.powerHp, unitCode: 'BHP' } }
              : {}),
          },
        }
      : {}),
    ...(images.length > 0 ? { image: images } : {}),
    offers: {
      '@type': 'Offer',
      url: canonical,
      price: car.priceKzt,
      priceCurrency: 'KZT',
      availability: sold ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      itemCondition: condition,
      availableAtOrFrom: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: car.city.name, addressCountry: 'KZ' },
      },
    },
  }

  const cover = car.photos[0]
  // The gallery variant fits inside 1024 x 768 and keeps the photo's proportions.
  const scale = cover ? Math.min(1, 1024 / cover.width, 768 / cover.height) : 1
  return {
    title: t('car.title', vars),
    description,
    canonical,
    ogLocale: t('car.ogLocale'),
    image: cover
      ? {
          url: `${publicUrl}${photoUrl(cover.key, 'gallery', 'jpeg')}`,
          width: Math.round(cover.width * scale),
          height: Math.round(cover.height * scale),
          alt: name,
        }
      : null,
    jsonLd,
  }
}

/**
 * The car page's head: title, canonical, the link preview's tags and the JSON-LD, as one JSON text the route's
 * `meta` parses. The browser needs them again (the same tags after hydration, the title after a navigation), and as
 * loader data they were some 130 values encoded one by one in every render; one string is encoded at once.
 */
export function carHeadTags(seo: CarSeo): string {
  const tags: MetaDescriptor[] = [
    { title: `${seo.title} | Tulpar Auto` },
    { tagName: 'link', rel: 'canonical', href: seo.canonical },
    ...socialMeta({ ...seo, url: seo.canonical, type: 'product' }),
    { 'script:ld+json': seo.jsonLd },
  ]
  return JSON.stringify(tags)
}
