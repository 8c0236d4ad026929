import type { ListingCard as Card } from '@tulpar/contracts'
import { useEffect, useState } from 'react'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { api } from '../../lib/api/client.ts'
import { ListingCard } from '../catalogue/index.ts'
import { clearRecentlyViewed, keepOnlyViewed, readRecentlyViewed } from './recently-viewed.ts'

/**
 * "Recently viewed" on the home page: the cars this browser opened last that are still on sale, with today's
 * price (asked from the API, never kept from the visit). Renders nothing on the server, so every guest's home
 * page stays the same cached page; an empty history, or an answer with no car on sale, shows nothing at all.
 */
export function RecentlyViewedSection() {
  const { t, locale } = useI18n()
  const [cars, setCars] = useState<Card[]>([])
  useEffect(() => {
    const ids = readRecentlyViewed()
    if (ids.length === 0) return
    let current = true
    void api.get('/api/cars/cards/', { ids: ids.join(','), lang: locale }).then((results) => {
      if (!current || !Array.isArray(results)) return
      const found = results as Card[]
      // Sold and removed cars leave the history for good; a failed call above changes nothing.
      keepOnlyViewed(found.map((car) => car.id))
      setCars(found)
    })
    return () => {
      current = false
    }
  }, [locale])
  if (cars.length === 0) return null
  return (
    <section className="container section recently-viewed" aria-labelledby="recently-viewed-title">
      <div className="section-head">
        <h2 id="recently-viewed-title">{t('home.recent.title')}</h2>
        <button
          type="button"
          className="link-button"
          aria-label={t('home.recent.clearLabel')}
          onClick={() => {
            clearRecentlyViewed()
            setCars([])
          }}
        >
          {t('home.recent.clear')}
        </button>
      </div>
      <div className="grid rail">
        {cars.map((car) => (
          <ListingCard key={car.id} car={car} />
        ))}
      </div>
    </section>
  )
}
