import { data } from 'react-router'
import type { MessageKey, Params } from '../../i18n/i18n.ts'
import { serviceErrorCode } from '../../lib/service-errors.ts'

/** What a refused chat action shows: the text, its parameters, the HTTP status and when to try again. */
export interface ChatError {
  key: MessageKey
  params?: Params
  status: number
  /** Seconds before the next message may go (a 429 over the chat limits). */
  retryAfterSeconds?: number
}

/** The API's codes of the conversations → the text shown and the status; null for anything else. */
export function chatError(error: unknown): ChatError | null {
  const code = serviceErrorCode(error)
  if (code === 'conversation.own_listing') return { key: 'chat.error.own', status: 409 }
  if (code === 'conversation.blocked') return { key: 'chat.error.blocked', status: 409 }
  if (code === 'listing.not_found') return { key: 'chat.error.gone', status: 409 }
  if (code === 'conversation.not_found') return { key: 'chat.error.notFound', status: 404 }
  if (code === 'rate_limited') {
    const seconds =
      error instanceof Error && 'retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number'
        ? Math.max(1, Math.ceil(error.retryAfterSeconds))
        : 60
    // A burst is over in seconds: "wait a little"; an hourly limit says how many minutes.
    return seconds < 60
      ? { key: 'chat.error.tooFast', status: 429, retryAfterSeconds: seconds }
      : {
          key: 'chat.error.tooMany',
          params: { count: Math.ceil(seconds / 60) },
          status: 429,
          retryAfterSeconds: seconds,
        }
  }
  return null
}

/** The headers of a refused chat action's answer: Retry-After for a 429. */
export function chatErrorHeaders(error: ChatError): Record<string, string> {
  return error.retryAfterSeconds ? { 'retry-after': String(error.retryAfterSeconds) } : {}
}

/**
 * A refused chat action's answer for a route's `whenServiceFails`: `bodyOf` shapes the text and its parameters;
 * the status, Retry-After and the route's `headers` come with it. Undefined for any other failure.
 */
export function chatRefusal<B>(
  error: unknown,
  headers: Record<string, string>,
  bodyOf: (text: { key: MessageKey; params?: Params }) => B,
) {
  const refused = chatError(error)
  if (!refused) return undefined
  const text = refused.params ? { key: refused.key, params: refused.params } : { key: refused.key }
  return data<B>(bodyOf(text), { status: refused.status, headers: { ...headers, ...chatErrorHeaders(refused) } })
}

/** A message body as the API takes it (1-2000 characters after trimming), or null. */
export function messageBody(value: FormDataEntryValue | null): string | null {
  const body = typeof value === 'string' ? value.trim() : ''
  return body.length >= 1 && body.length <= 2000 ? body : null
}
