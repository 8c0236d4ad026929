import { FEED_MAX_ROWS } from '@tulpar/contracts'
import { XMLParser } from 'fast-xml-parser'
import { type CarField, fieldOf, type RawCar } from './feed-fields.ts'
import { FeedRefusedError } from './feeds.errors.ts'

/*
 * XML feeds: one `<car>` element per car anywhere under the root (`<cars><car>…</car></cars>`, or
 * `<data><cars><car>…` as auto.ru-style exports nest it). The document is read as it streams: a small scanner walks the
 * markup, refuses a document type (`<!DOCTYPE`, which is where entity bombs and external entities live) and any other
 * declaration at once, bounds the depth, the size of a tag and of a car and the number of elements, and hands each
 * car's text alone to fast-xml-parser (entity processing off; the five XML escapes and character references are
 * decoded here), so memory holds one car at a time, never the document.
 */

export const XML_LIMITS = {
  /** Element nesting: root > cars > car > photos > photo is 5. */
  maxDepth: 10,
  /** Characters of one car element (a long description, 20 photo URLs and 200 options fit many times). */
  maxCarChars: 512 * 1024,
  /** Characters of one tag, comment or CDATA section outside a car. */
  maxMarkupChars: 64 * 1024,
  /** Elements inside one car. */
  maxCarElements: 2000,
  /** Elements in the whole document. */
  maxElements: 2_000_000,
}

const LIST_ITEMS = new Set(['option', 'extra', 'item', 'photo', 'image', 'url'])

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: XML_LIMITS.maxDepth,
  isArray: (name) => LIST_ITEMS.has(name),
})

const ESCAPES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

/** The five predefined escapes and numeric character references; any other `&name;` is left as written. */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|lt|gt|amp|quot|apos);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return ESCAPES[ref] ?? whole
    const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10)
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole
  })
}

function limitRefused(detail: string): FeedRefusedError {
  return new FeedRefusedError('feed.xml_limits', detail)
}
function malformed(line: number, detail: string): FeedRefusedError {
  return new FeedRefusedError('feed.malformed', `${detail} (line ${line})`, { line })
}

/** Text of a parsed node: a string, or the text of an element that has attributes. */
function textOf(node: unknown): string | null {
  if (typeof node === 'string') return decodeEntities(node).trim()
  if (typeof node === 'number' || typeof node === 'boolean') return String(node)
  if (node && typeof node === 'object' && '#text' in node) return textOf((node as Record<string, unknown>)['#text'])
  return null
}

/** Items of a list element: `<photos><photo>url</photo>…</photos>`, `<image url="…"/>`, or one text with `|`. */
function itemsOf(node: unknown): string[] {
  if (node === null || node === undefined) return []
  if (Array.isArray(node)) return node.flatMap(itemsOf)
  const text = textOf(node)
  if (text !== null)
    return text
      .split('|')
      .map((s) => s.trim())
      .filter(Boolean)
  if (typeof node !== 'object') return []
  const record = node as Record<string, unknown>
  const url = record['@_url'] ?? record['@_src']
  if (typeof url === 'string') return [decodeEntities(url).trim()]
  return Object.entries(record).flatMap(([key, value]) => (key.startsWith('@_') ? [] : itemsOf(value)))
}

function toRawCar(fragment: string, row: number, line: number): RawCar {
  const parsed: unknown = parser.parse(fragment)
  const car: RawCar = { row, line, values: {}, options: [], photos: [] }
  const element = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>).car : undefined
  if (!element || typeof element !== 'object') return car
  for (const [key, node] of Object.entries(element as Record<string, unknown>)) {
    if (key === '@_id' || key === '@_external_id') {
      const text = textOf(node)
      if (text) car.values.external_id ??= decodeEntities(text)
      continue
    }
    const field = fieldOf(key)
    if (!field) continue
    if (field === 'options') car.options.push(...itemsOf(node))
    else if (field === 'photo_urls') car.photos.push(...itemsOf(node))
    else {
      const text = textOf(Array.isArray(node) ? node[0] : node)
      if (text) car.values[field as CarField] = text
    }
  }
  return car
}

const NAME = /^[A-Za-z_:][\w.:-]*/

/** Where a tag that starts at `from` (`<`) ends (its `>`), quotes in attribute values skipped; -1 when not yet read. */
function tagEnd(buf: string, from: number): number {
  let quote = ''
  for (let i = from + 1; i < buf.length; i++) {
    const ch = buf[i]
    if (quote) {
      if (ch === quote) quote = ''
    } else if (ch === '"' || ch === "'") quote = ch
    else if (ch === '>') return i
    else if (ch === '<') return -2
  }
  return -1
}

const countLines = (text: string, from: number, to: number) => {
  let n = 0
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++
  return n
}

/**
 * The cars of an XML feed, one at a time. Throws FeedRefusedError for a document type or any other declaration, a
 * document too deep or with too many elements, a car too large, broken markup, or more than `maxRows` cars.
 */
