import { Readable } from 'node:stream'
import {
  DealerParams,
  DealerStock,
  DealerStockQuery,
  FEED_MAX_BYTES,
  FeedImport,
  FeedImportList,
  FeedImportParams,
  FeedImportQuery,
  FeedSource,
  FeedSourceBody,
  FeedUploadQuery,
  LangQuery,
  Problem,
} from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pickLocale } from '../../lib/locale.ts'
import { withRetryAfter } from '../../lib/rate-limiter.ts'
import { publicRoutes, signedInRoutes } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import { feedTemplateCsv } from './feed-fields.ts'
import { FeedBodyTypeError } from './feeds.errors.ts'
import type { FeedsService } from './feeds.service.ts'

const MEMBERS = "The dealer's people only: 404 `dealer.not_found`, 403 `dealer.not_member` for anyone else."
/** What browsers and apps send a feed file as (a CSV saved by Excel on Windows is often `application/vnd.ms-excel`). */
const FEED_TYPES = [
  'text/csv',
  'application/csv',
  'application/vnd.ms-excel',
  'application/xml',
  'text/xml',
  'application/octet-stream',
]

/** The request stream the feed types' parser hands on (any other body was read by another parser). */
function isStream(body: unknown): body is AsyncIterable<Uint8Array> {
  return typeof body === 'object' && body !== null && Symbol.asyncIterator in body
}

type Localised = { query: { lang?: string }; headers: { 'accept-language'?: string } }
const locale = (req: Localised) => pickLocale(req.query.lang, req.headers['accept-language'])

