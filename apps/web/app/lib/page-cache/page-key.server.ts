import type { IncomingMessage } from 'node:http'
import { GUEST_API_PATHS, pickLocale } from '@tulpar/api'
import { isCityNeutralPage } from '../city-neutral.ts'
import { type Encoding, preferredEncoding } from '../compression/compression.server.ts'
import { SCRIPTS_COOKIE } from './scripts-cookie.server.ts'

/*
 * Which requests the guests' page cache may answer, and under which key (decision 019): the path (a page, or one of
 * the API reads whose route keeps guests' answers), the cookies a guest's page may depend on, the encoding.
 */

/**
 * The cookies a guest's page may depend on (and the visitor id and the scripts mark, which it does not:
 * scripts-cookie.server.ts); any other one skips the cache.
 */
export const GUEST_COOKIES = new Set(['locale', 'city', 'tulpar_vid', SCRIPTS_COOKIE])

/** better-auth's cookies (prefix `tulpar`, apps/api/src/modules/identity/auth.ts), `__Secure-` over HTTPS. */
export const SESSION_COOKIE = /^(?:__Secure-)?tulpar\.(session_token|session_data|dont_remember)$/

/** The cookies by name; null when one is neither a guest's nor (with `session`) better-auth's. */
function parseCookies(header: string | undefined, session = false): Map<string, string> | null {
  const cookies = new Map<string, string>()
  for (const part of (header ?? '').split(';')) {
    const trimmed = part.trim()
    if (!trimmed) continue
    const eq = trimmed.indexOf('=')
    const name = eq < 0 ? trimmed : trimmed.slice(0, eq)
    if (!GUEST_COOKIES.has(name) && !(session && SESSION_COOKIE.test(name))) return null
    cookies.set(name, eq < 0 ? '' : trimmed.slice(eq + 1))
  }
  return cookies
}

/** Whether the path is a page or a page's data (`.data`), not the API, media, assets or another file. */
export function isPagePath(path: string): boolean {
  if (path.startsWith('/api/') || path === '/api' || path.startsWith('/media/') || path.startsWith('/assets/'))
    return false
  const last = path.slice(path.lastIndexOf('/') + 1)
  return !last.includes('.') || last.endsWith('.data')
}

/** The language an API answer is in: `?lang=`, then Accept-Language (as the API picks it, lib/locale.ts). */
function apiLocaleOf(url: string, acceptLanguage: string | undefined): string {
  const query = url.indexOf('?')
  const lang = query < 0 ? null : new URLSearchParams(url.slice(query + 1)).get('lang')
  return pickLocale(lang, acceptLanguage)
}

/** The encoding a key's page is kept in: its first part (guestPageKey). */
export function encodingOfKey(key: string): Encoding {
  return key.slice(0, key.indexOf('|')) as Encoding
}

/**
 * The cache key of a guest's request (encoding | language | city, for the pages that depend on it | URL), or null
 * when the request must not use the cache: pages, and the few API reads whose route keeps guests' answers
 * (GUEST_API_PATHS: a car's details and the search, asked for by every app screen). Those API answers are the same
 * for whoever asks (no route of them reads a session), so a signed-in reader's request, with its session cookie or
 * bearer token, has the same key as a guest's: it is answered from the guests' copy and fills it (decision 019,
 * issue 39). Pages show the visitor and are never keyed for one.
 */
export function guestPageKey(request: {
  method?: string | undefined
  url?: string | undefined
  headers: IncomingMessage['headers']
}): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null
  // Every request passes here (the front door): what the path rules out is ruled out before cookies are read.
  const url = request.url ?? ''
  const path = url.split('?', 1)[0] ?? ''
  if (path.startsWith('/api/')) {
    // Any other cookie skips the cache, as for pages (a client that must see the database's answer sends one).
    if (!GUEST_API_PATHS.some((pattern) => pattern.test(path)) || !parseCookies(request.headers.cookie, true))
      return null
    // The API answers in the language asked for, whatever the cookies or credential; the city is not part of it.
    const encoding = preferredEncoding(request.headers['accept-encoding'])
    return [encoding, `api:${apiLocaleOf(url, request.headers['accept-language'])}`, '', url].join('|')
  }
  if (request.headers.authorization || !isPagePath(path)) return null
  const cookies = parseCookies(request.headers.cookie)
  if (!cookies) return null
  const encoding = preferredEncoding(request.headers['accept-encoding'])
  // A `?lang=` link sets the language cookie (a Set-Cookie answer, never stored); the key still names it. A page the
  // same in every city (a car's, the catalogue's: lib/city-neutral.ts) is kept once for all of them.
  const city = isCityNeutralPage(path) ? '' : (cookies.get('city') ?? '')
  return [encoding, cookies.get('locale') ?? '', city, url].join('|')
}
