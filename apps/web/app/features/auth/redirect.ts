/** Only used to resolve paths: never shown, never fetched. */
const HERE = 'http://tulpar.invalid'

/**
 * The one check of every redirect target that comes from a request (`?redirectTo=`, a form field): a path on
 * this site, resolved the way a browser resolves it (tabs and newlines dropped, `\` read as `/`), so
 * `/%09/evil.example` or `/\evil.example` cannot become another site. Answers the normalised path (percent-encoded,
 * safe for a Location header) or `fallback`.
 */
export function safeLocalPath(value: string | null | undefined, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback
  let url: URL
  try {
    url = new URL(value, HERE)
  } catch {
    return fallback
  }
  if (url.origin !== HERE) return fallback
  return `${url.pathname}${url.search}${url.hash}`
}

/** Where to go after signing in: a same-site path from `?redirectTo=`, else the account (never an open redirect). */
export function safeRedirect(value: string | null | undefined, fallback = '/account'): string {
  const path = safeLocalPath(value, fallback)
  // Going back to the sign-in page itself would loop.
  if (path === '/auth' || path.startsWith('/auth?') || path.startsWith('/auth/') || path.startsWith('/auth#'))
    return fallback
  return path
}

/** The sign-in link that returns to `path` afterwards. */
export function signInHref(path: string, mode?: 'register'): string {
  const params = new URLSearchParams()
  if (mode) params.set('mode', mode)
  if (path && path !== '/') params.set('redirectTo', path)
  const q = params.toString()
  return q ? `/auth?${q}` : '/auth'
}
