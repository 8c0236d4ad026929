import type { Profile } from '@tulpar/contracts'
import { LOCALES } from '@tulpar/contracts/constants'
import { formatPhone, PHONE_PLACEHOLDER } from '@tulpar/contracts/phone'
import { useEffect, useRef } from 'react'
import { Form, useNavigation } from 'react-router'
import { LOCALE_NAMES } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { PHONE_INPUT, TextField } from '../../ui/field.tsx'
import { type AccountActionResult, NOTIFY_FIELDS } from './account-action.ts'

type ProfileResult = Extract<AccountActionResult, { intent: 'profile' }>

const NOTIFY_LABELS = {
  notify_promotions: 'account.notifyPromotions',
  notify_news: 'account.notifyNews',
  notify_price_changes: 'account.notifyPriceChanges',
} as const

/** Changes whenever the saved profile does, so the form starts again from what was saved. */
export function profileFormKey(profile: Profile, locale: string): string {
  return JSON.stringify([
    profile.id,
    profile.full_name,
    profile.phone,
    profile.city,
    locale,
    ...NOTIFY_FIELDS.map((f) => profile[f]),
  ])
}

/**
 * My profile, city, language and notification preferences: one plain form posted to the route's action, so it
 * works without JavaScript; with it, React Router posts it in place and the notice comes as a toast.
 */
export function ProfileForm({
  profile,
  cities,
  result,
}: {
  profile: Profile
  cities: { id: number; name: string }[]
  result: ProfileResult | null
}) {
  const { t, locale } = useI18n()
  const navigation = useNavigation()
  const form = useRef<HTMLFormElement>(null)
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'profile'
  const failed = result && !result.ok ? result : null
  const errors = failed?.errors ?? {}
  const sent = failed?.values

  // Take the user to the first field to fix.
  useEffect(() => {
    if (!failed) return
    const first = (['full_name', 'phone', 'city', 'language'] as const).find((k) => failed.errors[k])
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }, [failed])

  const checked = (field: (typeof NOTIFY_FIELDS)[number]) => (sent ? sent[field] === 'on' : profile[field])

  return (
    <Form
      ref={form}
      method="post"
      noValidate
      className="account-form"
      onSubmit={(event) => {
        // A new language: the page comes back whole from the server in it, as without JavaScript and as the header's
        // switch does; through the router the header changed before the page's texts had arrived (issue 35).
        if (new FormData(event.currentTarget).get('language') === locale) return
        event.preventDefault()
        event.currentTarget.submit()
      }}
    >
      <input type="hidden" name="intent" value="profile" />
      <section className="panel" aria-labelledby="profile-title">
        <h2 id="profile-title">{t('account.profile')}</h2>
        <TextField
          label={t('account.fullName')}
          name="full_name"
          autoComplete="name"
          maxLength={120}
          defaultValue={sent?.full_name ?? profile.full_name ?? ''}
          error={errors.full_name && t(errors.full_name)}
        />
        <TextField
          {...PHONE_INPUT}
          label={t('account.phone')}
          name="phone"
          placeholder={PHONE_PLACEHOLDER}
          defaultValue={sent?.phone ?? (profile.phone ? formatPhone(profile.phone) : '')}
          error={errors.phone && t(errors.phone)}
        />
        {/* No name: the sign-in address is shown, not sent; it cannot be changed here. */}
        <TextField
          label={t('account.email')}
          type="email"
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
          <select
            id="account-city"
            name="city"
            defaultValue={sent?.city ?? (profile.city === null ? '' : String(profile.city))}
            aria-invalid={errors.city ? true : undefined}
          >
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
          {/* The language shown is the one in use: saving it keeps the interface as the user sees it. */}
          <select id="account-language" name="language" defaultValue={sent?.language ?? locale}>
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
        {NOTIFY_FIELDS.map((field) => (
          <label key={field} className="check">
            <input type="checkbox" name={field} defaultChecked={checked(field)} />
            {t(NOTIFY_LABELS[field])}
          </label>
        ))}
      </fieldset>

      <div className="account-save">
        <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
          {t('account.save')}
        </button>
      </div>
    </Form>
  )
}
