import { AppError } from '../../lib/errors.ts'

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
export class OwnRoleError extends AppError {
  constructor() {
    super('admin.own_role', 403, 'An admin cannot change their own role')
  }
}
export class AdminTargetError extends AppError {
  constructor() {
    super('admin.target_is_admin', 409, 'Admins are made and unmade with `npm run admin:create`, not here')
  }
}
export class UserNotFoundError extends AppError {
  constructor(id: string) {
    super('user.not_found', 404, `User ${id} not found`)
  }
}
export class BadCursorError extends AppError {
  constructor() {
    super('validation.failed', 400, 'The cursor is not one this API gave out')
  }
}
