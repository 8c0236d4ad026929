import { fixedError } from '../../lib/errors.ts'

/** A guest asked for what needs a signed-in user. */
export class UnauthorizedError extends fixedError('auth.unauthorized', 401, 'Sign in first') {}
export class StaffOnlyError extends fixedError('admin.forbidden', 403, 'Only moderators and admins may do this') {}
export class AdminOnlyError extends fixedError('admin.admin_only', 403, 'Only admins may do this') {}
