import { useEffect, useState } from 'react'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { rememberViewed } from '../recently-viewed/index.ts'

/**
 * The views, publication date and number line of a car page. It also counts the view: once its code has loaded
 * (an island, after the page), it posts the view beacon and shows the count the server answers. A guest's page
 * may come from the page cache, so the count in its HTML can be a little behind until then. The car also goes first
 * in this browser's recently viewed list (the home page's section).
 */
export function CarMeta({
  id,
  viewsCount,
  publishedAt,
  confirmedAt,
  today,
}: {
  id: number
  viewsCount: number
  publishedAt: string
  /** When the seller last said the car is still for sale (decision 032); null for a sold car. */
  confirmedAt: string | null
  /** The page's date (YYYY-MM-DD, UTC), so the server's HTML and the browser count the same days. */
  today: string
}) {
  const { t, date } = useI18n()
  const [views, setViews] = useState(viewsCount)
  useEffect(() => {
    const count = () =>
      fetch(`/cars/${id}/view`, { method: 'POST', keepalive: true })
        .then((r) => (r.ok ? r.json() : null))
        .then((d: { viewsCount?: unknown } | null) => {
          if (typeof d?.viewsCount === 'number') setViews(d.viewsCount)
        })
        .catch(() => {})
    const opened = () => {
      rememberViewed(id)
      void count()
    }
    // A page the browser prerenders is not a view until the visitor actually opens it.
    if ((document as Document & { prerendering?: boolean }).prerendering)
      document.addEventListener('prerenderingchange', opened, { once: true })
    else opened()
  }, [id])
  return (
    <>
      {confirmedAt ? (
        <p className="fresh-line">{t('fresh.confirmed', { count: daysSince(confirmedAt, today) })}</p>
      ) : null}
      <p className="meta-line">
        {t('car.views', { count: views })} · {t('car.published', { date: date(publishedAt) })} ·{' '}
        {t('car.listingNo', { id: String(id) })}
      </p>
    </>
  )
}

/** Whole days from the confirmation's date to `today` (both UTC dates), never negative. */
function daysSince(at: string, today: string): number {
  return Math.max(0, Math.round((Date.parse(today) - Date.parse(at.slice(0, 10))) / 86_400_000))
}
