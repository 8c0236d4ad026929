import { problemCode } from '../../lib/api/problem.ts'

/** One answer; never thrown. `code` is problem+json's `code`, `network` when offline. */
export interface ApiResult<T> {
  ok: boolean
  status: number
  data: T | null
  code: string | null
}

/*
 * Browser calls for the photo step. Uploads go through XMLHttpRequest because fetch reports no upload progress;
 * the answers have the same shape as callApi's.
 */

/** JSON call (PUT included, which callApi does not speak). Never throws. */
export async function sellerCall<T>(
  path: string,
  method: 'POST' | 'PUT' | 'DELETE',
  body?: unknown,
): Promise<ApiResult<T>> {
  try {
    const res = await fetch(path, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    })
    const json: unknown = await res.json().catch(() => null)
    if (res.ok) return { ok: true, status: res.status, data: json as T, code: null }
    return { ok: false, status: res.status, data: null, code: problemCode(json, res.status) }
  } catch {
    return { ok: false, status: 0, data: null, code: 'network' }
  }
}

/** Sends one file as multipart part `photos`, reporting the share sent (0..1). Never throws. */
export function uploadPhoto<T>(path: string, file: File, onProgress: (share: number) => void): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', path)
    xhr.responseType = 'json'
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total)
    }
    xhr.onload = () => {
      const json: unknown = xhr.response
      if (xhr.status >= 200 && xhr.status < 300) resolve({ ok: true, status: xhr.status, data: json as T, code: null })
      else resolve({ ok: false, status: xhr.status, data: null, code: problemCode(json, xhr.status) })
    }
    xhr.onerror = () => resolve({ ok: false, status: 0, data: null, code: 'network' })
    const form = new FormData()
    form.append('photos', file, file.name)
    xhr.send(form)
  })
}
