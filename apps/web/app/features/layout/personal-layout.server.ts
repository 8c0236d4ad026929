import type { Services } from '@tulpar/api'
import type { ViewerPart } from '../../lib/layout-data.ts'
import { accountLabel } from '../auth/index.ts'
import { type CityChoice, cityIdOf } from '../city/index.ts'

type SessionUser = NonNullable<Awaited<ReturnType<Services['sessions']['sessionUser']>>>

/**
 * What the header and the hearts show a visitor: their name, hearts, unread count, profile and chosen city (the
 * city dialog's choice from its cookie, else the profile's city). One answer for the layout's loader and for the
 * part added to a signed-in visitor's copy of a car page (lib/page-cache/member-pages.server.ts, decision 035).
 */
export async function personalLayout(
  services: Services,
  user: SessionUser | null,
  cookieChoice: CityChoice | null,
): Promise<ViewerPart> {
  const [[profile], favourites, unread] = user
    ? await Promise.all([
        services.profiles.listMyProfiles(user),
        services.favourites.listFavouriteIds(user),
        services.messaging.countUnread(user),
      ])
    : [[], null, 0]
  const cityChoice = cookieChoice ?? profile?.city ?? null
  return {
    user: user ? { label: accountLabel(user) } : null,
    /** The hearts on every page (at most 500 ids); null for a guest, whose hearts live in the browser. */
    favouriteIds: favourites?.ids ?? null,
    /** Unread messages (the badges on the account link and the bottom navigation's profile). */
    unreadMessages: unread,
    cityChoice,
    cityId: cityIdOf(cityChoice),
    profile: profile ? { id: profile.id, city: profile.city } : null,
  }
}
