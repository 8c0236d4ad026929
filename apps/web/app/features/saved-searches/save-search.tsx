import { CATALOGUE_FILTER_KEYS } from '@tulpar/contracts/constants'
import { Link, useFetcher, useLocation } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { useLayoutData } from '../../lib/layout-data.ts'
import { useNoticeOf } from '../../ui/toast.tsx'
import { signInHref } from '../auth/index.ts'
import { filterValue } from '../catalogue/index.ts'
import type { SearchActionResult } from './searches.server.ts'

/**
 * "Save this search" on a catalogue page: the page's filters as a form post to /account/searches (it works
 * without JavaScript, landing on the list); with JavaScript the visitor stays on the page and gets a notice.
 * A guest is sent to sign in and back to this very search.
 */
export function SaveSearch({ query }: { query: Partial<Record<(typeof CATALOGUE_FILTER_KEYS)[number], unknown>> }) {
  const { t } = useI18n()
  const layout = useLayoutData()
  const location = useLocation()
  const fetcher = useFetcher<SearchActionResult>()
  useNoticeOf(fetcher.data)
  if (!layout?.user) {
    return (
      <Link
        to={signInHref(`${location.pathname}${location.search}`)}
        className="button ghost save-search"
        rel="nofollow"
      >
        {t('searches.signInToSave')}
      </Link>
    )
  }
  const saved = fetcher.data?.ok === true
  return (
    <fetcher.Form method="post" action="/account/searches" className="save-search-form">
      <input type="hidden" name="intent" value="create" />
      {CATALOGUE_FILTER_KEYS.map((key) => {
        const value = filterValue(key, query[key] as string | number | boolean | null | undefined)
        return value === null ? null : <input key={key} type="hidden" name={key} value={value} />
      })}
      {saved ? (
        <Link to="/account/searches" className="button ghost save-search">
          ★ {t('searches.title')}
        </Link>
      ) : (
        <button type="submit" className="button ghost save-search" disabled={fetcher.state !== 'idle'}>
          ☆ {t('searches.save')}
        </button>
      )}
    </fetcher.Form>
  )
}
