/** The city choice's door: the chosen city's id from the request's cookie. */
export { cityIdFromCookie } from './city-storage.ts'
