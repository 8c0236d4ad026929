import { useCallback } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useToast } from '../../ui/toast.tsx'
import { safeRedirect } from './redirect.ts'

/** After a successful sign-in: the 'signed in' notice, then `?redirectTo` (same-site paths only) or /account. */
export function useFinishSignIn(): () => Promise<void> {
  const navigate = useNavigate()
  const toast = useToast()
  const [params] = useSearchParams()
  const redirectTo = params.get('redirectTo')
  return useCallback(async () => {
    toast.success('notice.signedIn')
    await navigate(safeRedirect(redirectTo), { replace: true })
  }, [navigate, toast, redirectTo])
}
