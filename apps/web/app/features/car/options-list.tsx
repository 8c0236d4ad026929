import { useI18n } from '../../i18n/i18n-react.tsx'
import type { OptionGroupShown } from './car-shown.ts'

/** Equipment (the seller's options), grouped as in the listing form. */
export function OptionsList({ groups }: { groups: readonly OptionGroupShown[] }) {
  const { t } = useI18n()
  if (groups.length === 0) return null
  return (
    <section className="section" aria-labelledby="equipment-title">
      <h2 id="equipment-title">{t('car.equipment')}</h2>
      <div className="options">
        {groups.map((g) => (
          <div key={g.name}>
            <h3>{g.name}</h3>
            <ul>
              {g.options.map((o) => {
                const name = typeof o === 'string' ? o : o.name
                return <li key={name}>{name}</li>
              })}
            </ul>
          </div>
        ))}
      </div>
    </section>
  )
}
