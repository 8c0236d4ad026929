/**
 * The city choice's door: the chosen city's id or choice from the request's cookie, a choice's city id, and the
 * choice a page's layout shows.
 */
export { type CityChoice, cityChoiceFromCookie, cityIdFromCookie, cityIdOf } from './city-storage.ts'
export { useCityChoice } from './use-city-choice.ts'
