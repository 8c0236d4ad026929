import { AppError } from '../../lib/errors.ts'

/** Unknown, or not one of the caller's: the same answer, so nothing leaks about other people's talks. */
export class ConversationNotFoundError extends AppError {
  constructor(id: number) {
    super('conversation.not_found', 404, `Conversation ${id} not found`)
  }
}

export class OwnListingError extends AppError {
  constructor() {
    super('conversation.own_listing', 403, 'This is your own listing')
  }
}

export class ConversationBlockedError extends AppError {
  constructor() {
    super('conversation.blocked', 409, 'This conversation is blocked: no more messages can be sent')
  }
}

export class ReportNotFoundError extends AppError {
  constructor(id: number) {
    super('report.not_found', 404, `Open report ${id} not found`)
  }
}
