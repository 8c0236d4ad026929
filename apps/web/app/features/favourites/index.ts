/**
 * The favourites' door: the heart on a car, and a guest's hearts (kept in the browser). Saving those hearts to the
 * account after sign-in (merge-guest-favourites.ts) is loaded on demand by auth's session effects, not through this
 * door: the door is on every page (the layout reads the hearts), and naming the merge here took the API client into
 * every page's shell chunk.
 */
export { FavouriteButton } from './favourite-button.tsx'
export { readGuestFavourites } from './guest-favourites.ts'
