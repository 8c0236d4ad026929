import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import zlib from 'node:zlib'
import { brotliWindowBits, compress, type Encoding, KEPT_QUALITY } from '../compression/compression.server.ts'

/*
 * A page kept for guests (page-cache.ts) is answered to many visitors, and each answer needs a nonce of its own
 * (issue 35, docs/decisions/028-csp-for-kept-pages.md). The page is kept with a random placeholder where its nonce
 * was, compressed so that the placeholder's bytes stay as they are in the compressed body: gzip as stored blocks,
 * brotli in an uncompressed meta-block (and its literals without context modelling, so no byte is decoded by what
 * precedes it). An answer is then a copy of the kept bytes with its nonce written at those offsets (and, for gzip,
 * the trailer's CRC-32 corrected): microseconds, where compressing each answer again cost 0.3-8 ms of CPU. Before a
 * page is kept, it is decoded with two test nonces that differ at every byte; a page for which that does not give
 * the page back is tried with another placeholder, and in the end kept uncompressed.
 */

/** A nonce's random bytes. */
const NONCE_BYTES = 16
/** Nonces drawn from the system's random source at once (as Node's randomUUID does for its ids). */
export const NONCES_PER_DRAW = 256
let drawn = Buffer.alloc(0)
let next = 0

/**
 * 16 random bytes in base64: a page's Content-Security-Policy nonce, one per render and one per kept answer. The
 * bytes come from the system's random source 4 KB at a time, each used once: one call per nonce cost 0.5-0.6% of the
 * server's CPU in the market mix (issue 39; `randomFillSync`), and the nonces are as unpredictable either way.
 */
export function newCspNonce(): string {
  if (next + NONCE_BYTES > drawn.length) {
    drawn = randomBytes(NONCE_BYTES * NONCES_PER_DRAW)
    next = 0
  }
  const nonce = drawn.toString('base64', next, next + NONCE_BYTES)
  next += NONCE_BYTES
  return nonce
}

/** Where a kept body's nonce goes. */
export interface NonceSlots {
  /** The nonce's length in bytes; every nonce written must have it. */
  length: number
  /** Where the nonce's bytes go in the body as kept (placeholders there). */
  offsets: number[]
  /** gzip: the trailer's CRC-32 of the body with the placeholder, and how a change of the nonce changes it. */
  crc?: { value: number; placeholder: Buffer; shift: Uint32Array }
}

export interface KeptBody {
  body: Buffer
  /** As asked, or identity when the page could not be kept compressed with slots for its nonce. */
  encoding: Encoding
  /** Null when the body does not contain the nonce. */
  slots: NonceSlots | null
}

/** `raw` (which carries `nonce`) as kept for `encoding`, with slots for each answer's nonce. */
export async function keepWithNonceSlots(raw: Buffer, nonce: string, encoding: Encoding): Promise<KeptBody> {
  const needle = Buffer.from(nonce)
  const found: number[] = []
  for (let at = raw.indexOf(needle); at >= 0; at = raw.indexOf(needle, at + needle.length)) found.push(at)
  if (found.length === 0 || needle.length === 0)
    return { body: await compress(raw, encoding, 'kept'), encoding, slots: null }
  const segments: Buffer[] = []
  let last = 0
  for (const at of found) {
    segments.push(raw.subarray(last, at))
    last = at + needle.length
  }
  segments.push(raw.subarray(last))
  if (encoding !== 'identity') {
    // A placeholder the encoder happens to compress (about 1 page in 100 with brotli) fails the check: another one.
    for (let attempt = 0; attempt < 4; attempt++) {
      const placeholder = placeholderFor(raw, needle.length)
      const body =
        encoding === 'br' ? await brotliAround(segments, placeholder) : await gzipAround(segments, placeholder)
      const slots = slotsIn(body, placeholder, segments, encoding)
      if (slots) return { body, encoding, slots }
    }
  }
  const placeholder = placeholderFor(raw, needle.length)
  const body = Buffer.concat(segments.flatMap((segment, i) => (i === 0 ? [segment] : [placeholder, segment])))
  const offsets: number[] = []
  let at = 0
  for (const segment of segments.slice(0, -1)) {
    at += segment.length
    offsets.push(at)
    at += needle.length
  }
  return { body, encoding: 'identity', slots: { length: needle.length, offsets } }
}

/** The kept body with `nonce` in its slots: a copy, the kept bytes stay as they are. */
export function withNonce(body: Buffer, slots: NonceSlots, nonce: string): Buffer {
  const bytes = Buffer.from(nonce, 'latin1')
  if (bytes.length !== slots.length) throw new Error(`a nonce of ${bytes.length} bytes for a slot of ${slots.length}`)
  const out = Buffer.allocUnsafe(body.length)
  body.copy(out)
  for (const at of slots.offsets) bytes.copy(out, at)
  if (slots.crc) {
    const delta = Buffer.allocUnsafe(bytes.length)
    for (let i = 0; i < bytes.length; i++) delta[i] = (bytes[i] as number) ^ (slots.crc.placeholder[i] as number)
    const change = times(slots.crc.shift, (zlib.crc32(delta) ^ zlib.crc32(Buffer.alloc(delta.length))) >>> 0)
    out.writeUInt32LE((slots.crc.value ^ change) >>> 0, out.length - 8)
  }
  return out
}

