/** The favourites' door: the heart on a car, and a guest's hearts (kept in the browser until sign-in merges them). */
export { FavouriteButton } from './favourite-button.tsx'
export { readGuestFavourites } from './guest-favourites.ts'
export { mergeGuestFavourites } from './merge-guest-favourites.ts'
