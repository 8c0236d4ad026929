import { Link, useLocation } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { signInHref } from './redirect.ts'

/**
 * Spec section 6: a guest is asked to sign in or register before saving favourites, posting a car, using the
 * garage or requesting the vehicle check. Both links come back to the current page after signing in.
 *
 * Usage: the route's loader says whether someone is signed in, and the page shows the action or this prompt:
 *
 *   {loaderData.signedIn ? null : <GuestPrompt text={t('sell.intro.guest')} />}
 *
 * `title` and `text` default to a general message; `redirectTo` defaults to the current path and query.
 */
export function GuestPrompt({ title, text, redirectTo }: { title?: string; text?: string; redirectTo?: string }) {
  const { t } = useI18n()
  const { pathname, search } = useLocation()
  const back = redirectTo ?? `${pathname}${search}`
  return (
    <section className="guest-prompt" aria-labelledby="guest-prompt-title">
      <h2 id="guest-prompt-title">{title ?? t('guest.title')}</h2>
      <p>{text ?? t('guest.text')}</p>
      <div className="guest-actions">
        <Link to={signInHref(back)} className="button primary">
          {t('header.signIn')}
        </Link>
        <Link to={signInHref(back, 'register')} className="button ghost">
          {t('auth.register.submit')}
        </Link>
      </div>
    </section>
  )
}
