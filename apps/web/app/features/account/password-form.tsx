import { type FormEvent, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'
import type { MessageKey } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { api } from '../../lib/api/client.ts'
import { TextField } from '../../ui/field.tsx'
import { ignoreAbort } from '../../ui/ignore-abort.ts'
import { useToast } from '../../ui/toast.tsx'
import { useHydrated } from '../../ui/use-hydrated.ts'
import { actionErrorKey, MIN_PASSWORD_LENGTH } from '../auth/index.ts'

type Field = 'current' | 'next' | 'repeat'
type Errors = Partial<Record<Field, MessageKey>>

/**
 * Password change through better-auth (POST /api/auth/change-password). The server always ends every other
 * session; this device gets a new session cookie and stays signed in.
 */
export function PasswordForm({ email }: { email: string | null }) {
  const { t } = useI18n()
  const toast = useToast()
  const hydrated = useHydrated()
  const revalidator = useRevalidator()
  const form = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)

  const focus = (field: Field) => form.current?.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus()
  const show = (found: Errors) => {
    setErrors(found)
    const first = (['current', 'next', 'repeat'] as const).find((k) => found[k])
    if (first) focus(first)
    return Boolean(first)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // Read from the form (uncontrolled fields): what was typed before the code loaded counts too (routes/account.tsx).
    const data = new FormData(event.currentTarget)
    const read = (k: Field) => String(data.get(k) ?? '')
    const [current, next, repeat] = [read('current'), read('next'), read('repeat')]
    const found: Errors = {}
    if (!current) found.current = 'validation.required'
    if (!next) found.next = 'validation.required'
    else if (next.length < MIN_PASSWORD_LENGTH) found.next = 'auth.error.weakPassword'
    else if (next === current) found.next = 'account2.password.same'
    if (!found.next && repeat !== next) found.repeat = 'auth.newPassword.mismatch'
    if (show(found)) return
    setBusy(true)
    const res = await api.request('/api/auth/change-password', {
      method: 'POST',
      body: { currentPassword: current, newPassword: next, revokeOtherSessions: true },
    })
    setBusy(false)
    if (res.ok) {
      form.current?.reset()
      toast.success('account2.password.changed')
      return
    }
    // The session ended meanwhile: the loader sends the visitor to sign in.
    if (res.status === 401) return void ignoreAbort(revalidator.revalidate())
    if (res.code === 'INVALID_PASSWORD') return void show({ current: 'auth.error.wrongPassword' })
    if (res.code === 'PASSWORD_TOO_SHORT') return void show({ next: 'auth.error.weakPassword' })
    toast.error(actionErrorKey(res.code))
  }

  const field = (name: Field) => ({
    name,
    type: 'password',
    error: errors[name] && t(errors[name]),
  })

  return (
    <section className="panel" aria-labelledby="password-title">
      <h2 id="password-title">{t('account2.password.title')}</h2>
      <p className="panel-note">{t('account2.password.text')}</p>
      <form ref={form} method="post" noValidate onSubmit={submit} className="password-form">
        {/* For password managers: which account this password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
        <TextField label={t('account2.password.current')} autoComplete="current-password" {...field('current')} />
        <TextField
          label={t('account2.password.new')}
          autoComplete="new-password"
          hint={t('auth.passwordHint')}
          {...field('next')}
        />
        <TextField label={t('account2.password.repeat')} autoComplete="new-password" {...field('repeat')} />
        <button type="submit" className="button ghost" disabled={!hydrated || busy} aria-busy={busy}>
          {t('account2.password.submit')}
        </button>
      </form>
    </section>
  )
}
