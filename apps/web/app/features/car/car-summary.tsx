import type { ReactNode } from 'react'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { FavouriteButton } from '../favourites/index.ts'
import type { CarSummaryShown } from './car-shown.ts'

type Badge = [kind: string, label: string]

/** The spec's badges of a car page: bargaining, exchange, warranty, inspected (and the company's own flags). */
function CarBadges({ car }: { car: CarSummaryShown }) {
  const { t } = useI18n()
  const badges = [
    car.isTulpar && ['tulpar', t('badge.tulpar')],
    car.isHot && ['hot', t('badge.hot')],
    car.isNew && ['new', t('badge.new')],
    car.isInspected && ['inspected', t('badge.inspected')],
    car.hasWarranty && ['warranty', t('badge.warranty')],
    car.isBargainAllowed && ['bargain', t('badge.bargain')],
    car.isExchangeAccepted && ['exchange', t('badge.exchange')],
    car.isCreditAvailable && ['credit', t('badge.credit')],
  ].filter((b): b is Badge => Array.isArray(b))
  if (badges.length === 0) return null
  return (
    <ul className="badges car-badges" aria-label={t('car.badges')}>
      {badges.map(([kind, label]) => (
        <li key={kind} className={`badge badge-${kind}`}>
          {label}
        </li>
      ))}
    </ul>
  )
}

/** Title, price, badges and the key facts (year, mileage, transmission, drive, city). */
export function CarSummary({ car, dealBadge }: { car: CarSummaryShown; dealBadge?: ReactNode }) {
  const { t, price, distance } = useI18n()
  const facts: [string, string][] = [
    [t('car.year'), String(car.year)],
    [t('car.mileage'), distance(car.mileage, car.mileageUnit)],
    [t('car.transmission'), t(`transmission.${car.transmission}`)],
    [t('car.drive'), t(`drive.${car.drive}`)],
    [t('car.city'), car.city.name],
  ]
  return (
    <>
      <div className="car-title">
        <h1>
          {car.brand.name} {car.model.name}, {car.year}
        </h1>
        {car.status === 'published' ? (
          <FavouriteButton listingId={car.id} title={`${car.brand.name} ${car.model.name}, ${car.year}`} />
        ) : null}
      </div>
      <p className={car.status === 'sold' ? 'car-price sold-price' : 'car-price'}>
        {car.status === 'sold' ? <span className="price-label">{t('car.sold.price')}</span> : null}
        {price(car.priceKzt)}
      </p>
      {dealBadge}
      <CarBadges car={car} />
      <dl className="facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  )
}
