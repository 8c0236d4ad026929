import type { ModerationQueueItem, ModerationStats } from '@tulpar/contracts'
import { Link, redirect } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { AdminErrorContent } from '../features/admin/admin-error.tsx'
import { requireBackOfficeUser, requireStaffUser } from '../features/admin/admin-guard.server.ts'
import { AdminNotices } from '../features/admin/page-notices.tsx'
import { SignalBadges } from '../features/admin/signals.tsx'
import { formatWait } from '../features/admin/wait.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { parseId } from '../lib/id-param.ts'
import { whenServiceFails } from '../lib/service-errors.ts'
import { Picture } from '../ui/picture.tsx'
import type { Route } from './+types/admin-queue'

const PAGE_SIZE = 20

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  // A manager's back office is the leads desk: the front page takes them there rather than to a 403.
  if ((await requireBackOfficeUser(services.sessions, request)).role === 'manager') throw redirect('/admin/leads')
  const user = await requireStaffUser(services.sessions, request)
  const params = new URL(request.url).searchParams
  const cursor = params.get('cursor') || undefined
  const load = Promise.all([
    services.moderation.listQueue(user, { cursor, limit: PAGE_SIZE }, locale),
    services.moderation.getStats(user),
  ])
  const [page, stats] = await whenServiceFails(load, ({ status }): undefined => {
    // A cursor that is not ours (edited by hand, or from an older version): start from the top.
    if (cursor && status === 400) throw redirect('/admin')
    return undefined
  })
  const decided = params.get('decided')
  const id = parseId(params.get('listing'))
  const notice = (decided === 'approved' || decided === 'rejected') && id !== null ? { decided, id } : null
  return {
    page,
    stats,
    notice,
    paged: cursor !== undefined,
    title: translate(MESSAGES[locale], locale, 'admin.queue.title'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

function Stats({ stats }: { stats: ModerationStats }) {
  const { t } = useI18n()
  const wait = (s: number | null) => (s === null ? t('admin.stats.none') : formatWait(s, t))
  const cells = [
    ['admin.stats.waiting', String(stats.waiting)],
    ['admin.stats.oldest', wait(stats.oldestWaitedSeconds)],
    ['admin.stats.average', wait(stats.averageWaitSeconds)],
    ['admin.stats.median', wait(stats.medianWaitSeconds)],
  ] as const
  return (
    <section className="admin-stats" aria-labelledby="stats-title">
      <h2 id="stats-title" className="sr-only">
        {t('admin.stats.title')}
      </h2>
      <dl>
        {cells.map(([label, value]) => (
          <div key={label} className="stat">
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="admin-hint">
        {t('admin.stats.period', { days: String(stats.periodDays), count: String(stats.measured) })}
      </p>
    </section>
  )
}

function QueueItem({ item }: { item: ModerationQueueItem }) {
  const { t, price, distance } = useI18n()
  const title = `${item.brand.name} ${item.model.name}, ${item.year}`
  return (
    <li>
      <Link to={`/admin/listings/${item.id}`} className="queue-item">
        <div className="queue-photo">
          {item.cover ? (
            <Picture photoKey={item.cover.key} alt="" variant="card" sizes="120px" />
          ) : (
            <div className="no-photo" />
          )}
        </div>
        <div className="queue-body">
          <p className="queue-title">
            <strong>{title}</strong> <span className="queue-id">№ {item.id}</span>
          </p>
          <p className="queue-price">{price(item.priceKzt)}</p>
          <p className="queue-meta">
            {item.city.name} · {distance(item.mileage, item.mileageUnit)} ·{' '}
            {t('admin.queue.seller', { name: item.seller.name })}
          </p>
          <SignalBadges codes={item.signals} />
        </div>
        <p className="queue-wait">{t('admin.queue.waited', { time: formatWait(item.waitedSeconds, t) })}</p>
      </Link>
    </li>
  )
}

export default function AdminQueue({ loaderData }: Route.ComponentProps) {
  const { page, stats, notice, paged } = loaderData
  const { t } = useI18n()
  return (
    <div className="admin-page">
      <h1>{t('admin.queue.title')}</h1>
      <AdminNotices
        notice={
          notice ? (
            <>
              {t(notice.decided === 'approved' ? 'admin.queue.approved' : 'admin.queue.rejected', {
                id: String(notice.id),
              })}{' '}
              {notice.decided === 'approved' ? <Link to={`/cars/${notice.id}`}>{t('admin.queue.openCar')}</Link> : null}
            </>
          ) : null
        }
      />
      <Stats stats={stats} />
      <p className="admin-hint">
        {t('admin.queue.count', { count: page.total })} · {t('admin.queue.hint')}
      </p>
      {page.results.length === 0 ? (
        <p className="empty">{t('admin.queue.empty')}</p>
      ) : (
        <ol className="queue-list">
          {page.results.map((item) => (
            <QueueItem key={item.id} item={item} />
          ))}
        </ol>
      )}
      <nav className="admin-pager">
        {paged ? <Link to="/admin">{t('admin.queue.first')}</Link> : null}
        {page.nextCursor ? (
          <Link to={`/admin?cursor=${page.nextCursor}`} className="button ghost">
            {t('admin.queue.next')}
          </Link>
        ) : null}
      </nav>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorContent error={error} />
}
