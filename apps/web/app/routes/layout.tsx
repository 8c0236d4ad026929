import type { Locale } from '@tulpar/contracts'
import { LOCALES } from '@tulpar/contracts/constants'
import { Form, Link, NavLink, Outlet, useLocation } from 'react-router'
import { BOTTOM_NAV, FOOTER_MENU } from '../features/layout/nav.ts'
import { LOCALE_NAMES } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { Icon } from '../ui/icon.tsx'

function LanguageSwitch() {
  const { locale, t } = useI18n()
  const { pathname, search } = useLocation()
  const params = new URLSearchParams(search)
  params.delete('lang')
  const back = `${pathname}${params.size ? `?${params}` : ''}`
  return (
    <Form method="post" action="/locale" className="lang-switch" aria-label={t('header.language')}>
      <input type="hidden" name="redirectTo" value={back} />
      {LOCALES.map((l: Locale) => (
        <button
          key={l}
          type="submit"
          name="locale"
          value={l}
          lang={l}
          aria-pressed={l === locale}
          title={LOCALE_NAMES[l]}
          onClick={() => window.localStorage.setItem('locale', l)}
        >
          {l.toUpperCase()}
        </button>
      ))}
    </Form>
  )
}

export default function MainLayout() {
  const { t } = useI18n()
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
            <NavLink to="/cars" end>
              {t('nav.catalogue')}
            </NavLink>
          </nav>
          <span className="city-chip" title={t('header.city')}>
            <Icon name="pin" size={18} />
            {t('header.allKazakhstan')}
          </span>
          <LanguageSwitch />
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
                  {item.available ? (
                    <Link to={item.to}>{t(item.key)}</Link>
                  ) : (
                    <span className="soon" aria-disabled="true">
                      {t(item.key)} <small>· {t('nav.soon')}</small>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <p className="footer-note">{t('footer.note')}</p>
          <p className="footer-rights">{t('footer.rights', { year: String(new Date().getFullYear()) })}</p>
        </div>
      </footer>
      <nav className="bottom-nav" aria-label={t('nav.main')}>
        {BOTTOM_NAV.map((item) =>
          item.available ? (
            <NavLink key={item.key} to={item.to} end>
              <Icon name={item.icon} />
              <span>{t(item.key)}</span>
            </NavLink>
          ) : (
            <span key={item.key} className="soon" aria-disabled="true" title={t('nav.soon')}>
              <Icon name={item.icon} />
              <span>{t(item.key)}</span>
            </span>
          ),
        )}
      </nav>
    </>
  )
}
