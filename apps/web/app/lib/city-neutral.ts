/**
 * The pages that are the same whatever city the visitor chose (issue 39): a car page (its car is the same car
 * wherever the visitor is) and the catalogue (its lists follow the URL's city, never the cookie's). On them only the
 * layout's marks of the choice depend on the city (the header's chip and the menus' catalogue links), and the
 * browser fills those from the choice it keeps after hydration (features/city/use-city-choice.ts). So the layout's
 * loader does not read the city for them (routes/layout.tsx) and the guests' cache keeps one copy of each for every
 * city (page-key.server.ts): with a key per city, 26 cities and "all Kazakhstan" each rendered and kept their own
 * copy of the same page. The home page's lists are the cookie's city: it is not one of them.
 */
export function isCityNeutralPage(path: string): boolean {
  return CITY_NEUTRAL.test(path)
}

/** `/cars/{id}` and `/auto[/{a}[/{b}[/{c}]]]`, as documents or as their data (`.data`). */
const CITY_NEUTRAL = /^(?:\/cars\/[1-9]\d{0,9}|\/auto(?:\/[^/.]+){0,3})(?:\.data)?$/
