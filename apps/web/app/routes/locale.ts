import { redirect } from 'react-router'
import { isLocale, localeCookie } from '../i18n/locale.server.ts'
import type { Route } from './+types/locale'

/** Saves the chosen language in a cookie (read on the server) and returns to the page. Works without JS. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const locale = form.get('locale')
  const back = String(form.get('redirectTo') ?? '/')
  // Only same-site paths: never an open redirect.
  const target = back.startsWith('/') && !back.startsWith('//') ? back : '/'
  if (!isLocale(locale)) return redirect(target)
  return redirect(target, { headers: { 'Set-Cookie': localeCookie(locale) } })
}

export function loader() {
  return redirect('/')
}
