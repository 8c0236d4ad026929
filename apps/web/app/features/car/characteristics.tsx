import type { ListingDetail } from '@tulpar/contracts'
import { useI18n } from '../../i18n/i18n-react.tsx'

/** Spec: body, engine, equipment, range, tax per year in tenge, steering, condition, customs, VIN. */
export function Characteristics({ car }: { car: ListingDetail }) {
  const { t, litres, distance, price } = useI18n()
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
  return (
    <dl className="specs">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
