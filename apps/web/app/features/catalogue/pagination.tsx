import { Link } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'

/** Plain links (work without JavaScript): first, neighbours, last. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number
  pageCount: number
  hrefFor: (p: number) => string
}) {
  const { t } = useI18n()
  if (pageCount <= 1) return null
  const pages = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount])]
    .filter((p) => p >= 1 && p <= pageCount)
    .sort((a, b) => a - b)
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev">
          ← {t('pagination.prev')}
        </Link>
      ) : null}
      <ul>
        {pages.map((p, i) => (
          <li key={p}>
            {i > 0 && p - (pages[i - 1] ?? p) > 1 ? <span aria-hidden="true">…</span> : null}
            {p === page ? (
              <span aria-current="page" className="current">
                {p}
              </span>
            ) : (
              <Link to={hrefFor(p)} aria-label={t('pagination.page', { page: p, pages: pageCount })}>
                {p}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next">
          {t('pagination.next')} →
        </Link>
      ) : null}
    </nav>
  )
}
