import type { ReactNode } from 'react'

/**
 * The lines under a page's title after a form post: what it did (a status) and what it was refused for (an alert).
 * Each is already in the reader's language; nothing is drawn for an absent one. The back office has its own look
 * (features/admin/page-notices.tsx).
 */
export function FormNotices({ done, error }: { done?: ReactNode; error?: ReactNode }) {
  return (
    <>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {done ? (
        <p className="form-success" role="status">
          {done}
        </p>
      ) : null}
    </>
  )
}
