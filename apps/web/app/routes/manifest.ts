import { localeContext } from '#app-context'
import { webAppManifest } from '../lib/pwa/manifest.server.ts'
import type { Route } from './+types/manifest'

/** GET /manifest.webmanifest: the installable web app's manifest, in the language of the request (cookie, ?lang). */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(JSON.stringify(webAppManifest(context.get(localeContext))), {
    headers: {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
      Vary: 'Cookie',
    },
  })
}
