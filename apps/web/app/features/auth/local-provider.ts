/*
 * The server's local identity provider (LOCAL_ID_PROVIDER: the embedded demo and tests) stands in for Google
 * and Apple when they are not configured: its page (/api/dev/idp/{provider}/authorize) sends the browser back to
 * /auth with the identity token in the URL fragment, which never reaches a server or a log.
 */

export type LocalProviderName = 'google' | 'apple'

/** The local provider's page, coming back to /auth with the same `redirectTo`. */
export function localProviderUrl(provider: LocalProviderName, locale: string, redirectTo: string | null): string {
  const query = new URLSearchParams({ lang: locale, ...(redirectTo ? { redirectTo } : {}) })
  return `/api/dev/idp/${provider}/authorize?${query}`
}

/** The identity token the local provider left in the fragment, removed from the address bar; null when none. */
export function takeLocalIdToken(): string | null {
  const hash = window.location.hash.slice(1)
  if (!hash.includes('id_token=')) return null
  const idToken = new URLSearchParams(hash).get('id_token')
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
  return idToken || null
}
