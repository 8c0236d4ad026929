import { useState } from 'react'
import { useNavigate, useRevalidator } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { api } from '../../lib/api/client.ts'
import { Dialog } from '../../ui/dialog.tsx'
import { ignoreAbort } from '../../ui/ignore-abort.ts'
import { useToast } from '../../ui/toast.tsx'
import { useHydrated } from '../../ui/use-hydrated.ts'

/** Ends the session (spec: the user is signed out even if the call fails), then home with the guest header. */
export function useSignOut(): (notice?: 'notice.signedOut' | 'notice.accountDeleted') => Promise<void> {
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const toast = useToast()
  return async (notice = 'notice.signedOut') => {
    await api.request('/api/auth/sign-out', { method: 'POST', body: {} })
    // Spec 4: the user, profile and token are gone even when the sign-out call failed.
    api.setToken(null)
    toast.success(notice)
    await navigate('/', { replace: true })
    // The header's user comes from the layout's loader, which a plain navigation does not re-run.
    await ignoreAbort(revalidator.revalidate())
  }
}

/** Spec section 2: logout asks for confirmation. */
export function LogoutButton() {
  const { t } = useI18n()
  const hydrated = useHydrated()
  const signOut = useSignOut()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  return (
    <>
      <button type="button" className="button ghost" disabled={!hydrated} onClick={() => setOpen(true)}>
        {t('account.logout')}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} labelledBy="logout-title" describedBy="logout-text">
        <div className="dialog-body">
          <h2 id="logout-title">{t('account.logout.title')}</h2>
          <p id="logout-text">{t('account.logout.text')}</p>
          <div className="dialog-actions">
            <button type="button" className="button ghost" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="button primary"
              disabled={busy}
              aria-busy={busy}
              onClick={async () => {
                setBusy(true)
                setOpen(false)
                await signOut()
              }}
            >
              {t('account.logout')}
            </button>
          </div>
        </div>
      </Dialog>
    </>
  )
}
