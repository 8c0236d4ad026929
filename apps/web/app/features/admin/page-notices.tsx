import type { ReactNode } from 'react'
import { Form } from 'react-router'
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

/**
 * A back-office list's search (a GET form, so the URL says what is shown): the text field `q`, the list's own
 * filters (`children`), and the button.
 */
export function AdminSearch(props: { id: string; label: string; q: string; submit: string; children?: ReactNode }) {
  return (
    <Form method="get" className="users-search" role="search">
      <div className="field">
        <label htmlFor={props.id}>{props.label}</label>
        <input id={props.id} name="q" type="search" defaultValue={props.q} maxLength={100} />
      </div>
      {props.children}
      <button type="submit" className="button primary">
        {props.submit}
      </button>
    </Form>
  )
}
