import { useState } from 'react'
import { Link, useRevalidator } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUser } from '../features/account/account-guard.server.ts'
import { useSignOut } from '../features/account/logout.tsx'
import { actionErrorKey } from '../features/auth/action-errors.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { api } from '../lib/api/client.ts'
import { ignoreAbort } from '../ui/ignore-abort.ts'
import { useToast } from '../ui/toast.tsx'
import { useHydrated } from '../ui/use-hydrated.ts'
import type { Route } from './+types/account-delete'

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context.get(servicesContext).sessions, request, '/account/delete')
  const locale = context.get(localeContext)
  return { title: translate(MESSAGES[locale], locale, 'account.delete.title') }
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

/** Spec section 6: the signed-in user may delete the account; the confirmation says it is permanent. */
export default function DeleteAccount() {
  const { t } = useI18n()
  const toast = useToast()
  const hydrated = useHydrated()
  const revalidator = useRevalidator()
  const signOut = useSignOut()
  const [busy, setBusy] = useState(false)

  async function remove() {
    setBusy(true)
    const res = await api.request('/api/profiles/me/', { method: 'DELETE' })
    if (res.ok) {
      await signOut('notice.accountDeleted')
      return
    }
    setBusy(false)
    if (res.status === 401) return ignoreAbort(revalidator.revalidate())
    toast.error(actionErrorKey(res.code))
  }

  return (
    <div className="container account-delete">
      <div className="panel danger-panel">
        <h1>{t('account.delete.title')}</h1>
        <p>{t('account.delete.text')}</p>
        <div className="dialog-actions">
          <Link to="/account" className="button ghost">
            {t('account.delete.keep')}
          </Link>
          <button
            type="button"
            className="button danger"
            disabled={!hydrated || busy}
            aria-busy={busy}
            onClick={remove}
          >
            {t('account.delete.confirm')}
          </button>
        </div>
      </div>
    </div>
  )
}
