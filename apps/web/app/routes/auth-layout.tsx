import { Link, Outlet } from 'react-router'
import { LanguageSwitch } from '../features/layout/language-switch.tsx'
import { useI18n } from '../i18n/i18n-react.tsx'

/** Spec section 2: sign-in and registration sit in their own layout: the logo back home, no menus. */
export default function AuthLayout() {
  const { t } = useI18n()
  return (
    <div className="auth-shell">
      <header className="auth-header">
        <div className="container header-row">
          <Link to="/" className="logo" aria-label={t('site.name')}>
            <span className="logo-mark" aria-hidden="true">
              T
            </span>
            <span className="logo-text">Tulpar Auto</span>
          </Link>
          <LanguageSwitch />
        </div>
      </header>
      <main id="content" className="auth-main">
        <Outlet />
      </main>
    </div>
  )
}
