/** Spec: the chosen city id is kept in local storage; a cookie lets the server render it too. */
const CITY_STORAGE_KEY = 'cityId'
const CITY_COOKIE = 'city'

/** "Весь Казахстан" chosen on purpose: a choice like a city, so the start-up dialog does not ask again. */
export const ALL_KAZAKHSTAN = 'all'
export type CityChoice = number | typeof ALL_KAZAKHSTAN

function parseChoice(raw: string | null | undefined): CityChoice | null {
  if (raw === ALL_KAZAKHSTAN) return ALL_KAZAKHSTAN
  const id = raw ? Number(raw) : Number.NaN
  return Number.isInteger(id) && id > 0 ? id : null
}

/** The city of a choice, or null for all Kazakhstan (and for no choice). */
export function cityIdOf(choice: CityChoice | null): number | null {
  return choice === ALL_KAZAKHSTAN ? null : choice
}

export function readStoredCity(): CityChoice | null {
  return parseChoice(window.localStorage.getItem(CITY_STORAGE_KEY))
}

/** The Set-Cookie value of a choice (also set by the server when "my city" is saved on the account page). */
export function cityCookie(choice: CityChoice): string {
  return `${CITY_COOKIE}=${choice}; Path=/; Max-Age=31536000; SameSite=Lax`
}

/** Sent when this page stores a choice: what shows the choice of the cookie reads it again (use-city-choice.ts). */
export const CITY_EVENT = 'tulpar:city'

export function storeCity(choice: CityChoice): void {
  window.localStorage.setItem(CITY_STORAGE_KEY, String(choice))
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie, read by the server
  document.cookie = cityCookie(choice)
  dispatchEvent(new Event(CITY_EVENT))
}

/** The city cookie's value in a Cookie header or `document.cookie`. */
const CITY_COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${CITY_COOKIE}=([^;]*)`)

/** Reads the city cookie (a request's, or the browser's): a city id, all Kazakhstan, or null when nothing was chosen. */
export function cityChoiceFromCookie(cookieHeader: string | null): CityChoice | null {
  return parseChoice(CITY_COOKIE_VALUE.exec(cookieHeader ?? '')?.[1])
}

/** The chosen city's id from the cookie; null for all Kazakhstan or no choice. */
export function cityIdFromCookie(cookieHeader: string | null): number | null {
  return cityIdOf(cityChoiceFromCookie(cookieHeader))
}
