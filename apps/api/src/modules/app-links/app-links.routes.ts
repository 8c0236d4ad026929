import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Config } from '../../config.ts'
import { AppLinksNotConfiguredError } from './app-links.errors.ts'
import { appleAppSiteAssociation, assetLinks } from './app-links.ts'

/** Android and Apple fetch these when the app is installed and now and then after: an hour in caches is plenty. */
const CACHE_HOUR = 'public, max-age=3600'

/**
 * /.well-known/assetlinks.json and /.well-known/apple-app-site-association, at the site's root (registered before
 * the web app, so neither its catch-all nor its "missing static file" 404 takes them). Each is a 404 while its
 * setting is unset. Apple wants the file without an extension, as `application/json`, and no redirect.
 */
export const appLinksRoutes =
  ({ appLinks }: { appLinks: Config['appLinks'] }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/.well-known/assetlinks.json', { schema: { hide: true } }, async (_req, reply) => {
      if (appLinks.androidCertSha256.length === 0) throw new AppLinksNotConfiguredError('assetlinks.json')
      return reply
        .header('cache-control', CACHE_HOUR)
        .type('application/json')
        .send(JSON.stringify(assetLinks(appLinks.androidCertSha256)))
    })

    app.get('/.well-known/apple-app-site-association', { schema: { hide: true } }, async (_req, reply) => {
      if (!appLinks.appleTeamId) throw new AppLinksNotConfiguredError('apple-app-site-association')
      return reply
        .header('cache-control', CACHE_HOUR)
        .type('application/json')
        .send(JSON.stringify(appleAppSiteAssociation(appLinks.appleTeamId)))
    })
  }
