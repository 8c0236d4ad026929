import type { Locale } from '@tulpar/contracts'
import { CARD_STYLE, escapeHtml, renderStandInPage } from '../../lib/stand-in-page.ts'

const TEXTS = {
  ru: {
    title: 'Тестовый вход через {provider}',
    note: 'Это локальная замена {provider} для демо и тестов: введите любое имя и адрес, настоящий аккаунт {provider} не нужен. Один адрес — один и тот же пользователь.',
    name: 'Имя',
    email: 'Электронная почта',
    submit: 'Продолжить',
    cancel: 'Отмена',
  },
  kk: {
    title: '{provider} арқылы сынақ кіру',
    note: 'Бұл демо мен тестерге арналған {provider} қызметінің жергілікті баламасы: кез келген атыңыз бен электрондық поштаңызды енгізіңіз, нағыз {provider} аккаунты қажет емес. Бір пошта мекенжайы әрқашан бір пайдаланушыға тиесілі.',
    name: 'Аты',
    email: 'Электрондық пошта',
    submit: 'Жалғастыру',
    cancel: 'Бас тарту',
  },
  en: {
    title: 'Test sign-in with {provider}',
    note: 'A local stand-in for {provider} in the demo and tests: enter any name and address, no real {provider} account is needed. One address is always the same user.',
    name: 'Name',
    email: 'Email',
    submit: 'Continue',
    cancel: 'Cancel',
  },
} satisfies Record<Locale, Record<string, string>>

const STYLE = `${CARD_STYLE}label{display:block;font-size:14px;font-weight:600;margin:12px 0 4px}
input{box-sizing:border-box;width:100%;padding:10px 12px;border:1px solid #c5cad6;border-radius:8px;font:inherit}
.actions{display:flex;gap:8px;margin-top:20px}
button,a.cancel{flex:1;padding:10px 14px;border:0;border-radius:8px;background:#2f6fed;color:#fff;font:inherit;text-align:center;text-decoration:none}
a.cancel{background:#8a93a6}
`

const PROVIDER_NAMES = { google: 'Google', apple: 'Apple' } as const

/** The local provider's sign-in page: a name and an email, then back to /auth with the identity token. */
export function renderLocalIdpPage(opts: {
  provider: keyof typeof PROVIDER_NAMES
  locale: Locale
  action: string
  cancelUrl: string
  redirectTo: string | null
  suggestion: { name: string; email: string }
}): string {
  const t = TEXTS[opts.locale]
  const provider = PROVIDER_NAMES[opts.provider]
  const text = (template: string) => template.replaceAll('{provider}', provider)
  const fill = (template: string) => escapeHtml(text(template))
  const hidden = [
    `<input type="hidden" name="lang" value="${opts.locale}">`,
    opts.redirectTo === null ? '' : `<input type="hidden" name="redirectTo" value="${escapeHtml(opts.redirectTo)}">`,
  ].join('')
  return renderStandInPage({
    lang: opts.locale,
    title: text(t.title),
    style: STYLE,
    head: '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    body: `<main>
<h1>${fill(t.title)}</h1>
<p>${fill(t.note)}</p>
<form method="get" action="${escapeHtml(opts.action)}">${hidden}
<label for="name">${fill(t.name)}</label>
<input id="name" name="name" required maxlength="100" autocomplete="name" value="${escapeHtml(opts.suggestion.name)}">
<label for="email">${fill(t.email)}</label>
<input id="email" name="email" type="email" required maxlength="254" autocomplete="email" value="${escapeHtml(opts.suggestion.email)}">
<div class="actions"><a class="cancel" href="${escapeHtml(opts.cancelUrl)}">${fill(t.cancel)}</a><button type="submit">${fill(t.submit)}</button></div>
</form>
</main>`,
  })
}
