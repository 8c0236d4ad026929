import { promisify } from 'node:util'
import zlib from 'node:zlib'

/*
 * One choice of encoding and one way to compress, for everything the server compresses itself rather than
 * leaving to @fastify/compress on the way out: guests' kept pages (page-cache.ts), the messages files
 * (i18n/messages-file.server.ts) and the client build's files at build time (precompress.ts).
 */

export type Encoding = 'br' | 'gzip' | 'identity'

/**
 * What an answer made for one visitor may be sent in: a kept page's encoding, or Zstandard for a browser that takes
 * it (decision 027; a page's first view and the answers made from it, decision 039).
 */
export type WireEncoding = Encoding | 'zstd'

/**
 * The encoding to send an answer in, as @fastify/compress picks it: brotli, else gzip, else none; `;q=0` refuses
 * one. Every guest's request asks it (the page cache's key), so it is a plain scan.
 */
export function preferredEncoding(acceptEncoding: string | null | undefined): Encoding {
  let gzip = false
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const name = codingTaken(part)
    if (name === 'br') return 'br'
    gzip ||= name === 'gzip'
  }
  return gzip ? 'gzip' : 'identity'
}

/** The coding one part of Accept-Encoding names (`br`, `zstd;q=0.5`), or null when it refuses it (`;q=0`). */
function codingTaken(part: string): string | null {
  const [name = '', ...params] = part.split(';').map((s) => s.trim())
  const q = params.find((p) => p.startsWith('q='))
  return q !== undefined && !(Number(q.slice(2)) > 0) ? null : name
}

/**
 * How hard to work: `kept` for what is compressed once per stored page (harder than @fastify/compress's brotli 3
 * on the fly, apps/api/src/app.ts), `strongest` for what is compressed once for every visitor (a build's files).
 * `kept` is 5, not 6, since issue 39: a kept page is compressed on every miss, and at 1,000,000 cars most car page
 * views are misses (the long tail). On a 56 KB car page with its nonce slots: brotli 3.2 against 4.8 ms of CPU for
 * 0.6% more bytes, gzip 4.2 against 5.4 ms for 0.6% more (quality 4: brotli 2.2 ms but 7.5% more bytes). Pages kept
 * with nonce slots use the same (kept-page-nonce.server.ts).
 */
const LEVELS = { kept: { brotli: 5, gzip: 5 }, strongest: { brotli: 11, gzip: 9 } } as const

/*
 * A page's first view (page-cache.server.ts, decision 039) is compressed at once on the main thread, as fast as the
 * encoders go: it is sent to that one visitor and kept apart (its second view is answered from it, compressed so
 * again); the third compresses it again for good. On a 67 KB car page: brotli 1 0.33 ms for 16.5 KB, gzip 1
 * 0.89 ms for 17.7 KB (brotli 5 1.75 ms, 12.8 KB). A browser that takes Zstandard gets zstd 1: on a 70 KB car page
 * 0.12-0.15 ms for 16.8 KB against brotli 1's 0.16-0.35 ms for 17.3 KB (Xeon, 2026-11-27).
 */
const FIRST_VIEW = { brotli: 1, gzip: 1, zstd: 1 } as const

/** Whether Accept-Encoding takes Zstandard (not refused with `;q=0`). */
function acceptsZstd(acceptEncoding: string | null | undefined): boolean {
  return (acceptEncoding ?? '')
    .toLowerCase()
    .split(',')
    .some((part) => codingTaken(part) === 'zstd')
}

/**
 * The encoding of an answer made for one visitor at the first view's speed: zstd when they take it, else the kept
 * page's (`kept`, the key's: a visitor who takes no compression at all gets none).
 */
export function fastEncoding(kept: Encoding, acceptEncoding: string | null | undefined): WireEncoding {
  return kept !== 'identity' && acceptsZstd(acceptEncoding) ? 'zstd' : kept
}
export const KEPT_QUALITY = LEVELS.kept
export type Effort = keyof typeof LEVELS

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * Brotli's window for `size` bytes: no larger than the text (the default, 4 MB, is what each encoder and decoder
 * allocates: a kept page's streamed encoder and its two test decodings reserved about 12 MB each, and with a few
 * dozen at once V8 ran a full garbage collection every 300 ms, 43 in 700 keeps; issue 39). One-shot encoders size
 * it so themselves; a stream must be told.
 */
export function brotliWindowBits(size: number): number {
  return Math.min(zlib.constants.BROTLI_MAX_WINDOW_BITS, Math.max(16, Math.ceil(Math.log2(size + 16))))
}

/** `body` in `encoding` at the first view's speed, on this thread; identity is the body itself. */
export function compressFirstView(body: Buffer, encoding: WireEncoding): Buffer {
  if (encoding === 'zstd')
    // One call knows the page's size: the frame's window is no larger than the page.
    return zlib.zstdCompressSync(body, { params: { [zlib.constants.ZSTD_c_compressionLevel]: FIRST_VIEW.zstd } })
  if (encoding === 'br')
    return zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: FIRST_VIEW.brotli,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    })
  if (encoding === 'gzip') return zlib.gzipSync(body, { level: FIRST_VIEW.gzip })
  return body
}

/** What `compress` or `compressFirstView` made, back as it was. */
export function decompress(body: Buffer, encoding: WireEncoding): Buffer {
  if (encoding === 'zstd') return zlib.zstdDecompressSync(body)
  if (encoding === 'br') return zlib.brotliDecompressSync(body)
  if (encoding === 'gzip') return zlib.gunzipSync(body)
  return body
}

/** `body` (text: pages, JSON, scripts, styles) in `encoding`, off the main thread; identity is the body itself. */
export function compress(body: Buffer, encoding: Encoding, effort: Effort): Promise<Buffer> {
  const level = LEVELS[effort]
  if (encoding === 'br')
    return brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: level.brotli,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length),
      },
    })
  if (encoding === 'gzip') return gzip(body, { level: level.gzip })
  return Promise.resolve(body)
}
