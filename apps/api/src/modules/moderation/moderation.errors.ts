import { AppError, fixedError, notFoundByIdError } from '../../lib/errors.ts'

export class NotInModerationError extends AppError {
  constructor(id: number, status: string) {
    super('moderation.not_in_moderation', 409, `Listing ${id} is ${status}, not waiting in moderation`)
  }
}
export class NotPublishedError extends AppError {
  constructor(id: number, status: string) {
    super('moderation.not_published', 409, `Listing ${id} is ${status}, not published`)
  }
}
export class OwnRoleError extends fixedError('admin.own_role', 403, 'An admin cannot change their own role') {}
export class AdminTargetError extends fixedError(
  'admin.target_is_admin',
  409,
  'Admins are made and unmade with `npm run admin:create`, not here',
) {}
export class UserNotFoundError extends notFoundByIdError<string>('user.not_found', 'User') {}
export class BadCursorError extends fixedError('validation.failed', 400, 'The cursor is not one this API gave out') {}
