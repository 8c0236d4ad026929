import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { catalogueHref } from '../catalogue/index.ts'

/**
 * HTTP 410: what happened to the car, and where to look instead. `paused`: the car's seller has not confirmed it is
 * still for sale (decision 032, HTTP 404): the same page with its own words.
 */
export function GonePage({
  removed,
  paused = false,
  children,
}: {
  removed: { name: string; brand: { slug: string; name: string }; model: { slug: string; name: string } }
  paused?: boolean
  /** Similar cars, rendered by the page (their code is part of it already). */
  children: ReactNode
}) {
  const { t } = useI18n()
  const sameModel = removed.brand.slug
    ? catalogueHref({ brand: removed.brand.slug, model: removed.model.slug || undefined })
    : null
  return (
    <div className="container car-gone">
      <div className="gone-box">
        {paused ? null : (
          <p className="gone-code" aria-hidden="true">
            410
          </p>
        )}
        <h1>{t(paused ? 'fresh.paused.title' : 'car.gone.title')}</h1>
        <p>{t(paused ? 'fresh.paused.text' : 'car.gone.text', { car: removed.name })}</p>
        <p className="actions">
          {sameModel ? (
            <Link to={sameModel} className="button primary">
              {t('car.gone.sameModel', { brand: removed.brand.name, model: removed.model.name })}
            </Link>
          ) : null}
          <Link to="/cars" className="button ghost">
            {t('car.gone.catalogue')}
          </Link>
        </p>
      </div>
      {children}
    </div>
  )
}
