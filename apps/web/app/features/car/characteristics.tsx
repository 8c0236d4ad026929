import { Link } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import type { CharacteristicsShown } from './car-shown.ts'

/** Spec: body, engine, equipment, range, tax per year in tenge, steering, condition, customs, VIN. */
export function Characteristics({ car }: { car: CharacteristicsShown }) {
  const { t, litres, distance, price, date } = useI18n()
  const engine = [
    car.engineVolumeL ? litres(car.engineVolumeL) : null,
    car.engineTypeName,
    car.powerHp ? t('car.power', { hp: car.powerHp }) : null,
    car.hasGasEquipment ? t('car.gasEquipment') : null,
  ]
    .filter(Boolean)
    .join(', ')
  const rows: [string, string][] = [
    [t('car.body'), car.bodyTypeName],
    ...(car.generation ? [[t('car.generation'), car.generation.name] as [string, string]] : []),
    [t('car.engine'), engine],
    [t('car.transmission'), t(`transmission.${car.transmission}`)],
    [t('car.drive'), t(`drive.${car.drive}`)],
    [t('car.colour'), car.colour.name],
    ...(car.rangeKm ? [[t('car.range'), distance(car.rangeKm, 'km')] as [string, string]] : []),
    // An estimate under the rules of its year (the tax module fills it); shown only when it is known.
    ...(car.taxPerYear
      ? [
          [
            t('car.tax'),
            t('car.taxValue', { amount: price(car.taxPerYear.amountKzt), year: String(car.taxPerYear.ruleYear) }),
          ] as [string, string],
        ]
      : []),
    [t('car.steering'), t(`steering.${car.steering}`)],
    ...(car.condition ? [[t('car.condition'), t(`condition.${car.condition}`)] as [string, string]] : []),
    [t('car.customs'), car.isCustomsCleared ? t('car.customsCleared') : t('car.customsNotCleared')],
    ...(car.isDamaged ? [[t('car.damaged'), t('yes')] as [string, string]] : []),
    ...(car.vin ? [[t('car.vin'), car.vin] as [string, string]] : []),
  ]
  const seen = car.vin ? car.vinSeenBefore : null
  return (
    <>
      <dl className="specs">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {seen && car.vin ? (
        // Free: that we have seen the car before. The paid check has the readings, prices and places.
        <p className="vin-seen">
          {t('car.vinSeen', { count: seen.listings, date: date(seen.since) })}{' '}
          <Link to={`/check?vin=${encodeURIComponent(car.vin)}`}>{t('car.vinSeen.report')}</Link>
        </p>
      ) : null}
    </>
  )
}
