import type { Locale } from '@tulpar/contracts'
import { LOCALES } from '@tulpar/contracts/constants'
import { Form, useLocation } from 'react-router'
import { LOCALE_NAMES } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'

/**
 * RU / KK / EN: posts to /locale (a cookie, works without JavaScript) and remembers the choice in local storage.
 * Always as a whole-document navigation, with JavaScript too: the browser keeps showing the page until the new one,
 * rendered by the server in the new language throughout (texts, data, title, `<html lang>`), replaces it. Through the
 * router the language's data and its messages file came apart, and for up to seconds the header and `lang` were
 * already in the new language and the page's texts still in the old (decision 029).
 */
export function LanguageSwitch() {
  const { locale, t } = useI18n()
  const { pathname, search } = useLocation()
  const params = new URLSearchParams(search)
  params.delete('lang')
  const back = `${pathname}${params.size ? `?${params}` : ''}`
  return (
    <Form method="post" action="/locale" reloadDocument className="lang-switch" aria-label={t('header.language')}>
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