export async function* readXmlCars(
  text: AsyncIterable<string>,
  { maxRows = FEED_MAX_ROWS }: { maxRows?: number } = {},
): AsyncGenerator<RawCar> {
  let buf = ''
  let pos = 0
  let line = 1
  const stack: string[] = []
  let elements = 0
  let rootSeen = false
  /** Where the car being read starts in `buf`, its depth in `stack`, line and elements. */
  let car: { start: number; depth: number; line: number; elements: number } | null = null
  let row = 0
  let ended = false
  const source = text[Symbol.asyncIterator]()

  const advance = (to: number) => {
    line += countLines(buf, pos, to)
    pos = to
  }
  const needMore = (limit: number, what: string) => {
    if (buf.length - pos > limit) throw limitRefused(`${what} longer than ${limit} characters at line ${line}`)
  }

  for (;;) {
    // Keep only what is still needed: the car being read, or from the first unread character.
    const keepFrom = car ? car.start : pos
    if (keepFrom > 0) {
      buf = buf.slice(keepFrom)
      pos -= keepFrom
      if (car) car.start = 0
    }
    if (!ended) {
      const next = await source.next()
      if (next.done) ended = true
      else buf += next.value
    }
    for (;;) {
      const lt = buf.indexOf('<', pos)
      if (lt === -1) {
        if (!car && stack.length === 0 && rootSeen && buf.slice(pos).trim() !== '')
          throw malformed(line, 'Text after the root element')
        advance(buf.length)
        break
      }
      if (!car && stack.length === 0 && buf.slice(pos, lt).trim() !== '')
        throw malformed(line, 'Text outside the root element')
      advance(lt)
      const head = buf.slice(lt, lt + 9)
      if (head.length < 9 && !ended && buf.length - lt < 9) break
      let end: number
      if (head.startsWith('<?')) {
        end = buf.indexOf('?>', lt + 2)
        if (end === -1) {
          needMore(XML_LIMITS.maxMarkupChars, 'A processing instruction')
          break
        }
        advance(end + 2)
        continue
      }
      if (head.startsWith('<!--')) {
        end = buf.indexOf('-->', lt + 4)
        if (end === -1) {
          needMore(car ? XML_LIMITS.maxCarChars : XML_LIMITS.maxMarkupChars, 'A comment')
          break
        }
        advance(end + 3)
        continue
      }
      if (head.startsWith('<![CDATA[')) {
        if (!car) throw malformed(line, 'Character data outside a car')
        end = buf.indexOf(']]>', lt + 9)
        if (end === -1) {
          needMore(XML_LIMITS.maxCarChars, 'A CDATA section')
          break
        }
        advance(end + 3)
        continue
      }
      if (head.startsWith('<!')) {
        if (/^<!DOCTYPE/i.test(head) || head.length >= 9 || ended)
          throw new FeedRefusedError(
            'feed.doctype',
            'The XML has a document type declaration (<!DOCTYPE or <!ENTITY); feeds must not have one',
          )
        break
      }
      end = tagEnd(buf, lt)
      if (end === -2) throw malformed(line, 'A tag is not closed')
      if (end === -1) {
        needMore(XML_LIMITS.maxMarkupChars, 'A tag')
        break
      }
      const tag = buf.slice(lt, end + 1)
      const closing = tag[1] === '/'
      const name = NAME.exec(tag.slice(closing ? 2 : 1))?.[0]
      if (!name) throw malformed(line, 'A tag without a name')
      if (closing) {
        const open = stack.pop()
        if (open !== name) throw malformed(line, `</${name}> closes <${open ?? 'nothing'}>`)
        advance(end + 1)
        if (car && stack.length === car.depth) {
          row++
          if (row > maxRows)
            throw new FeedRefusedError('feed.too_many_rows', `The feed has more than ${maxRows} cars`, { max: maxRows })
          const fragment = buf.slice(car.start, pos)
          if (fragment.length > XML_LIMITS.maxCarChars)
            throw limitRefused(`A car longer than ${XML_LIMITS.maxCarChars} characters at line ${car.line}`)
          const carLine = car.line
          car = null
          yield toRawCar(fragment, row, carLine)
        }
        continue
      }
      if (!car && stack.length === 0 && rootSeen) throw malformed(line, 'A second root element')
      const selfClosing = tag.endsWith('/>')
      elements++
      if (elements > XML_LIMITS.maxElements) throw limitRefused(`More than ${XML_LIMITS.maxElements} elements`)
      if (stack.length + 1 > XML_LIMITS.maxDepth)
        throw limitRefused(`Elements nested deeper than ${XML_LIMITS.maxDepth}`)
      rootSeen = true
      if (car) {
        car.elements++
        if (car.elements > XML_LIMITS.maxCarElements)
          throw limitRefused(`A car with more than ${XML_LIMITS.maxCarElements} elements at line ${car.line}`)
      } else if (name === 'car' && !selfClosing) {
        car = { start: lt, depth: stack.length, line, elements: 0 }
      }
      if (!selfClosing) stack.push(name)
      advance(end + 1)
    }
    if (car && buf.length - car.start > XML_LIMITS.maxCarChars)
      throw limitRefused(`A car longer than ${XML_LIMITS.maxCarChars} characters at line ${car.line}`)
    if (ended) break
  }
  if (stack.length > 0) throw malformed(line, `The document ends inside <${stack.at(-1)}>`)
  if (!rootSeen) throw new FeedRefusedError('feed.not_a_feed', 'The file is neither CSV nor XML')
}
