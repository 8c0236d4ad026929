import { useI18n } from '../../i18n/i18n-react.tsx'
import { ListingCard, type ListingCardShown } from '../catalogue/index.ts'

/** Cars like this one (or like a removed one), below the car page's fold. */
export function SimilarCars({ cars }: { cars: ListingCardShown[] }) {
  const { t } = useI18n()
  if (cars.length === 0) return null
  return (
    <section className="section similar-cars" aria-labelledby="similar-title">
      <h2 id="similar-title">{t('car.similar')}</h2>
      <div className="grid">
        {cars.map((c) => (
          <ListingCard key={c.id} car={c} />
        ))}
      </div>
    </section>
  )
}
