import type { ReactNode } from 'react'
import { Form } from 'react-router'

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
