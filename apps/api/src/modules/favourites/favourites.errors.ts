import { FAVOURITES_LIMIT } from '@tulpar/contracts'
import { AppError } from '../../lib/errors.ts'

export class FavouritesLimitError extends AppError {
  constructor() {
    super('favourites.limit', 409, `At most ${FAVOURITES_LIMIT} favourites; remove some first`)
  }
}
