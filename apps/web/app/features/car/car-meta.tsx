import { useEffect, useState } from 'react'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { rememberViewed } from '../recently-viewed/index.ts'

/**
 * The views, publication date and number line of a car page. It also counts the view: once its code has loaded
 * (an island, after the page), it posts the view beacon and shows the count the server answers. A guest's page
 * may come from the page cache, so the count in its HTML can be a little behind until then. The car also goes first
 * in this browser's recently viewed list (the home page's section).
 */
export function CarMeta({ id, viewsCount, publishedAt }: { id: number; viewsCount: number; publishedAt: string }) {
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
    <p className="meta-line">
      {t('car.views', { count: views })} · {t('car.published', { date: date(publishedAt) })} ·{' '}
      {t('car.listingNo', { id: String(id) })}
    </p>
  )
}
