import { isRouteErrorResponse } from 'react-router'
import { useI18n } from '../i18n/i18n-react.tsx'
import { NotFoundContent } from './not-found-content.tsx'

/**
 * The error boundary of a listing's pages (the car page, its preview, its forms, the selling steps): a 404 says the
 * listing was not found; any other error goes on to the layout's boundary (`other="rethrow"`) or is shown here. A
 * file of its own, so that the pages that only show NotFoundContent (the catalogue) do not load it.
 */
export function ListingErrorBoundary({ error, other }: { error: unknown; other: 'rethrow' | 'show' }) {
  const { t } = useI18n()
  if (isRouteErrorResponse(error) && error.status === 404)
    return <NotFoundContent title={t('error.listing.not_found')} text={t('notFound.text')} />
  if (other === 'rethrow') throw error
  return <NotFoundContent title={t('error.title')} text={t('error.text')} />
}
