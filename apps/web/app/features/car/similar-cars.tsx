import type { ListingCard as Card } from '@tulpar/contracts'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { ListingCard, type ListingCardShown } from '../catalogue/index.ts'

/** How many similar cars a page shows (the band's answer has one more, in case it is the page's own car). */
const SHOWN = 8
/** The follow-up's bound: past it the section keeps its link and shows no cards. */
const TIMEOUT_MS = 10_000

/** Cars like a removed or paused one, below its page's fold (the server renders them with the page). */
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

/**
 * Cars like the one on sale, asked for by the browser (decision 045): `src` is its price band's address
 * (similarCarsPath), the same for every car of the band, so one kept answer serves many pages. The server renders the
 * title and the link to the model's cars; the cards come once the island has loaded. Asked for without cookies (the
 * answer is the same for everyone and the shared cache keeps it); the page's own car is left out. A failed or slow
 * answer leaves the link alone; another car's page (a move within the app) asks for its own band.
 */
export function SimilarCarsOfBand(props: { src: string; carId: number; modelHref: string; modelName: string }) {
  const { src, carId } = props
  const { t } = useI18n()
  const [shown, setShown] = useState<{ src: string; cars: Card[] } | null>(null)
  useEffect(() => {
    let current = true
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS)
    fetch(src, { credentials: 'omit', headers: { accept: 'application/json' }, signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ results?: Card[] }>) : null))
      .then((answer) => {
        if (!current) return
        const cars = (answer?.results ?? []).filter((c) => c.id !== carId).slice(0, SHOWN)
        setShown({ src, cars })
      })
      .catch(() => {
        // Offline or timed out: the section keeps its link (a visitor who moved on asks for another band).
        if (current) setShown({ src, cars: [] })
      })
      .finally(() => clearTimeout(timer))
    return () => {
      current = false
      clearTimeout(timer)
      controller.abort()
    }
  }, [src, carId])
  const cars = shown?.src === src ? shown.cars : null
  return (
    <section className="section similar-cars" aria-labelledby="similar-title" aria-busy={cars === null} data-src={src}>
      <h2 id="similar-title">{t('car.similar')}</h2>
      {cars && cars.length > 0 ? (
        <div className="grid">
          {cars.map((c) => (
            <ListingCard key={c.id} car={c} />
          ))}
        </div>
      ) : null}
      <p className="similar-more">
        <Link to={props.modelHref}>{t('car.similar.more', { model: props.modelName })}</Link>
      </p>
    </section>
  )
}
