import type { ListingCard as Card } from '@tulpar/contracts'
import { Link } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { Picture } from '../../ui/picture.tsx'
import { FavouriteButton } from '../favourites/index.ts'
import { DealBadge } from '../valuation/index.ts'

/** What a card shows of a car: a page may send its cards with only these (the car page's similar cars). */
export type ListingCardShown = Pick<
  Card,
  | 'id'
  | 'year'
  | 'priceKzt'
  | 'monthlyPaymentKzt'
  | 'mileage'
  | 'mileageUnit'
  | 'engineVolumeL'
  | 'transmission'
  | 'cover'
  | 'dealRating'
  | 'isNew'
  | 'isTulpar'
  | 'isInspected'
  | 'isHot'
  | 'hasWarranty'
  | 'isCreditAvailable'
  | 'isPromoted'
  | 'isHighlighted'
> & { brand: { name: string }; model: { name: string }; city: { name: string }; dealer: { name: string } | null }

export function ListingCard({ car, eager = false }: { car: ListingCardShown; eager?: boolean }) {
  const { t, price, distance, litres } = useI18n()
  const title = `${car.brand.name} ${car.model.name}`
  const specs = [
    String(car.year),
    distance(car.mileage, car.mileageUnit),
    car.engineVolumeL ? litres(car.engineVolumeL) : null,
    t(`transmission.${car.transmission}`),
  ].filter(Boolean)
  return (
    <article className={car.isHighlighted ? 'card card-highlight' : 'card'}>
      <Link to={`/cars/${car.id}`} className="card-link">
        <div className="card-photo">
          {car.cover ? (
            <Picture
              photoKey={car.cover.key}
              alt={title}
              variant="card"
              sizes="(min-width: 1024px) 300px, (min-width: 640px) 45vw, 100vw"
              eager={eager}
            />
          ) : (
            <div className="no-photo" />
          )}
          {car.cover?.isIllustration ? <span className="illustration-tag">{t('card.illustration')}</span> : null}
          {car.isPromoted && <span className="promoted-tag">{t('promotion.label')}</span>}
        </div>
        <div className="card-body">
          <h3 className="card-title">
            {title}, {car.year}
          </h3>
          <p className="card-price">{price(car.priceKzt)}</p>
          {car.monthlyPaymentKzt === null ? null : (
            <p className="card-monthly" title={t('catalogue.card.monthlyHint')}>
              {t('catalogue.card.monthly', { amount: price(car.monthlyPaymentKzt) })}
            </p>
          )}
          <p className="card-specs">{specs.join(' · ')}</p>
          <p className="card-city">{car.city.name}</p>
          {car.dealer ? <p className="card-dealer">{t('dealer.cardName', { name: car.dealer.name })}</p> : null}
          <Badges car={car} />
        </div>
      </Link>
      <FavouriteButton listingId={car.id} title={`${title}, ${car.year}`} className="card-heart" />
    </article>
  )
}

/**
 * The badges of a card (and of the car page), rendered from the card data. This list is the one place for
 * the deal rating: `DealBadge` (features/valuation/deal-badge.tsx) goes first in it, from `car.dealRating`.
 */
function Badges({
  car,
}: {
  car: Pick<Card, 'isTulpar' | 'isInspected' | 'isHot' | 'hasWarranty' | 'isCreditAvailable' | 'isNew' | 'dealRating'>
}) {
  const { t } = useI18n()
  const badges = [
    car.isTulpar && ['tulpar', t('badge.tulpar')],
    car.isHot && ['hot', t('badge.hot')],
    car.isNew && ['new', t('badge.new')],
    car.isInspected && !car.isTulpar && ['inspected', t('badge.inspected')],
    car.hasWarranty && ['warranty', t('badge.warranty')],
    car.isCreditAvailable && ['credit', t('badge.credit')],
  ].filter((b): b is [string, string] => Array.isArray(b))
  if (badges.length === 0 && car.dealRating === null) return null
  return (
    <ul className="badges">
      {car.dealRating ? (
        <li>
          <DealBadge rating={car.dealRating} />
        </li>
      ) : null}
      {badges.map(([kind, label]) => (
        <li key={kind} className={`badge badge-${kind}`}>
          {label}
        </li>
      ))}
    </ul>
  )
}
