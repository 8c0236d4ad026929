import type { MessageKey } from '../../i18n/i18n.ts'

/** The API's codes of the conversations module → the texts shown. */
export function chatErrorKey(error: unknown): MessageKey | null {
  const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : null
  if (code === 'conversation.own_listing') return 'chat.error.own'
  if (code === 'conversation.blocked') return 'chat.error.blocked'
  if (code === 'listing.not_found') return 'chat.error.gone'
  if (code === 'conversation.not_found') return 'chat.error.notFound'
  return null
}

/** A message body as the API takes it (1-2000 characters after trimming), or null. */
export function messageBody(value: FormDataEntryValue | null): string | null {
  const body = typeof value === 'string' ? value.trim() : ''
  return body.length >= 1 && body.length <= 2000 ? body : null
}
