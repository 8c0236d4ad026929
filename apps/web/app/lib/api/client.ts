/*
 * The browser's client for our REST API (spec sections 4 and 7). The web signs in with an HttpOnly cookie,
 * which goes along by itself; a token stored under `token` in local storage (the hybrid app's shell, or the
 * old site's key) is sent as the bearer credential, and a 401 while one is stored drops it and reloads the
 * page logged out.
 */

import { problemCode } from './problem.ts'
import { TOKEN_KEY } from './token-key.ts'

export { TOKEN_KEY }

/**
 * The answer of one call: never thrown, so every caller decides which message to show. `data` is the parsed
 * body, unchecked: callers narrow it before use.
 */
export interface ApiResult {
  ok: boolean
  status: number
  data: unknown
  /** The error code: `code` of problem+json or of better-auth's `{ code, message }`; `network` when offline. */
  code: string | null
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type Query = Record<string, string | number | boolean | null | undefined>

export interface RequestOptions {
  method?: Method
  /** JSON-encoded, except a Blob (a file), which is sent as it is with its own content type. */
  body?: unknown
  query?: Query
}

type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** What the client needs from the browser (tests give their own). */
export interface ClientEnvironment {
  fetch: (input: string, init: RequestInit) => Promise<Response>
  /** Local storage, or null where there is none (server rendering, storage disabled). */
  storage: () => TokenStorage | null
  reload: () => void
}

function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const q = params.toString()
  return q ? `${path}${path.includes('?') ? '&' : '?'}${q}` : path
}

export function createApiClient(env: ClientEnvironment) {
  function storage(): TokenStorage | null {
    try {
      return env.storage()
    } catch {
      // Storage can throw (disabled cookies, private modes): then there is simply no stored token.
      return null
    }
  }

  /** The stored product token, if any. */
  function getToken(): string | null {
    return storage()?.getItem(TOKEN_KEY) || null
  }

  /** Spec 4: setting a token changes every following request; null removes it (sign-out). */
  function setToken(token: string | null): void {
    const s = storage()
    if (!s) return
    if (token) s.setItem(TOKEN_KEY, token)
    else s.removeItem(TOKEN_KEY)
  }

  /** One call; errors come back as `{ ok: false, code }`. */
  async function request(path: string, { method = 'GET', body, query }: RequestOptions = {}): Promise<ApiResult> {
    const token = getToken()
    const headers: Record<string, string> = { accept: 'application/json' }
    if (token) headers.authorization = `Bearer ${token}`
    let payload: BodyInit | undefined
    if (body instanceof Blob) {
      payload = body
      headers['content-type'] = body.type || 'application/octet-stream'
    } else if (body !== undefined) {
      payload = JSON.stringify(body)
      headers['content-type'] = 'application/json'
    }
    let res: Response
    try {
      res = await env.fetch(withQuery(path, query), { method, headers, body: payload, credentials: 'same-origin' })
    } catch {
      return { ok: false, status: 0, data: null, code: 'network' }
    }
    // Spec 4: the stored token is no longer valid: forget it and start again logged out.
    if (res.status === 401 && token) {
      setToken(null)
      env.reload()
    }
    let json: unknown = null
    if (res.status !== 204) {
      try {
        json = await res.json()
      } catch {
        // an empty or non-JSON body
      }
    }
    if (res.ok) return { ok: true, status: res.status, data: json, code: null }
    return { ok: false, status: res.status, data: null, code: problemCode(json, res.status) }
  }

  /*
   * Spec 7's wrappers: errors are swallowed and give null. GET answers the `results` field when there is
   * one (paged lists), else the body.
   */
  async function get(path: string, query?: Query): Promise<unknown> {
    const { ok, data } = await request(path, { query })
    if (!ok || data === null || data === undefined) return null
    return typeof data === 'object' && 'results' in data ? data.results : data
  }
  const body = async (res: Promise<ApiResult>) => {
    const { ok, data } = await res
    return ok ? (data ?? null) : null
  }
  const post = (path: string, payload: unknown = {}) => body(request(path, { method: 'POST', body: payload }))
  const patch = (path: string, payload: unknown) => body(request(path, { method: 'PATCH', body: payload }))
  const del = (path: string) => body(request(path, { method: 'DELETE' }))

  return { request, get, post, patch, del, getToken, setToken }
}
export type ApiClient = ReturnType<typeof createApiClient>

/** The page's client: same-origin calls, the token in local storage. */
export const api: ApiClient = createApiClient({
  fetch: (input, init) => fetch(input, init),
  storage: () => (typeof window === 'undefined' ? null : window.localStorage),
  reload: () => window.location.reload(),
})
