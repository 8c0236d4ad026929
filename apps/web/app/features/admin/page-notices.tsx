import type { ReactNode } from 'react'
import type { MessageKey } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'

/**
 * The back office's lines under a page's title: what was just done (a status) and what the last post was refused
 * for (an alert, a message key). Either may be absent; nothing is drawn for an absent one.
 */
export function AdminNotices({ notice, error }: { notice?: ReactNode; error?: MessageKey | null }) {
  const { t } = useI18n()
  return (
    <>
      {notice ? (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {t(error)}
        </p>
      ) : null}
    </>
  )
}
