import { fixedError, notFoundByIdError } from '../../lib/errors.ts'

/** Unknown, or not one of the caller's: the same answer, so nothing leaks about other people's talks. */
export class ConversationNotFoundError extends notFoundByIdError<number>('conversation.not_found', 'Conversation') {}

export class OwnListingError extends fixedError('conversation.own_listing', 403, 'This is your own listing') {}

export class ConversationBlockedError extends fixedError(
  'conversation.blocked',
  409,
  'This conversation is blocked: no more messages can be sent',
) {}

export class ReportNotFoundError extends notFoundByIdError<number>('report.not_found', 'Open report') {}
