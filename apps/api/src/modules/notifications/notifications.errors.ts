import { AppError } from '../../lib/errors.ts'

export class UnsubscribeLinkError extends AppError {
  constructor() {
    super('unsubscribe.invalid', 400, 'This unsubscribe link is not valid')
  }
}
