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
