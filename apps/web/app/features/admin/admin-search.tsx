import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'

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

/** One of a list's filters in its search: a labelled select whose first option (value '') shows everything. */
export function AdminFilter(props: {
  id: string
  name: string
  label: string
  value: string
  /** The first option's text: all the list, unfiltered. */
  all: string
  options: { value: string; label: string }[]
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} name={props.name} defaultValue={props.value}>
        <option value="">{props.all}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

/** A back-office list's next page (its URL keeps the search), or nothing on the last page. */
export function AdminNextPage({ href, label }: { href: string | null; label: string }) {
  if (!href) return null
  return (
    <nav className="admin-pager">
      <Link to={href} className="button ghost">
        {label}
      </Link>
    </nav>
  )
}