/** Random bytes found nowhere in the page. */
function placeholderFor(raw: Buffer, length: number): Buffer {
  let placeholder = randomBytes(length)
  while (raw.includes(placeholder)) placeholder = randomBytes(length)
  return placeholder
}

function brotliAround(segments: Buffer[], placeholder: Buffer): Promise<Buffer> {
  const size = segments.reduce((n, s) => n + s.length + placeholder.length, 0)
  const stream = zlib.createBrotliCompress({
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: KEPT_QUALITY.brotli,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
      [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(size),
      // A literal's code then never depends on the bytes before it, which an answer's nonce changes.
      [zlib.constants.BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING]: 1,
    },
  })
  const flush = () => new Promise<void>((resolve) => stream.flush(zlib.constants.BROTLI_OPERATION_FLUSH, resolve))
  // The first placeholder alone in a meta-block, which the encoder stores as it is (random bytes do not compress);
  // the later ones it writes as copies of it, which decode to the answer's nonce too. Flushing around each of them
  // as well cost 3-7% more bytes on the car, home and catalogue pages, against 0.2-2.5% like this.
  let first = true
  return around(stream, segments, async (write, writeAndFlush) => {
    if (!first) return write(placeholder)
    first = false
    await writeAndFlush(flush)
    write(placeholder)
    await writeAndFlush(flush)
  })
}

/**
 * gzip at the kept quality with the placeholder as stored blocks: the encoder compresses it like the rest (so its window, and
 * the distances of what follows, are the decoder's), flushed before and after; what it wrote for it is then
 * replaced by a stored block of the same bytes, which decodes to the same output.
 */
async function gzipAround(segments: Buffer[], placeholder: Buffer): Promise<Buffer> {
  const stream = zlib.createGzip({ level: KEPT_QUALITY.gzip })
  const chunks: Buffer[] = []
  let size = 0
  stream.on('data', (chunk: Buffer) => {
    chunks.push(chunk)
    size += chunk.length
  })
  const ended = once(stream, 'end')
  // Written in as few pieces as the flushes allow (each write is a trip to libuv's threads; see `around`).
  const pending: Buffer[] = []
  const flush = () => {
    if (pending.length > 0) stream.write(pending.length === 1 ? pending[0] : Buffer.concat(pending))
    pending.length = 0
    return new Promise<void>((resolve) => stream.flush(zlib.constants.Z_SYNC_FLUSH, () => resolve()))
  }
  const cuts: [number, number][] = []
  // Only a placeholder with no copy of it within deflate's window (32 KB) before it is stored; the encoder writes
  // the others as copies of the last, which decode to the answer's nonce too (fewer flushes, fewer bytes).
  let position = 0
  let lastStored = Number.NEGATIVE_INFINITY
  for (const [i, segment] of segments.entries()) {
    if (i > 0 && position - lastStored > 32_768 - 1024) {
      await flush()
      const from = size
      pending.push(placeholder)
      await flush()
      cuts.push([from, size])
      lastStored = position
    } else if (i > 0) pending.push(placeholder)
    if (i > 0) position += placeholder.length
    pending.push(segment)
    position += segment.length
  }
  // Flushed before the end, so the deflate stream ends in an empty last block of its own (03 00): a signed-in
  // visitor's answer puts their part of the page before it (kept-page-tail.server.ts).
  await flush()
  stream.end()
  await ended
  const body = Buffer.concat(chunks)
  const n = placeholder.length
  // A stored block, not the last: BFINAL 0, BTYPE 00 (byte-aligned after a flush), LEN and its complement.
  const stored = Buffer.concat([Buffer.from([0, n & 0xff, n >> 8, ~n & 0xff, (~n >> 8) & 0xff]), placeholder])
  const pieces: Buffer[] = []
  let last = 0
  for (const [from, to] of cuts) {
    pieces.push(body.subarray(last, from), stored)
    last = to
  }
  pieces.push(body.subarray(last))
  return Buffer.concat(pieces)
}

