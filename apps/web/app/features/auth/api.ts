/** The answer of a browser call to our REST API (same origin: the session cookie goes along). */
export interface ApiResult<T> {
  ok: boolean
  status: number
  data: T | null
  /** The error code: `code` of problem+json or of better-auth's `{ code, message }`; `network` when offline. */
  code: string | null
}

/** JSON call to the API from the browser. Never throws: errors come back as `{ ok: false, code }`. */
export async function callApi<T = unknown>(
  path: string,
  { method = 'POST', body }: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown } = {},
): Promise<ApiResult<T>> {
  try {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    })
    let json: unknown = null
    try {
      json = await res.json()
    } catch {
      // an empty or non-JSON body
    }
    if (res.ok) return { ok: true, status: res.status, data: json as T, code: null }
    const err = (json ?? {}) as { code?: unknown; error?: unknown }
    const code = typeof err.code === 'string' ? err.code : typeof err.error === 'string' ? err.error : null
    return { ok: false, status: res.status, data: null, code: code ?? `http.${res.status}` }
  } catch {
    return { ok: false, status: 0, data: null, code: 'network' }
  }
}

/** A loose email check before asking the server (which has the final word). */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())
}

export const MIN_PASSWORD_LENGTH = 6
