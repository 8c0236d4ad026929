/** The app's own URL scheme (AndroidManifest.xml, Info.plist): `kz.tulpar.auto://open#/cars/123`. */
const APP_SCHEME = 'kz.tulpar.auto:'

/** A path of this site only: starts with one slash (`//host` would leave it) and has no backslash tricks. */
function ownPath(path: string): string | null {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : null
}

/**
 * The screen a link opens in the app, or null when it is not ours (spec 4: a deep link at launch is pushed as
 * the route taken from after the hash). `…#/cars/123` from any of our links gives `/cars/123`; an app link to
 * the site (`https://tulpar.kz/cars/123?x=1`) gives its path and query; anything else (another site, a bare
 * `#top`) gives null.
 */
export function routeFromLink(link: string, siteOrigin: string): string | null {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return null
  }
  const ours = url.origin === siteOrigin || url.protocol === APP_SCHEME
  if (!ours) return null
  if (url.hash.startsWith('#/')) return ownPath(url.hash.slice(1))
  if (url.protocol === APP_SCHEME)
    return url.pathname && url.pathname !== '/' ? ownPath(`${url.pathname}${url.search}`) : null
  return url.pathname === '/' && !url.search ? null : ownPath(`${url.pathname}${url.search}`)
}

/** Where a tapped notification goes: its `url` (our FCM messages carry `data.url`), when it is one of our pages. */
export function routeFromNotification(data: unknown, siteOrigin: string): string | null {
  if (typeof data !== 'object' || data === null || !('url' in data) || typeof data.url !== 'string') return null
  if (data.url.startsWith('/')) return ownPath(data.url)
  return routeFromLink(data.url, siteOrigin)
}
