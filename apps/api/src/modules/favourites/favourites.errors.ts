import { FAVOURITES_LIMIT } from '@tulpar/contracts'
import { fixedError } from '../../lib/errors.ts'

export class FavouritesLimitError extends fixedError(
  'favourites.limit',
  409,
  `At most ${FAVOURITES_LIMIT} favourites; remove some first`,
) {}
