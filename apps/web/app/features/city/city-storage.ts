/** Spec: the chosen city id is kept in local storage; a cookie lets the server render it too. */
export const CITY_STORAGE_KEY = 'cityId'
export const CITY_COOKIE = 'city'

export function readStoredCityId(): number | null {
  const raw = window.localStorage.getItem(CITY_STORAGE_KEY)
  const id = raw ? Number(raw) : Number.NaN
  return Number.isInteger(id) && id > 0 ? id : null
}

export function storeCityId(id: number): void {
  window.localStorage.setItem(CITY_STORAGE_KEY, String(id))
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie, read by the server
  document.cookie = `${CITY_COOKIE}=${id}; Path=/; Max-Age=31536000; SameSite=Lax`
}

/** Reads the city cookie on the server. */
export function cityIdFromCookie(cookieHeader: string | null): number | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [k, v] = part.trim().split('=')
    if (k === CITY_COOKIE) {
      const id = Number(v)
      return Number.isInteger(id) && id > 0 ? id : null
    }
  }
  return null
}
