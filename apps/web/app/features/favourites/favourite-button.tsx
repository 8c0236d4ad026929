import { type FormEvent, useEffect } from 'react'
import { useFetcher, useLocation } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { Icon } from '../../ui/icon.tsx'
import { useToast } from '../../ui/toast.tsx'
import { useHydrated } from '../../ui/use-hydrated.ts'
import { toggleGuestFavourite } from './guest-favourites.ts'
import { useFavourites } from './use-favourites.ts'

type Answer = { ok: boolean; message?: 'fav.error.limit' | 'fav.error.gone'; limit?: number }

/**
 * The heart on a card and on the car page. A form post to /wishlist, so it works without JavaScript (a guest is
 * then asked to sign in and comes back); with JavaScript a signed-in user's heart is saved without a reload and
 * a guest's is kept in the browser until they sign in.
 */
export function FavouriteButton({
  listingId,
  title,
  className = '',
}: {
  listingId: number
  title: string
  className?: string
}) {
  const { t } = useI18n()
  const favourites = useFavourites()
  const fetcher = useFetcher<Answer>()
  const toast = useToast()
  const hydrated = useHydrated()
  const { pathname, search } = useLocation()
  // Shown at once while the server saves it.
  const pending = fetcher.formData?.get('on')
  const saved = pending === undefined || pending === null ? favourites.ids.has(listingId) : pending === '1'

  useEffect(() => {
    const answer = fetcher.data
    if (answer && !answer.ok && answer.message) toast.error(answer.message, { limit: answer.limit ?? 500 })
  }, [fetcher.data, toast])

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (favourites.signedIn) return
    e.preventDefault()
    if (toggleGuestFavourite(listingId)) toast.info('fav.savedLocally')
  }

  return (
    <fetcher.Form method="post" action="/wishlist" className={`heart-form ${className}`} onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="listingId" value={listingId} />
      <input type="hidden" name="on" value={saved ? '0' : '1'} />
      {/* Without JavaScript the post comes back to this page; with it the answer is data, not a redirect. */}
      {hydrated ? null : <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />}
      <button
        type="submit"
        className={saved ? 'heart is-saved' : 'heart'}
        aria-pressed={saved}
        aria-label={t(saved ? 'fav.remove' : 'fav.add', { title })}
      >
        <Icon name="heart" size={20} />
      </button>
    </fetcher.Form>
  )
}
