import type { Favourite } from '@tulpar/contracts'
import { FAVOURITES_LIMIT } from '@tulpar/contracts/constants'
import { type FormEvent, useEffect } from 'react'
import { data, Form, Link, redirect, useActionData, useFetcher, useNavigation } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS } from '../features/account/account-guard.server.ts'
import { safeLocalPath, signInHref } from '../features/auth/redirect.ts'
import { catalogueHref } from '../features/catalogue/href.ts'
import { ListingCard } from '../features/catalogue/listing-card.tsx'
import { useFavourites } from '../features/favourites/use-favourites.ts'
import type { MessageKey } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { parseId } from '../lib/id-param.ts'
import { whenServiceFails } from '../lib/service-errors.ts'
import catalogueStyles from '../styles/catalogue.css?url'
import { useToast } from '../ui/toast.tsx'
import { useHydrated } from '../ui/use-hydrated.ts'
import type { Route } from './+types/wishlist'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStyles }]
export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

/** `/wishlist` (spec section 2): the signed-in user's favourites; a guest gets the prompt to sign in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { sessions, favourites } = context.get(servicesContext)
  const locale = context.get(localeContext)
  const title = translate(MESSAGES[locale], locale, 'fav.title')
  const user = await sessions.sessionUser(request.headers)
  if (!user) return data({ title, list: null }, { headers: PRIVATE_HEADERS })
  return data({ title, list: await favourites.listFavourites(user, locale) }, { headers: PRIVATE_HEADERS })
}

export type WishlistAnswer =
  | { ok: true; intent: 'toggle' | 'remove' | 'clear'; message?: MessageKey }
  | { ok: false; intent: 'toggle' | 'remove' | 'clear' | null; message?: MessageKey; limit?: number }
  | { ok: false; intent: 'confirm-clear' }

/**
 * The heart (toggle), remove one, and clear all (asks first: without JavaScript the page shows the question).
 * A form posted without JavaScript names `redirectTo` and goes back there; a guest is sent to sign in first.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { sessions, favourites } = context.get(servicesContext)
  const form = await request.formData()
  const field = (name: string) => {
    const v = form.get(name)
    return typeof v === 'string' ? v : ''
  }
  const back = field('redirectTo') ? safeLocalPath(field('redirectTo'), '/wishlist') : null
  const user = await sessions.sessionUser(request.headers)
  if (!user) throw redirect(signInHref(back ?? '/wishlist'))
  const intent = field('intent')
  const id = parseId(field('listingId')) ?? 0
  const answer = (body: WishlistAnswer, status = 200) =>
    back && body.ok
      ? redirect(back, { headers: PRIVATE_HEADERS })
      : data<WishlistAnswer>(body, { status, headers: PRIVATE_HEADERS })
  const change = async () => {
    if (intent === 'toggle' && id > 0) {
      if (field('on') === '1') await favourites.addFavourite(user, id)
      else await favourites.removeFavourite(user, id)
      return answer({ ok: true, intent })
    }
    if (intent === 'remove' && id > 0) {
      await favourites.removeFavourite(user, id)
      return answer({ ok: true, intent, message: 'fav.removed' })
    }
    if (intent === 'clear') {
      if (field('confirm') !== 'yes') return data<WishlistAnswer>({ ok: false, intent: 'confirm-clear' })
      await favourites.clearFavourites(user)
      return answer({ ok: true, intent, message: 'fav.cleared' })
    }
    return data<WishlistAnswer>({ ok: false, intent: null, message: 'error.validation.failed' }, { status: 400 })
  }
  return whenServiceFails(change, ({ code }) => {
    const known = intent === 'toggle' || intent === 'remove' ? intent : null
    if (code === 'favourites.limit')
      return answer({ ok: false, intent: known, message: 'fav.error.limit', limit: FAVOURITES_LIMIT }, 409)
    if (code === 'listing.not_found') return answer({ ok: false, intent: known, message: 'fav.error.gone' }, 404)
    return undefined
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

function PriceChange({ item }: { item: Favourite }) {
  const { t, price } = useI18n()
  if (item.priceChangeKzt === null || item.status !== 'available') return null
  if (item.priceChangeKzt === 0) return <p className="fav-change muted">{t('fav.priceSame')}</p>
  const down = item.priceChangeKzt < 0
  return (
    <p className={down ? 'fav-change down' : 'fav-change up'}>
      {t(down ? 'fav.priceDown' : 'fav.priceUp', { amount: price(Math.abs(item.priceChangeKzt)) })}
    </p>
  )
}

function Item({ item }: { item: Favourite }) {
  const { t, date } = useI18n()
  const fetcher = useFetcher<WishlistAnswer>()
  const gone = fetcher.state !== 'idle'
  return (
    <li className={`fav-item fav-${item.status}`} data-testid="favourite" hidden={gone}>
      {item.car ? (
        <ListingCard car={item.car} />
      ) : (
        <article className="card fav-gone">
          <div className="card-body">
            <h3 className="card-title">{item.title}</h3>
          </div>
        </article>
      )}
      <div className="fav-meta">
        {item.status === 'available' ? null : (
          <p className={`fav-status status-${item.status}`}>{t(`fav.status.${item.status}`)}</p>
        )}
        <PriceChange item={item} />
        <p className="muted">
          <small>{t('fav.savedOn', { date: date(item.savedAt) })}</small>
        </p>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="listingId" value={item.listingId} />
          <button type="submit" className="button ghost" aria-label={`${t('fav.removeOne')}: ${item.title}`}>
            {t('fav.removeOne')}
          </button>
        </fetcher.Form>
      </div>
    </li>
  )
}

function GuestPrompt() {
  const { t } = useI18n()
  const { count } = useFavourites()
  return (
    <div className="panel empty">
      <h2>{t('fav.guest.title')}</h2>
      <p>{t('fav.guest.text')}</p>
      {count > 0 ? <p role="status">{t('fav.guest.local', { count })}</p> : null}
      <p className="empty-actions">
        <Link to={signInHref('/wishlist')} className="button primary">
          {t('fav.signIn')}
        </Link>
        <Link to={signInHref('/wishlist', 'register')} className="button ghost">
          {t('fav.register')}
        </Link>
      </p>
    </div>
  )
}

function ClearAll({ count, asked }: { count: number; asked: boolean }) {
  const { t } = useI18n()
  const hydrated = useHydrated()
  const busy = useNavigation().state === 'submitting'
  const confirmFirst = (e: FormEvent<HTMLFormElement>) => {
    if (!window.confirm(t('fav.clearConfirm', { count }))) e.preventDefault()
  }
  if (asked && !hydrated) {
    // Without JavaScript the question is a page of its own.
    return (
      <Form method="post" className="panel fav-confirm" role="alertdialog" aria-labelledby="fav-confirm-text">
        <p id="fav-confirm-text">{t('fav.clearConfirm', { count })}</p>
        <input type="hidden" name="intent" value="clear" />
        <button type="submit" name="confirm" value="yes" className="button danger">
          {t('fav.clearYes')}
        </button>{' '}
        <Link to="/wishlist" className="button ghost">
          {t('fav.clearNo')}
        </Link>
      </Form>
    )
  }
  return (
    <Form method="post" onSubmit={confirmFirst}>
      <input type="hidden" name="intent" value="clear" />
      {hydrated ? <input type="hidden" name="confirm" value="yes" /> : null}
      <button type="submit" className="button ghost danger-link" disabled={busy}>
        {t('fav.clear')}
      </button>
    </Form>
  )
}

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  const toast = useToast()
  const result = useActionData<typeof action>()
  const { list } = loaderData
  useEffect(() => {
    if (!result || !('message' in result) || !result.message) return
    if (result.ok) toast.success(result.message)
    else toast.error(result.message, { limit: FAVOURITES_LIMIT })
  }, [result, toast])
  return (
    <div className="container wishlist">
      <div className="wishlist-head">
        <h1>
          {t('fav.title')}
          {list ? <span className="muted"> · {t('fav.count', { count: list.count })}</span> : null}
        </h1>
        {list && list.count > 0 ? (
          <ClearAll count={list.count} asked={result?.ok === false && result.intent === 'confirm-clear'} />
        ) : null}
      </div>
      {list === null ? (
        <GuestPrompt />
      ) : list.count === 0 ? (
        <div className="panel empty">
          <h2>{t('fav.empty.title')}</h2>
          <p>{t('fav.empty.text')}</p>
          <Link to={catalogueHref({})} className="button primary">
            {t('fav.empty.link')}
          </Link>
        </div>
      ) : (
        <ul className="grid fav-grid">
          {list.results.map((item) => (
            <Item key={item.listingId} item={item} />
          ))}
        </ul>
      )}
    </div>
  )
}
