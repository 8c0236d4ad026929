import type { DealerLeads } from '@tulpar/contracts'
import { LEAD_STATUSES } from '@tulpar/contracts/staff-constants'
import { Form, Link } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { Options } from '../../ui/options.tsx'

/**
 * The leads of the dealer's cars: call-backs with the leads desk's statuses (take one, move it, reject it with a reason
 * the sender sees), then the buyers' chats about the cars, each with the seller who is in it.
 */
export function LeadsPanel({ dealerId, leads }: { dealerId: number; leads: DealerLeads }) {
  const { t, date } = useI18n()
  const action = `/dealer/${dealerId}`
  return (
    <section aria-labelledby="leads" className="panel">
      <h2 id="leads">{t('desk.leads.title')}</h2>
      <h3>{t('desk.leads.callbacks')}</h3>
      {leads.callbacks.length === 0 ? (
        <p>{t('desk.leads.noCallbacks')}</p>
      ) : (
        <ul className="desk-leads">
          {leads.callbacks.map((lead) => (
            <li key={lead.id} className="desk-lead">
              <p>
                <strong>{lead.name || t('leads.nobody')}</strong> · <a href={`tel:${lead.phone}`}>{lead.phone}</a>
                {lead.listing ? (
                  <>
                    {' · '}
                    <Link to={`/cars/${lead.listing.id}`}>{lead.listing.title}</Link>
                  </>
                ) : null}
              </p>
              <p>
                {date(lead.createdAt)} · {t('leads.col.status')}:{' '}
                <strong className="lead-status">{t(`leads.status.${lead.status}`)}</strong> · {t('leads.col.assignee')}:{' '}
                {lead.assignee?.name ?? t('leads.nobody')}
              </p>
              {lead.status === 'new' ? (
                <Form method="post" action={action}>
                  <input type="hidden" name="intent" value="lead-take" />
                  <input type="hidden" name="leadId" value={lead.id} />
                  <button type="submit" className="button">
                    {t('leads.take')}
                  </button>
                </Form>
              ) : null}
              <Form method="post" action={action} className="desk-lead-status">
                <input type="hidden" name="intent" value="lead-status" />
                <input type="hidden" name="leadId" value={lead.id} />
                <label>
                  {t('leads.action.status')}
                  <select name="status" defaultValue={lead.status}>
                    <Options values={LEAD_STATUSES} label={(s) => t(`leads.status.${s}`)} />
                  </select>
                </label>
                <label>
                  {t('leads.action.reason')}
                  <input type="text" name="reason" maxLength={500} />
                </label>
                <button type="submit" className="button button-secondary">
                  {t('leads.action.save')}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <h3>{t('desk.leads.chats')}</h3>
      {leads.chats.length === 0 ? (
        <p>{t('desk.leads.noChats')}</p>
      ) : (
        <ul className="desk-leads">
          {leads.chats.map((chat) => (
            <li key={chat.id}>
              <Link to={`/cars/${chat.listing.id}`}>{chat.listing.title}</Link> · {chat.buyerName} ·{' '}
              {t('desk.leads.lastMessage', { when: date(chat.lastMessageAt) })} ·{' '}
              {chat.mine ? (
                <Link to={`/account/messages/${chat.id}`}>{t('desk.leads.open')}</Link>
              ) : (
                t('desk.leads.seller', { name: chat.seller.name })
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
