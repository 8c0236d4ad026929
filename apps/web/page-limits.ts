import { Readable } from 'node:stream'
import { errorCodes, type FastifyReply, type FastifyRequest, type RouteShorthandOptions } from 'fastify'

/** A page's form post may be as large as an API body (Fastify's default, 1 MiB): forms here are a few KB. */
const PAGE_BODY_LIMIT = 1024 * 1024
/** The one page that takes a file: the profile photo form on /account (10 MB image plus multipart framing). */
const PHOTO_FORM_LIMIT = 10 * 1024 * 1024 + 64 * 1024

/** Paths that name a file: when no file answered, the page router must not render a 70 KB page for them. */
const STATIC_FILE = /\.(?:m?js|css|map|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|otf|txt|xml|json|webmanifest)$/i
/** Files the page router itself answers (in the visitor's language): routes/manifest.ts, routes/messages-file.ts. */
const ROUTED_FILES = new Set(['/manifest.webmanifest'])
// Every page's messages, one file per language named after its content (i18n/messages-file.server.ts).
const ROUTED_FILE = /^\/assets\/i18n\/[a-z]{2}\.[0-9a-f]{12}\.json$/

function bodyLimitFor(request: FastifyRequest): number {
  const path = request.url.split('?')[0]
  const multipart = (request.headers['content-type'] ?? '').startsWith('multipart/form-data')
  return path === '/account' && multipart ? PHOTO_FORM_LIMIT : PAGE_BODY_LIMIT
}

/**
 * Route options for the React Router catch-all. The adapter hands React Router the raw request stream (its
 * content-type parser accepts anything), so Fastify's body limit never applied and one 200 MB form post took
 * the process from 413 to 988 MB. Here the body is read before React Router sees it, up to the limit, and a
 * larger one is a 413 at once (a declared Content-Length before a byte is read).
 */
export function pageRouteOptions(): RouteShorthandOptions {
  return {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? ''
      if (
        (request.method === 'GET' || request.method === 'HEAD') &&
        STATIC_FILE.test(path) &&
        !ROUTED_FILES.has(path) &&
        !ROUTED_FILE.test(path)
      ) {
        return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found')
      }
    },
    preParsing: async (request: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream) => {
      if (request.method === 'GET' || request.method === 'HEAD') return payload
      const limit = bodyLimitFor(request)
      const declared = Number(request.headers['content-length'] ?? Number.NaN)
      // The unread rest is dropped by Node as it arrives (closing the socket on unread data would reset it
      // and could lose the 413 on the way to the client).
      if (declared > limit) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE()
      return readUpTo(payload, limit)
    },
  }
}

/**
 * The whole body as one stream, or a 413 as soon as it grows past `limit`. The rest is read and dropped rather
 * than the request destroyed, so the 413 reaches the client.
 */
function readUpTo(payload: NodeJS.ReadableStream, limit: number): Promise<Readable> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    payload.on('data', (chunk: Buffer | string) => {
      if (tooLarge) return
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
      size += bytes.length
      if (size <= limit) {
        chunks.push(bytes)
        return
      }
      tooLarge = true
      chunks = []
      reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE())
    })
    payload.on('end', () => {
      if (!tooLarge) resolve(Readable.from([Buffer.concat(chunks)]))
    })
    payload.on('error', (error) => {
      if (!tooLarge) reject(error)
    })
  })
}