/** Dealers' feed imports (issue 38, docs/feeds.md): upload as a dry run, read the report, apply or discard, history. */
export const feedsRoutes =
  ({ feeds, sessions }: { feeds: FeedsService; sessions: SessionResolver }): FastifyPluginAsyncZod =>
  async (app) => {
    // Scoped to these routes: the request stream is handed on as it is, so the service spools it to a file with its own
    // count of bytes (Fastify's body limit only applies to bodies it reads itself).
    app.addContentTypeParser(FEED_TYPES, (_req, payload, done) => done(null, payload))
    const signedIn = signedInRoutes(app, sessions, { tags: ['feeds'] })
    const anyone = publicRoutes(app, { tags: ['feeds'] })

    signedIn.post('/dealers/:id/imports/', {
      summary: "Upload the dealer's feed (CSV or XML, the file itself as the body): a dry run with its report",
      description:
        `Send the file as the request body with its Content-Type (${FEED_TYPES.join(', ')}). Nothing of the ` +
        "dealer's cars changes: the report says per car what applying it would do (created, updated, unchanged, " +
        "removed: the dealer's cars of earlier feeds this one lacks, unless `missing=keep`; refused, with the " +
        `reasons). At most ${FEED_MAX_BYTES / 1024 / 1024} MB: 413 \`feed.too_large\`, from Content-Length at ` +
        'once or while reading. A file that is not a feed is stored as a `refused` import. 429 past 20 imports ' +
        `an hour per dealer. ${MEMBERS}`,
      bodyLimit: FEED_MAX_BYTES,
      consumes: FEED_TYPES,
      params: DealerParams,
      querystring: FeedUploadQuery,
      response: { 201: FeedImport, 403: Problem, 413: Problem, 415: Problem, 429: Problem },
      handler: async (user, req, reply) => {
        const length = Number(req.headers['content-length'])
        // No body at all is an empty file (refused as `feed.empty`, like any file that is not a feed); a body another
        // parser read (JSON, a form) is not a file: 415, as for a type no parser takes.
        if (req.body !== undefined && !isStream(req.body)) throw new FeedBodyTypeError()
        const body = req.body ?? Readable.from([])
        const result = await withRetryAfter(reply, () =>
          feeds.upload(user, req.params.id, body, {
            missingCars: req.query.missing,
            locale: locale(req),
            declaredBytes: Number.isFinite(length) ? length : undefined,
          }),
        )
        req.log.info(
          { dealerId: req.params.id, importId: result.id, status: result.status, rows: result.counts.rows },
          'feed uploaded',
        )
        return reply.status(201).send(result)
      },
    })

    signedIn.get('/dealers/:id/imports/', {
      summary: "The dealer's imports, newest first (the last 50), with their counts",
      description: MEMBERS,
      params: DealerParams,
      querystring: LangQuery,
      response: { 200: FeedImportList, 403: Problem },
      handler: (user, req) => feeds.list(user, req.params.id, locale(req)),
    })

    signedIn.get('/dealers/:id/stock/', {
      summary: "The dealer desk's table: the dealer's cars in every status, by brand, model, VIN or external id",
      description: `The first 200 matching, the latest changed first, and how many match. ${MEMBERS}`,
      params: DealerParams,
      querystring: DealerStockQuery,
      response: { 200: DealerStock, 403: Problem },
      handler: (user, req) => feeds.stock(user, req.params.id, req.query, locale(req)),
    })

    signedIn.get('/dealers/:id/imports/:importId/', {
      summary: 'One import with a page of its report (every outcome, or the one asked for)',
      description: MEMBERS,
      params: FeedImportParams,
      querystring: FeedImportQuery,
      response: { 200: FeedImport, 403: Problem },
      handler: (user, req) => feeds.get(user, req.params.id, req.params.importId, req.query, locale(req)),
    })

    signedIn.post('/dealers/:id/imports/:importId/apply/', {
      summary: 'Apply a dry run: create, update and take off sale as its report says, all or nothing',
      description:
        "The plan is made again from the dealer's cars as they are now, in one transaction. New and changed " +
        'cars go to moderation as typed ones do. 409 `feed.import_closed` unless the import is a dry run (a ' +
        `second apply), 409 \`dealer.not_verified\`. ${MEMBERS}`,
      params: FeedImportParams,
      querystring: LangQuery,
      response: { 200: FeedImport, 403: Problem, 409: Problem },
      handler: (user, req) => feeds.apply(user, req.params.id, req.params.importId, locale(req)),
    })

    signedIn.post('/dealers/:id/imports/:importId/discard/', {
      summary: 'Discard a dry run without applying it (it stays in the history)',
      description: `409 \`feed.import_closed\` unless the import is a dry run. ${MEMBERS}`,
      params: FeedImportParams,
      querystring: LangQuery,
      response: { 200: FeedImport, 403: Problem, 409: Problem },
      handler: (user, req) => feeds.discard(user, req.params.id, req.params.importId, locale(req)),
    })

    signedIn.get('/dealers/:id/feed-url/', {
      summary: "The dealer's feed URL (fetched daily, dry-run and applied) and what happens to cars it lacks",
      description: `\`url\` is null when none is set. ${MEMBERS}`,
      params: DealerParams,
      querystring: LangQuery,
      response: { 200: FeedSource, 403: Problem },
      handler: (user, req) => feeds.getSource(user, req.params.id, locale(req)),
    })

    signedIn.put('/dealers/:id/feed-url/', {
      summary: 'Set the feed URL: fetched once a day (and on demand), read as a dry run and applied',
      description:
        'An http(s) URL without a user name or password. Every fetch resolves its host and refuses a loopback, ' +
        "private or link-local address (a redirect's too, at most 3), takes at most 30 s and 50 MB; a failed " +
        "fetch is a `failed` import with the reason. The dealer's owner only: 403 `dealer.owner_only` for a " +
        `manager. ${MEMBERS}`,
      params: DealerParams,
      querystring: LangQuery,
      body: FeedSourceBody,
      response: { 200: FeedSource, 403: Problem },
      handler: (user, req) => feeds.setSource(user, req.params.id, req.body, locale(req)),
    })

    signedIn.delete('/dealers/:id/feed-url/', {
      summary: 'Remove the feed URL: nothing is fetched any more, the cars stay as they are',
      description: `The dealer's owner only: 403 \`dealer.owner_only\` for a manager. ${MEMBERS}`,
      params: DealerParams,
      querystring: LangQuery,
      response: { 200: FeedSource, 403: Problem },
      handler: (user, req) => feeds.clearSource(user, req.params.id, locale(req)),
    })

    signedIn.post('/dealers/:id/feed-url/fetch/', {
      summary: 'Fetch the feed URL now: a dry run, applied at once unless the feed is refused',
      description:
        'Answers the import: `applied`, `refused` (the feed itself), `failed` (the fetch: its `refused` says why, ' +
        'e.g. `feed.fetch_address`, `feed.fetch_timeout`, `feed.too_large`), or `dry_run` for a dealer not yet ' +
        'verified. 409 `feed.no_url` without a feed URL; 429 past 20 imports an hour per dealer (uploads ' +
        `included). ${MEMBERS}`,
      params: DealerParams,
      querystring: LangQuery,
      response: { 201: FeedImport, 403: Problem, 409: Problem, 429: Problem },
      handler: async (user, req, reply) => {
        const result = await withRetryAfter(reply, () => feeds.fetchNow(user, req.params.id, locale(req)))
        req.log.info({ dealerId: req.params.id, importId: result.id, status: result.status }, 'feed URL fetched')
        return reply.status(201).send(result)
      },
    })

    anyone.get('/feeds/template.csv', {
      summary: 'The CSV template of a feed: the documented columns and two example cars (UTF-8)',
      response: {
        200: {
          description: 'The header line and two cars (CRLF)',
          content: { 'text/csv': { schema: z.unknown() } },
        },
      },
      handler: (_req, reply) =>
        reply
          .header('cache-control', 'public, max-age=3600')
          .header('content-disposition', 'attachment; filename="tulpar-feed-template.csv"')
          .type('text/csv; charset=utf-8')
          .send(feedTemplateCsv()),
    })
  }
