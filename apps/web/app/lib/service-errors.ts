import { data } from 'react-router'
import type { MessageKey } from '../i18n/index.ts'

/**
 * A failure a service threw on purpose (the API's AppError): its machine-readable code and its HTTP status.
 * Recognised by shape, not by class: the server bundle and the API package may each hold their own copy of the
 * error classes. The web's one recogniser: routes and features ask this, never `'code' in error`.
 */
export interface ServiceError {
  code: string
  status: number
}

/** The service failure in `error` (an AppError: a string `code` and a numeric `status`), or null for anything else. */
export function serviceError(error: unknown): ServiceError | null {
  if (!(error instanceof Error) || !('code' in error) || !('status' in error)) return null
  const { code, status } = error
  return typeof code === 'string' && typeof status === 'number' ? { code, status } : null
}

/** The code of a service failure, or null for anything else (a bug, a dropped connection). */
export function serviceErrorCode(error: unknown): string | null {
  return serviceError(error)?.code ?? null
}

/** The per-field errors of the API's FieldValidationError (`validation.failed`), else null. */
export function fieldErrorsOf(error: unknown): { field: string; code: string }[] | null {
  if (serviceErrorCode(error) !== 'validation.failed' || !(error instanceof Error) || !('errors' in error)) return null
  const list = error.errors
  if (!Array.isArray(list)) return null
  return list.flatMap((e: unknown) =>
    e && typeof e === 'object' && 'field' in e && 'code' in e ? [{ field: String(e.field), code: String(e.code) }] : [],
  )
}

/**
 * Awaits a service call; a service failure is handed to `onFailure`, which answers it (returns a value, or throws
 * a Response such as `notFound()`) or returns undefined to let it through; its second argument is the error itself
 * (for `fieldErrorsOf`). Anything else is rethrown as it was.
 * The one try/catch for routes whose answer to a failure is a page (404, a redirect) or a value.
 */
export async function whenServiceFails<T, A = never>(
  call: Promise<T> | (() => Promise<T>),
  onFailure: (failure: ServiceError, error: Error) => A | undefined,
): Promise<T | Exclude<A, undefined>> {
  try {
    return await (typeof call === 'function' ? call() : call)
  } catch (error) {
    const failure = serviceError(error)
    const answer = failure ? onFailure(failure, error as Error) : undefined
    if (answer === undefined) throw error
    return answer as Exclude<A, undefined>
  }
}

/**
 * Awaits a service call whose 404 (not there, or not this visitor's) is the page's 404, thrown as `notFound(body)`;
 * any other failure is rethrown as it was. The loaders' one way to say "their not found is ours".
 */
export function orNotFound<T, B = null>(call: Promise<T> | (() => Promise<T>), body?: B): Promise<T> {
  return whenServiceFails(call, ({ status }): undefined => {
    if (status === 404) throw notFound(body)
    return undefined
  })
}

/**
 * Awaits a service call whose failure is the page's answer: the error page with the service's status (the back
 * office's error boundary names 403, 404, 409...). Anything else is rethrown as it was.
 */
export function orStatusPage<T>(call: Promise<T> | (() => Promise<T>)): Promise<T> {
  return whenServiceFails(call, ({ status }): undefined => {
    throw data(null, { status })
  })
}

/** A service call's outcome for a form: its value, or the translated message key of its failure and its status. */
export type FormOutcome<T> = { ok: true; value: T } | { ok: false; error: MessageKey; code: string; status: number }

/**
 * Awaits a service call for a form's action: a service failure whose code `messageOf` knows becomes the form's
 * error (the message key, the service's status); an unknown code and anything else are rethrown.
 */
export async function formOutcome<T>(
  call: Promise<T> | (() => Promise<T>),
  messageOf: (code: string) => MessageKey | undefined,
): Promise<FormOutcome<T>> {
  return whenServiceFails<FormOutcome<T>, FormOutcome<T>>(
    (typeof call === 'function' ? call() : call).then((value) => ({ ok: true, value })),
    ({ code, status }) => {
      const error = messageOf(code)
      return error ? { ok: false, error, code, status } : undefined
    },
  )
}

/** The 404 a loader throws for what is not there (or not for this visitor); `body` is what the error page reads. */
export function notFound<B = null>(body: B = null as B) {
  return data(body, { status: 404 })
}
