import { photoSources } from '@tulpar/api/media-urls'
import type { AdminListing } from '@tulpar/contracts'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { Picture } from '../../ui/picture.tsx'

/** Every photo, each opening the full-size original's variant in a new tab. */
export function ReviewPhotos({ listing }: { listing: AdminListing }) {
  const { t } = useI18n()
  return (
    <section className="panel review-photos" aria-labelledby="photos-title">
      <h2 id="photos-title">{t('admin.review.photos', { count: String(listing.photos.length) })}</h2>
      {listing.photos.length === 0 ? (
        <p>{t('admin.review.noPhotos')}</p>
      ) : (
        <ul>
          {listing.photos.map((p, i) => (
            <li key={p.key}>
              <a href={photoSources(p.key, 'full').jpeg} target="_blank" rel="noreferrer">
                <Picture
                  photoKey={p.key}
                  alt={t('car.photoOf', { n: String(i + 1), total: String(listing.photos.length) })}
                  variant="card"
                  sizes="(min-width: 900px) 240px, 45vw"
                  eager={i < 2}
                />
              </a>
              {p.isIllustration ? <small>{t('admin.review.illustration')}</small> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** Every field of the listing; what the seller left empty says so. */
export function ReviewDetails({ listing: l, dates }: { listing: AdminListing; dates: Record<string, string> }) {
  const { t, price, distance, litres } = useI18n()
  const empty = <span className="empty-value">{t('admin.review.empty')}</span>
  const yesNo = (v: boolean) => t(v ? 'admin.review.yes' : 'admin.review.no')
  const engine = [
    l.engineTypeName,
    l.engineVolumeCc === null ? null : litres(Math.round(l.engineVolumeCc / 100) / 10),
    l.powerHp === null ? null : t('car.power', { hp: String(l.powerHp) }),
  ]
    .filter(Boolean)
    .join(', ')
  const flags = [
    l.isNew && t('admin.review.new'),
    l.hasWarranty && t('badge.warranty'),
    l.isBargainAllowed && t('badge.bargain'),
    l.isExchangeAccepted && t('badge.exchange'),
    l.isDamaged && t('car.damaged'),
    l.isCreditAvailable && t('badge.credit'),
    l.isTulpar && t('badge.tulpar'),
    l.isInspected && t('badge.inspected'),
    l.isHot && t('badge.hot'),
  ].filter((f): f is string => typeof f === 'string')
  return (
    <>
      <section className="panel review-details" aria-labelledby="details-title">
        <h2 id="details-title">{t('admin.review.details')}</h2>
        <dl className="admin-facts">
          <Row label={t('admin.review.price')}>{l.priceKzt === null ? empty : price(l.priceKzt)}</Row>
          <Row label={t('admin.review.estimate')}>
            {l.estimate
              ? l.estimate.lowKzt !== null && l.estimate.highKzt !== null
                ? t('admin.review.estimateBand', {
                    estimate: price(l.estimate.estimateKzt),
                    low: price(l.estimate.lowKzt),
                    high: price(l.estimate.highKzt),
                  })
                : price(l.estimate.estimateKzt)
              : empty}
          </Row>
          <Row label={t('car.year')}>{l.year ?? empty}</Row>
          <Row label={t('car.generation')}>{l.generation?.name ?? empty}</Row>
          <Row label={t('car.body')}>{l.bodyTypeName ?? empty}</Row>
          <Row label={t('car.engine')}>{engine || empty}</Row>
          <Row label={t('car.gasEquipment')}>{yesNo(l.hasGasEquipment)}</Row>
          <Row label={t('car.transmission')}>{l.transmission ? t(`transmission.${l.transmission}`) : empty}</Row>
          <Row label={t('car.drive')}>{l.drive ? t(`drive.${l.drive}`) : empty}</Row>
          <Row label={t('car.steering')}>{l.steering ? t(`steering.${l.steering}`) : empty}</Row>
          <Row label={t('car.colour')}>
            {l.colour ? (
              <>
                <span className="swatch" style={{ background: l.colour.hex }} aria-hidden="true" /> {l.colour.name}
              </>
            ) : (
              empty
            )}
          </Row>
          <Row label={t('car.mileage')}>{l.mileage === null ? empty : distance(l.mileage, l.mileageUnit)}</Row>
          <Row label={t('car.condition')}>{l.condition ? t(`condition.${l.condition}`) : empty}</Row>
          <Row label={t('car.customs')}>{t(l.isCustomsCleared ? 'car.customsCleared' : 'car.customsNotCleared')}</Row>
          {l.rangeKm !== null ? <Row label={t('car.range')}>{distance(l.rangeKm, 'km')}</Row> : null}
          <Row label={t('car.vin')}>{l.vin ? <code>{l.vin}</code> : empty}</Row>
          <Row label={t('admin.review.contactPhone')}>
            {l.contactPhone ? <a href={`tel:${l.contactPhone}`}>{l.contactPhone}</a> : empty}
          </Row>
          <Row label={t('car.city')}>{l.city?.name ?? empty}</Row>
          <Row label={t('admin.review.flags')}>{flags.length > 0 ? flags.join(', ') : empty}</Row>
          <Row label={t('admin.review.created')}>{dates.createdAt}</Row>
          {dates.publishedAt ? <Row label={t('admin.review.publishedAt')}>{dates.publishedAt}</Row> : null}
          {l.rejectionReasonText ? <Row label={t('admin.review.rejection')}>{l.rejectionReasonText}</Row> : null}
        </dl>
      </section>
      <section className="panel review-description" aria-labelledby="description-title">
        <h2 id="description-title">{t('car.description.title')}</h2>
        <p className="description-text">{l.description?.trim() || t('car.noDescription')}</p>
        {l.options.length > 0 ? (
          <>
            <h3>{t('admin.review.options')}</h3>
            <ul className="review-options">
              {l.options.flatMap((g) => g.options.map((o) => <li key={o.code}>{o.name}</li>))}
            </ul>
          </>
        ) : null}
      </section>
    </>
  )
}

/** Who sells: account age, contacts, and their other listings with statuses. */
export function ReviewSeller({ listing: l, since }: { listing: AdminListing; since: string }) {
  const { t, price } = useI18n()
  const s = l.seller
  return (
    <section className="panel review-seller" aria-labelledby="seller-title">
      <h2 id="seller-title">{t('admin.seller.title')}</h2>
      <p className="seller-name">
        <strong>{s.name}</strong> · {t(`admin.role.${s.role}`)}
      </p>
      <p>
        {s.email ? <a href={`mailto:${s.email}`}>{s.email}</a> : t('admin.users.noEmail')}
        {s.phone ? (
          <>
            {' · '}
            <a href={`tel:${s.phone}`}>{s.phone}</a>
          </>
        ) : null}
      </p>
      <p>
        {t('admin.seller.since', { date: since })} ({t('admin.seller.age', { count: s.accountAgeDays })})
      </p>
      <h3>{t('admin.seller.others', { count: String(s.otherListingsTotal) })}</h3>
      {s.otherListings.length === 0 ? (
        <p>{t('admin.seller.noOthers')}</p>
      ) : (
        <ul className="seller-listings">
          {s.otherListings.map((o) => (
            <li key={o.id}>
              <Link to={`/admin/listings/${o.id}`}>{o.title}</Link>
              <span>{o.priceKzt === null ? '' : price(o.priceKzt)}</span>
              <span className={`status-badge status-${o.status}`}>{t(`admin.status.${o.status}`)}</span>
            </li>
          ))}
        </ul>
      )}
      {s.otherListingsTotal > s.otherListings.length ? (
        <p className="admin-hint">{t('admin.seller.shown', { count: String(s.otherListings.length) })}</p>
      ) : null}
    </section>
  )
}
