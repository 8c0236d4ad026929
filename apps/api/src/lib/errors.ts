/** A failure the API reports to the client with its own status and machine-readable code. */
export class AppError extends Error {
  readonly code: string
  readonly status: number
  constructor(code: string, status: number, message: string) {
    super(message)
    this.code = code
    this.status = status
    this.name = new.target.name
  }
}

/**
 * The base of a typed error whose code, status and message never vary, so that each stays a named class in one line:
 * `export class OwnRoleError extends fixedError('admin.own_role', 403, 'An admin cannot change their own role') {}`.
 */
export function fixedError(code: string, status: number, message: string) {
  return class extends AppError {
    constructor() {
      super(code, status, message)
    }
  }
}

/** The base of a typed 404 for one thing by its id ("Lead 7 not found"): `extends notFoundByIdError<number>('lead.not_found', 'Lead') {}`. */
export function notFoundByIdError<Id extends number | string>(code: string, what: string) {
  return class extends AppError {
    constructor(id: Id) {
      super(code, 404, `${what} ${id} not found`)
    }
  }
}

export class NotFoundError extends AppError {
  constructor(what: string) {
    super('not_found', 404, `${what} not found`)
  }
}

/** A 400 with per-field errors (problem+json `errors`), for rules a schema alone cannot express. */
export class FieldValidationError extends AppError {
  readonly errors: { field: string; code: string; message: string }[]
  constructor(errors: { field: string; code: string; message: string }[]) {
    super('validation.failed', 400, 'Some fields are invalid')
    this.errors = errors
  }
}
