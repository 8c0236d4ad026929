import { useEffect } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useToast } from '../../ui/toast.tsx'
import { api } from '../api/client.ts'

/** The query the layout's loader adds when it ended a session of an account deleted on another device. */
export const ACCOUNT_DELETED_PARAM = 'account'
export const ACCOUNT_DELETED_VALUE = 'deleted'

/**
 * Spec 4, deleted profile: "an error is shown, the user is logged out, taken home". The server has ended the
 * session and sent the browser home; this shows the error, forgets a stored token and cleans the address.
 */
export function useDeletedAccountNotice(): void {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const toast = useToast()
  const deleted = params.get(ACCOUNT_DELETED_PARAM) === ACCOUNT_DELETED_VALUE
  useEffect(() => {
    if (!deleted) return
    api.setToken(null)
    toast.error('ux2.account.deleted')
    void navigate('/', { replace: true })
  }, [deleted, toast, navigate])
}
