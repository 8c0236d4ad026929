import type { Locale, Profile, UpdateProfileBody } from '@tulpar/contracts'
import { LOCALES } from '@tulpar/contracts/constants'
import { type FormEvent, useState } from 'react'
import { Link, useRevalidator, useSubmit } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUser } from '../features/account/account-guard.server.ts'
import { LogoutButton } from '../features/account/logout.tsx'
import { formatDateTime } from '../features/admin/format.ts'
import { callApi } from '../features/auth/api.ts'
import { actionErrorKey } from '../features/auth/errors.ts'
import { cleanPhone, formatPhone, normaliseKzPhone } from '../features/auth/phone.ts'
import { LOCALE_NAMES, type MessageKey } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { TextField } from '../ui/field.tsx'
import { useToast } from '../ui/toast.tsx'
import { useHydrated } from '../ui/use-hydrated.ts'
import type { Route } from './+types/account'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { sessions, profiles, reference, messaging } = context.get(servicesContext)
  const user = await requireUser(sessions, request, '/account')
  const locale = context.get(localeContext)
  const [[profile], cities, inbox] = await Promise.all([
    profiles.listMyProfiles(user),
    reference.listCities(locale),
    messaging.listMyMessages(user),
  ])
  if (!profile) throw new Response('Profile not found', { status: 404 })
  return {
    profile,
    // The inbox screen is a later issue: the account shows the latest messages (moderation outcomes).
    messages: inbox.results.slice(0, 10).map((m) => ({
      id: m.id,
      body: m.body,
      isRead: m.isRead,
      when: formatDateTime(m.createdAt, locale),
      from: m.sender?.name ?? null,
    })),
    cities: cities.map(({ id, name }) => ({ id, name })),
    title: translate(MESSAGES[locale], locale, 'account.title'),
  }
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

type Errors = Partial<Record<'full_name' | 'phone', MessageKey>>

function ProfileForm({ profile, cities }: { profile: Profile; cities: { id: number; name: string }[] }) {
  const { t, locale } = useI18n()
  const toast = useToast()
  const hydrated = useHydrated()
  const submit = useSubmit()
  const revalidator = useRevalidator()
  const [saved, setSaved] = useState(profile)
  const [fullName, setFullName] = useState(profile.full_name ?? '')
  const [phone, setPhone] = useState(profile.phone ? formatPhone(profile.phone) : '')
  const [city, setCity] = useState(profile.city === null ? '' : String(profile.city))
  // The language shown is the one in use: saving it keeps the interface as the user sees it.
  const [language, setLanguage] = useState<Locale>(locale)
  const [notify, setNotify] = useState({
    notify_promotions: profile.notify_promotions,
    notify_news: profile.notify_news,
    notify_price_changes: profile.notify_price_changes,
  })
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)

  function build(): { body: UpdateProfileBody; errors: Errors } {
    const found: Errors = {}
    const body: UpdateProfileBody = { city: city ? Number(city) : null, language, ...notify }
    const name = fullName.trim()
    if (name) body.full_name = name
    else if (saved.full_name) found.full_name = 'validation.required'
    if (cleanPhone(phone)) {
      const e164 = normaliseKzPhone(phone)
      if (!e164) found.phone = 'validation.phone'
      else if (e164 !== saved.phone) body.phone = e164
    } else if (saved.phone) found.phone = 'validation.phone'
    return { body, errors: found }
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const { body, errors: found } = build()
    setErrors(found)
    const firstBad = (['full_name', 'phone'] as const).find((k) => found[k])
    if (firstBad) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstBad}"]`)?.focus()
      return
    }
    setBusy(true)
    const res = await callApi<Profile>(`/api/profiles/update/${profile.id}/`, { method: 'PATCH', body })
    if (!res.ok || !res.data) {
      setBusy(false)
      // The session ended meanwhile: the loader sends the visitor to sign in.
      if (res.status === 401) return revalidator.revalidate()
      if (res.code === 'phone.invalid' || res.code === 'profile.phone_in_use') setErrors({ phone: 'validation.phone' })
      toast.error(actionErrorKey(res.code))
      return
    }
    const updated = res.data
    setSaved(updated)
    if (updated.phone) setPhone(formatPhone(updated.phone))
    setBusy(false)
    toast.success('notice.profileUpdated')
    if (language !== locale) {
      // Switch the interface too, the same way as the header's language switch.
      window.localStorage.setItem('locale', language)
      await submit({ locale: language, redirectTo: '/account' }, { method: 'post', action: '/locale' })
    } else {
      await revalidator.revalidate()
    }
  }

  return (
    <form method="post" noValidate onSubmit={save} className="account-form">
      <section className="panel" aria-labelledby="profile-title">
        <h2 id="profile-title">{t('account.profile')}</h2>
        <TextField
          label={t('account.fullName')}
          name="full_name"
          autoComplete="name"
          maxLength={120}
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          error={errors.full_name && t(errors.full_name)}
        />
        <TextField
          label={t('account.phone')}
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          placeholder="+7 (7XX) XXX XX XX"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={errors.phone && t(errors.phone)}
        />
        <TextField
          label={t('account.email')}
          type="email"
          name="email"
          value={profile.email ?? ''}
          placeholder={t('account.noEmail')}
          hint={profile.email ? t('account.emailHint') : undefined}
          readOnly
        />
      </section>

      <div className="account-prefs">
        <section className="panel">
          <h2>
            <label htmlFor="account-city">{t('account.city')}</label>
          </h2>
          <select id="account-city" name="city" value={city} onChange={(e) => setCity(e.target.value)}>
            <option value="">{t('account.noCity')}</option>
            {cities.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </section>

        <section className="panel">
          <h2>
            <label htmlFor="account-language">{t('account.language')}</label>
          </h2>
          <select
            id="account-language"
            name="language"
            value={language}
            onChange={(e) => setLanguage(e.target.value as Locale)}
          >
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LOCALE_NAMES[l]}
              </option>
            ))}
          </select>
        </section>
      </div>

      <fieldset className="panel">
        <legend>
          <h2>{t('account.notifications')}</h2>
        </legend>
        {(
          [
            ['notify_promotions', 'account.notifyPromotions'],
            ['notify_news', 'account.notifyNews'],
            ['notify_price_changes', 'account.notifyPriceChanges'],
          ] as const
        ).map(([field, label]) => (
          <label key={field} className="check">
            <input
              type="checkbox"
              name={field}
              checked={notify[field]}
              onChange={(e) => setNotify((n) => ({ ...n, [field]: e.target.checked }))}
            />
            {t(label)}
          </label>
        ))}
      </fieldset>

      <div className="account-save">
        <button type="submit" className="button primary" disabled={!hydrated || busy} aria-busy={busy}>
          {t('account.save')}
        </button>
      </div>
    </form>
  )
}

