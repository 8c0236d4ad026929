import { type FormEvent, useEffect, useState } from 'react'
import type { MessageKey } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { api } from '../../lib/api/client.ts'
import { Dialog } from '../../ui/dialog.tsx'
import { TextField } from '../../ui/field.tsx'
import { useToast } from '../../ui/toast.tsx'
import { actionErrorKey } from './action-errors.ts'
import { looksLikeEmail } from './api.ts'

/**
 * Password recovery (spec sections 2 and 5): the email is checked first; an unknown one gets the no-user
 * error and nothing is sent. The link in the email comes back to /auth/reset-password?token=...
 */
export function ResetPasswordDialog({
  open,
  onClose,
  initialEmail,
}: {
  open: boolean
  onClose: () => void
  initialEmail: string
}) {
  const { t } = useI18n()
  const toast = useToast()
  const [email, setEmail] = useState(initialEmail)
  const [error, setError] = useState<MessageKey | null>(null)
  const [busy, setBusy] = useState(false)

  // biome-ignore lint/correctness/useExhaustiveDependencies: start from the sign-in form's email each time it opens
  useEffect(() => {
    if (open) {
      setEmail(initialEmail)
      setError(null)
    }
  }, [open])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const address = email.trim()
    if (!address) return setError('validation.required')
    if (!looksLikeEmail(address)) return setError('auth.error.invalidEmail')
    setBusy(true)
    setError(null)
    const exists = await api.request('/api/profiles/check-is-user-exist/', {
      method: 'POST',
      body: { email: address },
    })
    const registered =
      typeof exists.data === 'object' &&
      exists.data !== null &&
      'success' in exists.data &&
      exists.data.success === true
    if (!exists.ok || !registered) {
      setBusy(false)
      if (exists.ok) return setError('auth.error.noUser')
      return setError(exists.code === 'validation.failed' ? 'auth.error.invalidEmail' : actionErrorKey(exists.code))
    }
    const sent = await api.request('/api/auth/request-password-reset', {
      method: 'POST',
      body: { email: address, redirectTo: `${window.location.origin}/auth/reset-password` },
    })
    setBusy(false)
    if (!sent.ok) return setError(actionErrorKey(sent.code))
    onClose()
    toast.success('notice.resetSent')
  }

  return (
    <Dialog open={open} onClose={onClose} labelledBy="reset-title" describedBy="reset-text">
      <form method="post" noValidate onSubmit={submit} className="dialog-body">
        <h2 id="reset-title">{t('auth.reset.title')}</h2>
        <p id="reset-text">{t('auth.reset.text')}</p>
        <TextField
          label={t('auth.email')}
          type="email"
          name="reset-email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error && t(error)}
          required
        />
        <div className="dialog-actions">
          <button type="button" className="button ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
            {t('auth.reset.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
