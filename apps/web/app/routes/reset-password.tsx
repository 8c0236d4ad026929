import { type FormEvent, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { localeContext } from '#app-context'
import { actionErrorKey } from '../features/auth/action-errors.ts'
import { MIN_PASSWORD_LENGTH } from '../features/auth/api.ts'
import type { MessageKey } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { api } from '../lib/api/client.ts'
import { TextField } from '../ui/field.tsx'
import { useToast } from '../ui/toast.tsx'
import { useHydrated } from '../ui/use-hydrated.ts'
import type { Route } from './+types/reset-password'

export function loader({ context }: Route.LoaderArgs) {
  const locale = context.get(localeContext)
  return { title: translate(MESSAGES[locale], locale, 'auth.newPassword.title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
  // The token is in the address: do not hand it to anyone in a Referer.
  { name: 'referrer', content: 'no-referrer' },
]

type Errors = Partial<Record<'password' | 'repeat', MessageKey>>

/** The password reset email leads here (through better-auth) with `?token=`, or `?error=INVALID_TOKEN`. */
export default function ResetPasswordPage() {
  const { t } = useI18n()
  const toast = useToast()
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const [params] = useSearchParams()
  const token = params.get('token')
  const [broken, setBroken] = useState(!token || params.has('error'))
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found: Errors = {}
    if (!password) found.password = 'validation.required'
    else if (password.length < MIN_PASSWORD_LENGTH) found.password = 'auth.error.weakPassword'
    if (!found.password && repeat !== password) found.repeat = 'auth.newPassword.mismatch'
    setErrors(found)
    if (found.password || found.repeat) return
    setBusy(true)
    const res = await api.request('/api/auth/reset-password', {
      method: 'POST',
      body: { newPassword: password, token },
    })
    if (res.ok) {
      toast.success('notice.passwordChanged')
      await navigate('/auth', { replace: true })
      return
    }
    setBusy(false)
    if (res.code === 'INVALID_TOKEN') setBroken(true)
    toast.error(actionErrorKey(res.code))
  }

  return (
    <div className="auth-card">
      <h1>{t('auth.newPassword.title')}</h1>
      {broken ? (
        <>
          <p className="notice" role="alert">
            {t('auth.newPassword.badLink')}
          </p>
          <Link to="/auth" className="button primary block">
            {t('auth.backToSignIn')}
          </Link>
        </>
      ) : (
        <form method="post" noValidate onSubmit={submit} className="auth-form">
          <p>{t('auth.newPassword.text')}</p>
          <TextField
            label={t('auth.newPassword.field')}
            type="password"
            name="password"
            autoComplete="new-password"
            minLength={MIN_PASSWORD_LENGTH}
            hint={t('auth.passwordHint')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password && t(errors.password)}
            required
          />
          <TextField
            label={t('auth.newPassword.repeat')}
            type="password"
            name="repeat"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            error={errors.repeat && t(errors.repeat)}
            required
          />
          <button type="submit" className="button primary block" disabled={!hydrated || busy} aria-busy={busy}>
            {t('auth.newPassword.submit')}
          </button>
          <p className="auth-switch">
            <Link to="/auth">{t('auth.backToSignIn')}</Link>
          </p>
        </form>
      )}
    </div>
  )
}
