import { cityIdFromCookie } from '../city/index.ts'

/**
 * The slug of the city chosen in the city dialog (its cookie), or null when none is known. The city chooser
 * copies a profile's city into the cookie on the first page, so the cookie is the one place to read.
 */
export function currentCitySlug(request: Request, cities: readonly { id: number; slug: string }[]): string | null {
  const id = cityIdFromCookie(request.headers.get('cookie'))
  return id === null ? null : (cities.find((c) => c.id === id)?.slug ?? null)
}
