import type { OwnListing } from '@tulpar/contracts'
import { Form, Link } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'

/**
 * What the seller sees on their own car page in place of the contacts (they would only be refused writing, calling
 * back or reporting themselves): what buyers did with the listing, and the changes "my listings" offers. Marking
 * it sold posts to "my listings", which answers with its notice; without JavaScript too.
 */
export function OwnerPanel({ id, own }: { id: number; own: OwnListing }) {
  const { t } = useI18n()
  const onSale = own.status === 'published'
  return (
    <section className="owner-panel" aria-labelledby="owner-title">
      <h2 id="owner-title">{t('myListings.own.title')}</h2>
      <p className="muted">{t(onSale ? 'myListings.own.text' : 'myListings.own.sold')}</p>
      <ul className="owner-stats">
        <li>{t('myListings.stats.views', { count: own.viewsCount })}</li>
        <li>{t('myListings.stats.reveals', { count: own.phoneRevealsCount })}</li>
        <li>{t('myListings.stats.saved', { count: own.savedCount })}</li>
      </ul>
      {onSale ? (
        <>
          <Link className="button primary block" to={`/create-auto/${id}?step=characteristics`}>
            {t('myListings.edit')}
          </Link>
          <Form method="post" action="/account/listings">
            <input type="hidden" name="id" value={id} />
            <button type="submit" name="intent" value="sold" className="button ghost block">
              {t('myListings.own.markSold')}
            </button>
          </Form>
        </>
      ) : null}
      <Link className="button ghost block" to="/account/listings">
        {t('myListings.title')}
      </Link>
    </section>
  )
}
