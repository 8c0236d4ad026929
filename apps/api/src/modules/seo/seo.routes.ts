import { pipeline, Readable } from 'node:stream'
import { createGzip } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { SitemapNotFoundError } from './seo.errors.ts'
import type { SeoService } from './seo.service.ts'

/** Crawlers come back often; an hour keeps them fresh while a cache or CDN absorbs repeats. */
const CACHE_HOUR = 'public, max-age=3600'
const CACHE_DAY = 'public, max-age=86400'
const SITEMAP_FILE = /^(?:(static)|catalogue-([1-9]\d{0,5})|cars-([1-9]\d{0,9}))\.xml$/

/**
 * A full cars file is about 20 MB of XML that compresses about 20 times: gzip it when the client accepts it
 * (crawlers do). Large files arrive as pieces and stream out (through zlib on the thread pool), so neither
 * the whole document nor its compression holds up the event loop.
 */
function sendXml(
  request: FastifyRequest,
  reply: FastifyReply,
  xml: string | AsyncIterable<string>,
  cacheControl: string,
) {
  reply.header('cache-control', cacheControl).header('vary', 'accept-encoding')
  reply.type('application/xml; charset=utf-8')
  const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
  if (typeof xml === 'string' && (!accepts || xml.length < 1024)) return reply.send(xml)
  const source = typeof xml === 'string' ? Readable.from([xml]) : Readable.from(xml)
  if (!accepts) return reply.send(source)
  const gzip = createGzip()
  pipeline(source, gzip, (error) => {
    if (error) request.log.error({ err: error }, 'sitemap stream failed')
  })
  return reply.header('content-encoding', 'gzip').send(gzip)
}

/**
 * robots.txt and the sitemaps, at the site's root (not under /api): /sitemap.xml is the index, the files
 * are /sitemaps/static.xml, /sitemaps/catalogue-{n}.xml and /sitemaps/cars-{n}.xml.
 */
export const seoRoutes =
  ({ seo }: { seo: SeoService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
      reply.header('cache-control', CACHE_HOUR).type('text/plain; charset=utf-8').send(seo.robotsTxt()),
    )

    app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) =>
      sendXml(req, reply, await seo.sitemapIndex(), CACHE_HOUR),
    )

    app.get(
      '/sitemaps/:file',
      { schema: { hide: true, params: z.object({ file: z.string().max(64) }) } },
      async (req, reply) => {
        const match = SITEMAP_FILE.exec(req.params.file)
        if (!match) throw new SitemapNotFoundError(req.params.file)
        const [, isStatic, catalogue, cars] = match
        if (isStatic) return sendXml(req, reply, seo.staticSitemap(), CACHE_DAY)
        if (catalogue) return sendXml(req, reply, await seo.catalogueSitemap(Number(catalogue)), CACHE_HOUR)
        return sendXml(req, reply, await seo.carsSitemap(Number(cars)), CACHE_HOUR)
      },
    )
  }
