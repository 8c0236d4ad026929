import { type FormEvent, useState } from 'react'
import type { MessageKey } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { api } from '../../lib/api/client.ts'
import { TextField } from '../../ui/field.tsx'
import { useToast } from '../../ui/toast.tsx'
import { useHydrated } from '../../ui/use-hydrated.ts'
import { useValueOnLoad } from '../../ui/use-value-on-load.ts'
import { looksLikeEmail, MIN_PASSWORD_LENGTH } from './api.ts'
import { authErrorKey } from './errors.ts'
import { useFinishSignIn } from './use-finish-sign-in.ts'

export type EmailMode = 'signIn' | 'register'
type Errors = Partial<Record<'name' | 'email' | 'password', MessageKey>>

/**
 * Email and password: sign in, or register with a name (better-auth signs the new account in at once). The fields
 * are uncontrolled and read when the form is sent: the sign-in page renders this form as an island (routes/auth.tsx),
 * and what a visitor types before its code has loaded must count. The email is also reported as it changes, so the
 * page keeps it across tabs and hands it to the password recovery dialog.
 */
export function EmailForm({
  mode,
  onModeChange,
  email,
  onEmailChange,
  onForgot,
}: {
  mode: EmailMode
  onModeChange: (mode: EmailMode) => void
  email: string
  onEmailChange: (email: string) => void
  onForgot: () => void
}) {
  const { t } = useI18n()
  const toast = useToast()
  const hydrated = useHydrated()
  const finish = useFinishSignIn()
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const register = mode === 'register'
  // An island: an email typed before its code ran is the page's too (the other tab, the password reset).
  const emailField = useValueOnLoad<HTMLInputElement>(onEmailChange)

  function validate({ name, email, password }: Record<'name' | 'email' | 'password', string>): Errors {
    const found: Errors = {}
    if (register && !name.trim()) found.name = 'validation.required'
    if (!email.trim()) found.email = 'validation.required'
    else if (!looksLikeEmail(email)) found.email = 'auth.error.invalidEmail'
    if (!password) found.password = 'validation.required'
    else if (register && password.length < MIN_PASSWORD_LENGTH) found.password = 'auth.error.weakPassword'
    return found
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const read = (k: 'name' | 'email' | 'password') => String(data.get(k) ?? '')
    const [name, email, password] = [read('name'), read('email'), read('password')]
    onEmailChange(email)
    const found = validate({ name, email, password })
    setErrors(found)
    const firstBad = (['name', 'email', 'password'] as const).find((k) => found[k])
    if (firstBad) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstBad}"]`)?.focus()
      return
    }
    setBusy(true)
    const body = { email: email.trim(), password }
    const res = register
      ? await api.request('/api/auth/sign-up/email', { method: 'POST', body: { ...body, name: name.trim() } })
      : await api.request('/api/auth/sign-in/email', { method: 'POST', body })
    if (res.ok) {
      await finish()
      return
    }
    setBusy(false)
    toast.error(authErrorKey(res.code))
  }

  const switchTo = (next: EmailMode) => {
    setErrors({})
    onModeChange(next)
  }

  return (
    <>
      <form method="post" noValidate onSubmit={submit} className="auth-form">
        {register ? (
          <TextField
            label={t('auth.name')}
            name="name"
            autoComplete="name"
            error={errors.name && t(errors.name)}
            required
          />
        ) : null}
        <TextField
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          ref={emailField}
          defaultValue={email}
          onChange={(e) => onEmailChange(e.target.value)}
          error={errors.email && t(errors.email)}
          required
        />
        <TextField
          label={t('auth.password')}
          type="password"
          name="password"
          autoComplete={register ? 'new-password' : 'current-password'}
          minLength={MIN_PASSWORD_LENGTH}
          hint={register ? t('auth.passwordHint') : undefined}
          error={errors.password && t(errors.password)}
          required
        />
        {register ? null : (
          <button
            type="button"
            className="link-button forgot"
            onClick={(e) => {
              // The dialog starts from the email as typed (perhaps before this form's code had loaded).
              const field = e.currentTarget.form?.elements.namedItem('email')
              if (field instanceof HTMLInputElement) onEmailChange(field.value)
              onForgot()
            }}
            disabled={!hydrated}
          >
            {t('auth.forgot')}
          </button>
        )}
        <button type="submit" className="button primary block" disabled={!hydrated || busy} aria-busy={busy}>
          {register ? t('auth.register.submit') : t('auth.signIn.submit')}
        </button>
      </form>
      <p className="auth-switch">
        {register ? t('auth.haveAccount') : t('auth.noAccount')}{' '}
        <button
          type="button"
          className="link-button"
          disabled={!hydrated}
          onClick={() => switchTo(register ? 'signIn' : 'register')}
        >
          {register ? t('auth.toSignIn') : t('auth.toRegister')}
        </button>
      </p>
    </>
  )
}
