import type { GarageCar } from '@tulpar/contracts'
import { Form, Link, useNavigation } from 'react-router'
import type { MessageKey } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { island } from '../../ui/island.tsx'
import { CarDetailFields, volumeText } from './fields.tsx'
import type { Values } from './garage-form.ts'
import type { GarageActionResult } from './garage-result.ts'
import { checkHref, sellAction } from './links.ts'

/* The value (with its chart) and the tax: read-only, their code loads after the page (ui/island.tsx), which keeps the
 * garage within the first-load budget of 120 KB (docs/performance.md). */
const GarageValueBlock = island(() => import('./garage-value.tsx').then((m) => m.GarageValueBlock))
const GarageTaxBlock = island(() => import('./garage-value.tsx').then((m) => m.GarageTaxBlock))

/** The car's own values for its edit form. */
function carValues(car: GarageCar, number: (v: number) => string): Values {
  const v: Values = { mileageKm: String(car.mileageKm), engineVolume: volumeText(car.engineVolumeCc, number) }
  if (car.vin) v.vin = car.vin
  if (car.engineType) v.engineType = car.engineType
  if (car.steering) v.steering = car.steering
  if (car.isCustomsCleared) v.isCustomsCleared = 'on'
  return v
}

/** A post about this car: intent and id as hidden fields. */
function CarForm({
  car,
  intent,
  children,
  className,
}: {
  car: GarageCar
  intent: string
  children: React.ReactNode
  className?: string
}) {
  return (
    <Form method="post" className={className} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={car.id} />
      {children}
    </Form>
  )
}

/**
 * One car of the garage: what it is, its status, what it is worth and the tax, then "sell this car", "check this
 * car", the edit form (a <details>: it opens without JavaScript) and removal, which asks first.
 */
export function GarageCarCard({
  car,
  result,
  notice,
}: {
  car: GarageCar
  result: GarageActionResult | undefined
  /** What was just done to this car ("added", "changes saved"). */
  notice: MessageKey | null
}) {
  const { t, distance, number, litres } = useI18n()
  const busy = useNavigation().state !== 'idle'
  const mine = result?.id === car.id ? result : undefined
  const editing = mine?.intent === 'edit'
  const sell = sellAction(car)
  const followsListing = car.listing !== null && car.listing.status !== 'archived'
  const engine = [
    car.engineType ? t(`catalogue.engine.${car.engineType}`) : null,
    car.engineVolumeCc ? litres(car.engineVolumeCc / 1000) : null,
  ]
    .filter(Boolean)
    .join(', ')
  return (
    <li
      className="panel garage-car"
      id={`car-${car.id}`}
      data-testid="garage-car"
      aria-labelledby={`car-${car.id}-title`}
    >
      {notice ? (
        <p className="form-status ok" role="status">
          {t(notice)}
        </p>
      ) : null}
      <div className="garage-car-head">
        <h2 id={`car-${car.id}-title`}>{car.title}</h2>
        <span className={`garage-status garage-status-${car.status}`}>{t(`garage.status.${car.status}`)}</span>
      </div>
      <p className="garage-facts">
        <span>{distance(car.mileageKm, 'km')}</span>
        {engine ? <span>{engine}</span> : null}
        {car.vin ? <span>VIN {car.vin}</span> : null}
        {car.listing ? <span>{t('garage.listing', { status: t(`sell.status.${car.listing.status}`) })}</span> : null}
      </p>
      <div className="garage-figures">
        <GarageValueBlock car={car} />
        {car.status === 'sold' ? null : <GarageTaxBlock car={car} />}
      </div>
      {mine?.message && !editing ? (
        <p className="form-status failed" role="alert">
          {t(mine.message, mine.params)}
        </p>
      ) : null}
      <div className="garage-actions">
        {sell?.kind === 'sell' ? (
          <CarForm car={car} intent="sell">
            <button type="submit" className="button primary" disabled={busy}>
              {t('garage.sell')}
            </button>
          </CarForm>
        ) : sell ? (
          <Link to={sell.href} className="button primary">
            {t(sell.kind === 'continue' ? 'garage.sell.continue' : 'garage.sell.open')}
          </Link>
        ) : null}
        <Link to={checkHref(car)} className="button ghost">
          {t('garage.check')}
        </Link>
      </div>
      <details className="garage-more" open={editing}>
        <summary>{t('garage.edit')}</summary>
        <CarForm car={car} intent="edit" className="garage-form">
          <CarDetailFields
            values={editing && mine.values ? mine.values : carValues(car, number)}
            errors={editing ? (mine.errors ?? {}) : {}}
          />
          <button type="submit" className="button primary" disabled={busy}>
            {t('garage.edit.save')}
          </button>
        </CarForm>
        {followsListing ? null : (
          <CarForm car={car} intent={car.status === 'sold' ? 'owned' : 'sold'} className="garage-inline">
            <button type="submit" className="button ghost" disabled={busy}>
              {t(car.status === 'sold' ? 'garage.markOwned' : 'garage.markSold')}
            </button>
          </CarForm>
        )}
      </details>
      <details className="garage-more">
        <summary className="danger-text">{t('garage.remove')}</summary>
        <CarForm car={car} intent="remove" className="garage-form">
          <p>{t('garage.remove.confirm', { title: car.title })}</p>
          <button type="submit" className="button danger" disabled={busy}>
            {t('garage.remove.yes')}
          </button>
        </CarForm>
      </details>
    </li>
  )
}
