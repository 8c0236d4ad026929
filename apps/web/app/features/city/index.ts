/** The city choice's door: the chosen city's id or choice from the request's cookie, and a choice's city id. */
export { type CityChoice, cityChoiceFromCookie, cityIdFromCookie, cityIdOf } from './city-storage.ts'
