import type { ListingDetail } from '@tulpar/contracts'
import { useI18n } from '../../i18n/i18n-react.tsx'

/** Equipment (the seller's options), grouped as in the listing form. */
export function OptionsList({ groups }: { groups: ListingDetail['options'] }) {
  const { t } = useI18n()
  if (groups.length === 0) return null
  return (
    <section className="section" aria-labelledby="equipment-title">
      <h2 id="equipment-title">{t('car.equipment')}</h2>
      <div className="options">
        {groups.map((g) => (
          <div key={g.code}>
            <h3>{g.name}</h3>
            <ul>
              {g.options.map((o) => (
                <li key={o.code}>{o.name}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  )
}
