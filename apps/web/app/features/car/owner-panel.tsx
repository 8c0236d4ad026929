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
      <ViewsChart days={own.viewsByDay} />
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

const BAR = 10
const GAP = 4
const HEIGHT = 48

/** Views a day over the last two weeks: bars drawn on the server (no script), each named with its day and count. */
function ViewsChart({ days }: { days: OwnListing['viewsByDay'] }) {
  const { t } = useI18n()
  const total = days.reduce((sum, d) => sum + d.views, 0)
  const most = Math.max(1, ...days.map((d) => d.views))
  const label = t('myListings.stats.chart', { count: total })
  return (
    <figure className="views-chart">
      <figcaption>{label}</figcaption>
      <svg
        width={days.length * (BAR + GAP)}
        height={HEIGHT}
        viewBox={`0 0 ${days.length * (BAR + GAP)} ${HEIGHT}`}
        role="img"
        aria-label={label}
      >
        {days.map((d, i) => {
          const h = d.views === 0 ? 1 : Math.max(3, Math.round((d.views / most) * HEIGHT))
          return (
            <rect key={d.day} x={i * (BAR + GAP)} y={HEIGHT - h} width={BAR} height={h} rx={2}>
              <title>{`${d.day.slice(8)}.${d.day.slice(5, 7)}: ${d.views}`}</title>
            </rect>
          )
        })}
      </svg>
    </figure>
  )
}
