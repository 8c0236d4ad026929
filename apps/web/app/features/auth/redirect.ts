/** Where to go after signing in: a same-site path from `?redirectTo=`, else the account (never an open redirect). */
export function safeRedirect(value: string | null | undefined, fallback = '/account'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
  // Going back to the sign-in page itself would loop.
  if (value === '/auth' || value.startsWith('/auth?') || value.startsWith('/auth/')) return fallback
  return value
}

/** The sign-in link that returns to `path` afterwards. */
export function signInHref(path: string, mode?: 'register'): string {
  const params = new URLSearchParams()
  if (mode) params.set('mode', mode)
  if (path && path !== '/') params.set('redirectTo', path)
  const q = params.toString()
  return q ? `/auth?${q}` : '/auth'
}
