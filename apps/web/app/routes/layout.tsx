import { Link, NavLink, Outlet, redirect, useLocation } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import {
  ACCOUNT_DELETED_COOKIE,
  ACCOUNT_DELETED_PARAM,
  ACCOUNT_DELETED_VALUE,
} from '../features/account/deleted-notice.ts'
import { signInHref } from '../features/auth/redirect.ts'
import { viewerOf } from '../features/auth/viewer.server.ts'
import { CityChooser } from '../features/city/city-chooser.tsx'
import { cityChoiceFromCookie } from '../features/city/city-storage.ts'
import { useCityChoice } from '../features/city/use-city-choice.ts'
import { useFavourites } from '../features/favourites/use-favourites.ts'
import { LanguageSwitch } from '../features/layout/language-switch.tsx'
import { BOTTOM_NAV, catalogueNavHref, FOOTER_LEGAL, FOOTER_MENU } from '../features/layout/nav.ts'
import { personalLayout } from '../features/layout/personal-layout.server.ts'
import { useSessionEffects } from '../features/layout/session-effects.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { isCityNeutralPage } from '../lib/city-neutral.ts'
import { type LayoutData, useLayoutData } from '../lib/layout-data.ts'
import { Icon } from '../ui/icon.tsx'
import type { Route } from './+types/layout'

/**
 * The signed-in user for the header (one session lookup). A failing lookup shows the guest header rather
 * than breaking every page.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<LayoutData> {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const cities = (await services.reference.listCities(locale)).map((c) => ({ id: c.id, slug: c.slug, name: c.name }))
  // The choice made in the city dialog (a city or all Kazakhstan), else the profile's city; a page that is the same
  // in every city is rendered without it, and the browser shows the one it keeps (lib/city-neutral.ts).
  const cityFromBrowser = isCityNeutralPage(new URL(request.url).pathname)
  const cookieChoice = cityFromBrowser ? null : cityChoiceFromCookie(request.headers.get('cookie'))
  let user: Awaited<ReturnType<typeof services.sessions.sessionUser>>
  let deletedCookies: string[] | null = null
  try {
    user = await viewerOf(context, request)
    if (!user) deletedCookies = await services.sessions.endDeletedAccountSession(request.headers)
  } catch {
    user = null
  }
  // The account was deleted on another device: logged out here, taken home, told why (spec 4).
  if (deletedCookies) {
    const headers = new Headers()
    for (const c of deletedCookies) headers.append('Set-Cookie', c)
    // The notice waits in a cookie too, for when this redirect is never followed (deleted-notice.ts).
    headers.append('Set-Cookie', `${ACCOUNT_DELETED_COOKIE}=1; Path=/; Max-Age=600; SameSite=Lax`)
    throw redirect(`/?${ACCOUNT_DELETED_PARAM}=${ACCOUNT_DELETED_VALUE}`, { headers })
  }
  try {
    return { ...(await personalLayout(services, user, cookieChoice)), cities, cityFromBrowser }
  } catch {
    // A failing look-up shows the guest's header (the guest's part needs no database).
    return { ...(await personalLayout(services, null, cookieChoice)), cities, cityFromBrowser }
  }
}

function AccountLink({ user, unread }: { user: { label: string } | null; unread: number }) {
  const { t } = useI18n()
  const { pathname, search } = useLocation()
  if (user) {
    return (
      <Link to="/account" className="account-link" title={t('header.account')}>
        <Icon name="user" size={20} />
        <span className="account-label">{user.label}</span>
        {unread > 0 ? (
          <span className="nav-count" title={t('chat.title')}>
            {unread}
          </span>
        ) : null}
      </Link>
    )
  }
  return (
    <Link to={signInHref(`${pathname}${search}`)} className="account-link">
      <Icon name="user" size={20} />
      <span className="account-label">{t('header.signIn')}</span>
    </Link>
  )
}

export default function MainLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  // The layout's data, with a signed-in visitor's own part when their page is the guests' copy (lib/layout-data.ts).
  const view = useLayoutData() ?? loaderData
  useSessionEffects(view.user !== null)
  const favourites = useFavourites()
  const city = useCityChoice(view)
  const catalogue = catalogueNavHref(view.cities.find((c) => c.id === city)?.slug)
  return (
    <>
      <a className="skip-link" href="#content">
        {t('header.skipToContent')}
      </a>
      <header className="site-header">
        <div className="container header-row">
          <Link to="/" className="logo" aria-label={t('site.name')}>
            <span className="logo-mark" aria-hidden="true">
              T
            </span>
            <span className="logo-text">Tulpar Auto</span>
          </Link>
          <nav aria-label={t('nav.main')} className="header-nav">
            <NavLink to={catalogue}>{t('nav.catalogue')}</NavLink>
            {/* On a phone the bottom navigation has Sell; on a desktop it lives here, not only in the footer. */}
            <NavLink to="/create-auto" className="header-sell">
              <Icon name="plus" size={18} />
              {t('ux2.header.sell')}
            </NavLink>
          </nav>
          <CityChooser cities={view.cities} current={city} fromBrowser={view.cityFromBrowser} profile={view.profile} />
          <LanguageSwitch />
          <Link to="/wishlist" className="favourites-link" aria-label={`${t('fav.header')}: ${favourites.count}`}>
            <Icon name="heart" size={20} />
            {favourites.count > 0 ? <span className="nav-count">{favourites.count}</span> : null}
          </Link>
          <AccountLink user={view.user} unread={view.unreadMessages} />
        </div>
      </header>
      <main id="content" className="site-main">
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container">
          <nav aria-label={t('nav.footer')}>
            <ul className="footer-menu">
              {FOOTER_MENU.map((item) => (
                <li key={item.key}>
                  <Link to={item.key === 'nav.catalogue' ? catalogue : item.to}>{t(item.key)}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label={t('footer.legal')}>
            <ul className="footer-legal">
              {FOOTER_LEGAL.map((item) => (
                <li key={item.key}>
                  <Link to={item.to}>{t(item.key)}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="footer-note">{t('footer.note')}</p>
          <p className="footer-rights">{t('footer.rights', { year: String(new Date().getFullYear()) })}</p>
        </div>
      </footer>
      <nav className="bottom-nav" aria-label={t('nav.main')}>
        {BOTTOM_NAV.map((item) => (
          <NavLink key={item.key} to={item.to} end>
            <Icon name={item.icon} />
            <span>{t(item.key)}</span>
            {item.key === 'nav.favourites' && favourites.count > 0 ? (
              <span className="nav-count">{favourites.count}</span>
            ) : null}
            {item.key === 'nav.profile' && view.unreadMessages > 0 ? (
              <span className="nav-count">{view.unreadMessages}</span>
            ) : null}
          </NavLink>
        ))}
      </nav>
    </>
  )
}