async function around(
  stream: zlib.BrotliCompress,
  segments: Buffer[],
  writePlaceholder: (
    write: (bytes: Buffer) => void,
    writeAndFlush: (flush: () => Promise<void>) => Promise<void>,
  ) => Promise<void>,
): Promise<Buffer> {
  const chunks: Buffer[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = once(stream, 'end')
  // Written in as few pieces as the flushes allow: each write is a trip to libuv's threads, and a car page's 23
  // nonces as 47 writes cost 4.1 ms of CPU against 1.0 ms for the same bytes at once (issue 39). How the input is
  // cut does not change the encoder's output; only flushes do, and they write what came before them.
  const pending: Buffer[] = []
  const write = (bytes: Buffer) => void pending.push(bytes)
  const send = () => {
    if (pending.length > 0) stream.write(pending.length === 1 ? pending[0] : Buffer.concat(pending))
    pending.length = 0
  }
  const writeAndFlush = async (flush: () => Promise<void>) => {
    send()
    await flush()
  }
  for (const [i, segment] of segments.entries()) {
    if (i > 0) await writePlaceholder(write, writeAndFlush)
    write(segment)
  }
  send()
  // Flushed before the end, so the stream ends in its own empty last meta-block: a signed-in visitor's answer puts
  // their part of the page before it (kept-page-tail.server.ts).
  await new Promise<void>((resolve) => stream.flush(zlib.constants.BROTLI_OPERATION_FLUSH, () => resolve()))
  stream.end()
  await ended
  return Buffer.concat(chunks)
}

/**
 * The placeholder's places in the compressed body, if answering with any nonce there gives the page with that nonce:
 * checked by decoding it with two test nonces that differ at every byte, the first with no byte twice (so every
 * byte decoded from a slot is shown to land where that nonce byte belongs, and no other byte to come from a slot).
 */
function slotsIn(body: Buffer, placeholder: Buffer, segments: Buffer[], encoding: Encoding): NonceSlots | null {
  const length = placeholder.length
  if (length + 1 > TEST_ALPHABET.length) return null
  const offsets: number[] = []
  for (let at = body.indexOf(placeholder); at >= 0; at = body.indexOf(placeholder, at + length)) offsets.push(at)
  if (offsets.length === 0) return null
  const slots: NonceSlots = { length, offsets }
  if (encoding === 'gzip') {
    const raw = Buffer.concat(segments.flatMap((segment, i) => (i === 0 ? [segment] : [placeholder, segment])))
    const tails: number[] = []
    let at = 0
    for (const segment of segments.slice(0, -1)) {
      at += segment.length + length
      tails.push(raw.length - at)
    }
    slots.crc = { value: body.readUInt32LE(body.length - 8), placeholder, shift: zeroShiftSum(tails) }
  }
  for (const test of [TEST_ALPHABET.slice(0, length), TEST_ALPHABET.slice(1, length + 1)]) {
    const expected = Buffer.concat(
      segments.flatMap((segment, i) => (i === 0 ? [segment] : [Buffer.from(test), segment])),
    )
    let decoded: Buffer
    try {
      const answer = withNonce(body, slots, test)
      decoded = encoding === 'br' ? zlib.brotliDecompressSync(answer) : zlib.gunzipSync(answer)
    } catch {
      return null // a checksum or a stream the test nonce broke: the page is kept uncompressed
    }
    if (!decoded.equals(expected)) return null
  }
  return slots
}

const TEST_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/*
 * CRC-32 as gzip's trailer has it is affine in the data: for two bodies of one length, crc(a) ^ crc(b) is a linear
 * function of a ^ b. The bodies of two answers differ only in their nonces, so the trailer of an answer is the kept
 * one XOR the sum, over the slots, of the CRC of (nonce ^ placeholder) carried through the bytes after that slot
 * (zlib's crc32_combine does the same carrying). Operators are 32 columns of 32 bits over GF(2).
 */

/** The operator `matrix` applied to `vector`. */
function times(matrix: Uint32Array, vector: number): number {
  let sum = 0
  for (let i = 0, v = vector >>> 0; v !== 0; i++, v >>>= 1) if (v & 1) sum ^= matrix[i] as number
  return sum >>> 0
}

function product(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(32)
  for (let i = 0; i < 32; i++) out[i] = times(a, b[i] as number)
  return out
}

let zeroPowers: Uint32Array[] | null = null

/** Operators that carry a CRC through 2^k zero bytes, k = 0..31. */
function powersOfZeroBytes(): Uint32Array[] {
  if (zeroPowers) return zeroPowers
  const bit = new Uint32Array(32)
  bit[0] = 0xedb88320 // CRC-32's reflected polynomial
  for (let i = 1; i < 32; i++) bit[i] = 1 << (i - 1)
  let op: Uint32Array = bit
  for (let i = 0; i < 3; i++) op = product(op, op) // 8 zero bits
  const powers: Uint32Array[] = [op]
  for (let k = 1; k < 32; k++) {
    op = product(op, op)
    powers.push(op)
  }
  zeroPowers = powers
  return powers
}

/** The sum over `tails` of the operators carrying a CRC through that many zero bytes. */
function zeroShiftSum(tails: number[]): Uint32Array {
  const powers = powersOfZeroBytes()
  const sum = new Uint32Array(32)
  for (const tail of tails) {
    let op: Uint32Array | null = null
    for (let k = 0; k < 32; k++) {
      if (((tail >>> k) & 1) === 0) continue
      const power = powers[k] as Uint32Array
      op = op ? product(power, op) : power
    }
    if (op) for (let i = 0; i < 32; i++) sum[i] = ((sum[i] as number) ^ (op[i] as number)) >>> 0
    else for (let i = 0; i < 32; i++) sum[i] = ((sum[i] as number) ^ (1 << i)) >>> 0 // a tail of 0 bytes: identity
  }
  return sum
}
