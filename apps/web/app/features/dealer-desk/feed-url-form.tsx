import type { FeedSource } from '@tulpar/contracts'
import { FEED_MISSING_CARS } from '@tulpar/contracts/seller-constants'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { Options } from '../../ui/options.tsx'

/**
 * The dealer's feed URL on the desk (issue 38): the owner sets or removes it with what happens to cars it lacks;
 * any of the dealer's people fetches it now (the report opens). Plain POST forms that work before (or without) the
 * page's code; an island, so its code stays out of the desk's first load.
 */
export default function FeedUrlForm({ source, isOwner }: { source: FeedSource; isOwner: boolean }) {
  const { t, date } = useI18n()
  return (
    <div className="feed-url">
      <h3>{t('desk.feedUrl.title')}</h3>
      <p>{t('desk.feedUrl.intro')}</p>
      {source.url ? (
        <p>
          {t('desk.feedUrl.current')} <code>{source.url}</code>
          {source.lastFetchedAt ? ` · ${t('desk.feedUrl.lastFetched', { when: date(source.lastFetchedAt) })}` : null}
        </p>
      ) : (
        <p>{t('desk.feedUrl.none')}</p>
      )}
      {isOwner ? (
        <form method="post" className="stack">
          <label>
            {t('desk.feedUrl.url')}
            <input
              type="url"
              name="url"
              inputMode="url"
              placeholder="https://"
              defaultValue={source.url ?? ''}
              required
              maxLength={2000}
            />
          </label>
          <label>
            {t('desk.imports.missing')}
            <select name="missingCars" defaultValue={source.missingCars}>
              <Options values={FEED_MISSING_CARS} label={(m) => t(`desk.feedUrl.missing.${m}`)} />
            </select>
          </label>
          <button type="submit" name="intent" value="feed-url-set" className="button">
            {t('desk.feedUrl.save')}
          </button>
        </form>
      ) : (
        <p className="hint">{t('desk.feedUrl.ownerOnly')}</p>
      )}
      {source.url ? (
        <form method="post" className="feed-url-actions">
          <button type="submit" name="intent" value="feed-url-fetch" className="button primary">
            {t('desk.feedUrl.fetch')}
          </button>
          {isOwner ? (
            <button type="submit" name="intent" value="feed-url-clear" className="button">
              {t('desk.feedUrl.clear')}
            </button>
          ) : null}
        </form>
      ) : null}
    </div>
  )
}
