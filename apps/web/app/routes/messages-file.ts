import { MESSAGES_JSON } from '../i18n/index.ts'
import { localeOfMessagesFile } from '../i18n/messages-file.server.ts'
import type { Route } from './+types/messages-file'

/**
 * A language's common messages (i18n/base-messages.ts): content-hashed, so kept for a year like the scripts, and
 * by the service worker's assets cache. A name that is not this build's is 404.
 */
export function loader({ params }: Route.LoaderArgs) {
  const locale = localeOfMessagesFile(params.file)
  if (!locale) throw new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } })
  return new Response(MESSAGES_JSON[locale], {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  })
}