/** "My messages": the latest ones, Tulpar Auto's own (moderation outcomes) among them. */
function MyMessages({ messages }: { messages: Route.ComponentProps['loaderData']['messages'] }) {
  const { t } = useI18n()
  return (
    <section className="panel" aria-labelledby="my-messages-title">
      <h2 id="my-messages-title">{t('account.messages')}</h2>
      {messages.length === 0 ? <p>{t('account.messages.empty')}</p> : null}
      {messages.map((m) => (
        <article key={m.id} aria-label={m.when}>
          <p>
            <strong>{m.from ?? t('account.messages.from')}</strong>{' '}
            {m.isRead ? null : <small className="soon-tag">{t('account.messages.unread')}</small>}{' '}
            <small>{m.when}</small>
          </p>
          {/* The body keeps its line breaks: the reason and the comment are on lines of their own. */}
          <p style={{ whiteSpace: 'pre-line', margin: 0 }}>{m.body}</p>
        </article>
      ))}
    </section>
  )
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { profile, cities, messages } = loaderData
  const { t } = useI18n()
  return (
    <div className="container account">
      <h1>{t('account.title')}</h1>
      <div className="account-layout">
        <ProfileForm key={profile.id} profile={profile} cities={cities} />
        <aside className="account-side">
          <section className="panel">
            <h2>
              <Link to="/account/listings">{t('myListings.title')}</Link>
            </h2>
            <p className="muted">{t('myListings.linkText')}</p>
          </section>
          <MyMessages messages={messages} />
          {(
            [
              ['account.garage', 'account.garage.soon'],
              ['account.reports', 'account.reports.soon'],
            ] as const
          ).map(([title, text]) => (
            <section key={title} className="panel placeholder">
              <h2>
                {t(title)} <small className="soon-tag">{t('nav.soon')}</small>
              </h2>
              <p>{t(text)}</p>
            </section>
          ))}
          <section className="panel account-actions">
            <LogoutButton />
            <Link to="/account/delete" className="danger-link">
              {t('account.delete.link')}
            </Link>
          </section>
        </aside>
      </div>
    </div>
  )
}
