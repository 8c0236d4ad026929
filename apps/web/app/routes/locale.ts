import { redirect } from 'react-router'
import { safeLocalPath } from '../features/auth/redirect.ts'
import { isLocale, localeCookie } from '../i18n/locale.server.ts'
import type { Route } from './+types/locale'

/** Saves the chosen language in a cookie (read on the server) and returns to the page. Works without JS. */
export async function action({ request }: Route.ActionArgs) {
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    throw new Response('The form could not be read', { status: 400 })
  }
  const locale = form.get('locale')
  const back = form.get('redirectTo')
  // Bytes that are not UTF-8 (decoded as U+FFFD) come from no page of ours: a clear 400, not a guess.
  if (typeof back === 'string' && back.includes('\uFFFD')) throw new Response('Bad redirect target', { status: 400 })
  const target = safeLocalPath(typeof back === 'string' ? back : null)
  if (!isLocale(locale)) return redirect(target)
  return redirect(target, { headers: { 'Set-Cookie': localeCookie(locale) } })
}

export function loader() {
  return redirect('/')
}
