import { FEED_MAX_BYTES } from '@tulpar/contracts'
import { FeedRefusedError } from './feeds.errors.ts'

/*
 * The bytes of a feed as text: counted as they stream (refused past the size limit without reading further), decoded
 * as UTF-8 (with or without a byte order mark) or, when they are not UTF-8, as Windows-1251 if they read sensibly
 * that way (Cyrillic letters, not control characters); anything else is refused. The format is told from the
 * first characters: XML starts with `<`, anything else is read as CSV (and refused there when its header names none
 * of our columns).
 */

type FeedEncoding = 'utf-8' | 'windows-1251'
type FeedFormat = 'csv' | 'xml'

export interface FeedText {
  format: FeedFormat
  encoding: FeedEncoding
  /** The decoded text in pieces, the byte order mark removed. */
  text: AsyncIterable<string>
}

/** Bytes looked at before deciding the encoding and the format. */
const SNIFF_BYTES = 64 * 1024

const cp1251 = new TextDecoder('windows-1251')

/** Characters Windows-1251 text holds besides ASCII: Cyrillic letters and its typographic marks. */
const CP1251_SENSIBLE = /[\u0400-\u045F«»—–№“”„‘’…•°±\u00A0]/u
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u

/** True when text decoded as Windows-1251 looks like a Russian or Kazakh feed rather than bytes of another kind. */
function readsAsCp1251(text: string): boolean {
  if (CONTROL.test(text)) return false
  let other = 0
  let sensible = 0
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) continue
    if (CP1251_SENSIBLE.test(ch)) sensible++
    else other++
  }
  return sensible > 0 && other <= sensible / 20
}

const hasHighBytes = (bytes: Uint8Array) => bytes.some((b) => b >= 0x80)

function encodingRefused(detail: string): FeedRefusedError {
  return new FeedRefusedError('feed.encoding', detail)
}

/** The `encoding` an XML declaration names, lower-cased; null without one. */
function declaredXmlEncoding(head: string): string | null {
  const decl = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([^"']+)["']/i.exec(head)
  return decl?.[1]?.toLowerCase() ?? null
}

async function* countBytes(input: AsyncIterable<Uint8Array | string>, maxBytes: number): AsyncGenerator<Uint8Array> {
  let total = 0
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    total += bytes.byteLength
    if (total > maxBytes)
      throw new FeedRefusedError('feed.too_large', `The feed is larger than ${maxBytes} bytes`, {
        mb: Math.round(maxBytes / 1024 / 1024),
      })
    yield bytes
  }
}

/**
 * Opens a feed: throws FeedRefusedError for an oversize file (while it streams), an encoding other than UTF-8 or
 * Windows-1251, a UTF-16 or binary file, or an empty one.
 */
export async function openFeedText(
  input: AsyncIterable<Uint8Array | string>,
  { maxBytes = FEED_MAX_BYTES }: { maxBytes?: number } = {},
): Promise<FeedText> {
  const source = countBytes(input, maxBytes)[Symbol.asyncIterator]()
  const head: Uint8Array[] = []
  let headBytes = 0
  let ended = false
  while (headBytes < SNIFF_BYTES) {
    const next = await source.next()
    if (next.done) {
      ended = true
      break
    }
    head.push(next.value)
    headBytes += next.value.byteLength
  }
  let first: Uint8Array = Buffer.concat(head)
  if (first.byteLength === 0 || /^\s*$/.test(Buffer.from(first).toString('latin1')))
    throw new FeedRefusedError('feed.empty', 'The feed is empty')
  if ((first[0] === 0xff && first[1] === 0xfe) || (first[0] === 0xfe && first[1] === 0xff))
    throw encodingRefused('UTF-16 is not supported: save the feed as UTF-8')
  const bom = first[0] === 0xef && first[1] === 0xbb && first[2] === 0xbf
  if (bom) first = first.subarray(3)
  if (first.includes(0)) {
    // Every other byte zero is UTF-16 without its mark; zeros elsewhere are a binary file (an archive, a picture).
    const sample = first.subarray(0, 200)
    const zerosAt = (parity: number) => sample.filter((b, i) => b === 0 && i % 2 === parity).length
    const half = sample.byteLength / 2
    const [even, odd] = [zerosAt(0), zerosAt(1)]
    if (Math.max(even, odd) >= half * 0.7 && Math.min(even, odd) <= half * 0.1)
      throw encodingRefused('UTF-16 is not supported')
    throw new FeedRefusedError('feed.not_a_feed', 'The file is neither CSV nor XML')
  }

  const utf8 = new TextDecoder('utf-8', { fatal: true })
  let encoding: FeedEncoding = 'utf-8'
  let firstText: string
  try {
    firstText = utf8.decode(first, { stream: !ended })
  } catch {
    firstText = cp1251.decode(first)
    if (bom || !readsAsCp1251(firstText))
      throw encodingRefused('The feed is not UTF-8 and does not read as Windows-1251 either')
    encoding = 'windows-1251'
  }
  const declared = declaredXmlEncoding(firstText)
  if (declared !== null && !['utf-8', 'utf8', 'windows-1251', 'cp1251'].includes(declared))
    throw encodingRefused(`The XML declares the encoding ${declared}; use UTF-8 or Windows-1251`)
  if (declared === 'windows-1251' || declared === 'cp1251') {
    if (encoding === 'utf-8' && hasHighBytes(first) && !readsAsCp1251(cp1251.decode(first)))
      throw encodingRefused('The XML declares Windows-1251, but its bytes are not')
    encoding = 'windows-1251'
    firstText = cp1251.decode(first)
  }
  const format: FeedFormat = firstText.trimStart().startsWith('<') ? 'xml' : 'csv'
  if (CONTROL.test(firstText.slice(0, 4096)))
    throw new FeedRefusedError('feed.not_a_feed', 'The file is neither CSV nor XML')

  async function* rest(): AsyncGenerator<string> {
    yield firstText
    if (ended) return
    // Bytes so far were all ASCII: a first non-UTF-8 byte later on may still start Windows-1251 text.
    let onlyAscii = encoding === 'utf-8' && !hasHighBytes(first)
    for (;;) {
      const next = await source.next()
      if (next.done) break
      const bytes = next.value
      if (encoding === 'windows-1251') {
        yield cp1251.decode(bytes)
        continue
      }
      try {
        yield utf8.decode(bytes, { stream: true })
      } catch {
        const asCp1251 = cp1251.decode(bytes)
        if (!onlyAscii || !readsAsCp1251(asCp1251))
          throw encodingRefused('The feed has bytes that are not UTF-8 after UTF-8 text')
        encoding = 'windows-1251'
        yield asCp1251
        continue
      }
      if (onlyAscii && hasHighBytes(bytes)) onlyAscii = false
    }
    if (encoding === 'utf-8') {
      try {
        const tail = utf8.decode()
        if (tail) yield tail
      } catch {
        throw encodingRefused('The feed ends inside a UTF-8 character')
      }
    }
  }
  const text = rest()
  return {
    format,
    get encoding() {
      return encoding
    },
    text,
  }
}
