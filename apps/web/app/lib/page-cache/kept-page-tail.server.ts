import zlib from 'node:zlib'
import { decompress, type Encoding } from '../compression/compression.server.ts'

/*
 * A kept page with bytes added at its end, without compressing it again (decision 035): a signed-in visitor is
 * answered the guests' copy of a car page with their own part (their name, hearts, unread count) as a script after
 * it. Kept pages end in a way that leaves room for it (kept-page-nonce.server.ts flushes before the end):
 * - brotli: an empty last meta-block, byte 0x03 after a flush; the tail goes before it as an uncompressed
 *   meta-block (RFC 7932 9.2: ISLAST 0, MNIBBLES, MLEN-1, ISUNCOMPRESSED 1, then the bytes);
 * - gzip: an empty last fixed block (03 00) after a sync flush, then the trailer; the tail goes as a last stored
 *   block (RFC 1951 3.2.4), and the trailer's CRC-32 and length are those of the page and the tail;
 * - identity: the bytes after the page.
 * Anything else (a page kept another way) answers null, and the visitor's page is rendered for them.
 */

/** The largest tail in one meta-block / stored block; the visitor's part is a few kilobytes at most. */
const MAX_TAIL = 65_535

const GZIP_ENDING = Buffer.from([0x00, 0x00, 0xff, 0xff, 0x03, 0x00])

/** `body` (as kept, in `encoding`) followed by `tail`; null when the body does not end as a kept page does. */
export function appendToKept(body: Buffer, encoding: Encoding, tail: Buffer): Buffer | null {
  if (tail.length === 0) return body
  if (tail.length > MAX_TAIL) return null
  if (encoding === 'identity') return Buffer.concat([body, tail])
  if (encoding === 'br') {
    if (body.length < 2 || body[body.length - 1] !== 0x03) return null
    const bits = ((tail.length - 1) << 3) | (1 << 19)
    const header = Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff])
    return Buffer.concat([body.subarray(0, body.length - 1), header, tail, Buffer.from([0x03])])
  }
  const end = body.length - 8
  if (end < 16 || !body.subarray(end - GZIP_ENDING.length, end).equals(GZIP_ENDING)) return null
  const crc = body.readUInt32LE(end)
  const size = body.readUInt32LE(end + 4)
  const n = tail.length
  const block = Buffer.from([0x01, n & 0xff, n >> 8, ~n & 0xff, (~n >> 8) & 0xff])
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(zlib.crc32(tail, crc) >>> 0, 0)
  trailer.writeUInt32LE((size + n) >>> 0, 4)
  return Buffer.concat([body.subarray(0, end - 2), block, tail, trailer])
}

/** The page decoded, or null when it does not decode (a check made once per kept page before its first tail). */
export function decodeKept(body: Buffer, encoding: Encoding): Buffer | null {
  try {
    return decompress(body, encoding)
  } catch {
    return null
  }
}
