import type { Services } from '@tulpar/api'
import type { ViewerPart } from '../../lib/layout-data.ts'
import { accountLabel } from '../auth/index.ts'
import { type CityChoice, cityIdOf } from '../city/index.ts'

type SessionUser = NonNullable<Awaited<ReturnType<Services['sessions']['sessionUser']>>>

/** What the database says about a signed-in visitor's own part (the same whatever city cookie they send). */
export interface ViewerFacts {
  label: string
  favouriteIds: number[]
  unreadMessages: number
  profile: { id: number; city: number | null } | null
}

/** The visitor's name, hearts, unread count and profile: three queries (decision 035 keeps them a few seconds). */
export async function viewerFacts(services: Services, user: SessionUser): Promise<ViewerFacts> {
  const [[profile], favourites, unread] = await Promise.all([
    services.profiles.listMyProfiles(user),
    services.favourites.listFavouriteIds(user),
    services.messaging.countUnread(user),
  ])
  return {
    label: accountLabel(user),
    favouriteIds: favourites.ids,
    unreadMessages: unread,
    profile: profile ? { id: profile.id, city: profile.city } : null,
  }
}

/**
 * What the header and the hearts show a visitor: their name, hearts, unread count, profile and chosen city (the
 * city dialog's choice from its cookie, else the profile's city); a guest's (`facts` null) has no name and hearts
 * that live in the browser. One answer for the layout's loader and for the part added to a signed-in visitor's copy
 * of a car page (lib/page-cache/member-pages.server.ts, decision 035).
 */
export function viewerPart(facts: ViewerFacts | null, cookieChoice: CityChoice | null): ViewerPart {
  const cityChoice = cookieChoice ?? facts?.profile?.city ?? null
  return {
    user: facts ? { label: facts.label } : null,
    /** The hearts on every page (at most 500 ids); null for a guest, whose hearts live in the browser. */
    favouriteIds: facts?.favouriteIds ?? null,
    /** Unread messages (the badges on the account link and the bottom navigation's profile). */
    unreadMessages: facts?.unreadMessages ?? 0,
    cityChoice,
    cityId: cityIdOf(cityChoice),
    profile: facts?.profile ?? null,
  }
}

/** The layout loader's part for `user` (null: a guest). */
export async function personalLayout(
  services: Services,
  user: SessionUser | null,
  cookieChoice: CityChoice | null,
): Promise<ViewerPart> {
  return viewerPart(user ? await viewerFacts(services, user) : null, cookieChoice)
}
