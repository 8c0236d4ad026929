import { localeOfMessagesFile, messagesBody } from '../i18n/messages-file.server.ts'
import { preferredEncoding } from '../lib/compression/compression.server.ts'
import type { Route } from './+types/messages-file'

/**
 * A language's common messages (i18n/base-messages.ts): content-hashed, so kept for a year like the scripts, and
 * by the service worker's assets cache. A name that is not this build's is 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const locale = localeOfMessagesFile(params.file)
  if (!locale) throw new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } })
  // Compressed once per process; an answer with its Content-Encoding is not compressed again on the way out.
  const encoding = preferredEncoding(request.headers.get('accept-encoding'))
  const body = await messagesBody(locale, encoding)
  return new Response(new Uint8Array(body), {
    headers: {
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      vary: 'accept-encoding',
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  })
}
