import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { FEED_MAX_ROWS } from '@tulpar/contracts'
import { CsvError, parse } from 'csv-parse'
import { type CarField, fieldOf, type RawCar, REQUIRED_COLUMNS } from './feed-fields.ts'
import { FeedRefusedError } from './feeds.errors.ts'

/*
 * CSV feeds, streamed through csv-parse: one car per line after the header, a comma or a semicolon between cells (the
 * header line decides; spreadsheets in Russian locales save with semicolons), quotes around cells that hold either or
 * line breaks. Options and photo URLs are lists with `|` between items.
 */

/** A record longer than this is a broken file (an unclosed quote swallowing the rest), not a car. */
const MAX_RECORD_CHARS = 256 * 1024
const LIST_SEPARATOR = '|'

/** The delimiter of the header line: the one of `,`, `;` and tab that occurs most outside quotes. */
export function detectDelimiter(head: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 }
  let quoted = false
  for (const ch of head) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && (ch === '\n' || ch === '\r')) break
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch]++
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';'
  if (counts['\t'] > counts[',']) return '\t'
  return ','
}

const splitList = (cell: string) =>
  cell
    .split(LIST_SEPARATOR)
    .map((s) => s.trim())
    .filter((s) => s.length > 0)

async function* withFirst(first: string, rest: AsyncIterator<string>): AsyncGenerator<string> {
  yield first
  for (;;) {
    const next = await rest.next()
    if (next.done) return
    yield next.value
  }
}

function malformed(error: unknown): FeedRefusedError | unknown {
  if (!(error instanceof CsvError)) return error
  const line = 'lines' in error && typeof error.lines === 'number' ? error.lines : 0
  return new FeedRefusedError('feed.malformed', `The CSV cannot be read near line ${line}: ${error.code}`, { line })
}

type Column = { field: CarField | 'options' | 'photo_urls' } | null

function headerColumns(header: string[]): Column[] {
  const columns = header.map((name) => {
    const field = fieldOf(name)
    return field ? { field } : null
  })
  const known = new Set(columns.flatMap((c) => (c ? [c.field] : [])))
  if (known.size === 0) throw new FeedRefusedError('feed.not_a_feed', 'The file is neither CSV nor XML')
  const missing = REQUIRED_COLUMNS.filter((c) => !known.has(c))
  if (missing.length > 0)
    throw new FeedRefusedError('feed.missing_columns', `The header lacks ${missing.join(', ')}`, {
      columns: missing.join(', '),
    })
  return columns
}

/**
 * The cars of a CSV feed, one at a time. Throws FeedRefusedError for a header without our columns, a broken file
 * (an unclosed quote) or more than `maxRows` cars.
 */
export async function* readCsvCars(
  text: AsyncIterable<string>,
  { maxRows = FEED_MAX_ROWS }: { maxRows?: number } = {},
): AsyncGenerator<RawCar> {
  const chunks = text[Symbol.asyncIterator]()
  // The header line decides the delimiter: read until it is whole (or long enough to tell).
  let head = ''
  while (!/[\r\n]/.test(head) && head.length < 64 * 1024) {
    const next = await chunks.next()
    if (next.done) break
    head += next.value
  }
  if (head === '') return
  const parser = parse({
    delimiter: detectDelimiter(head),
    bom: true,
    info: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_CHARS,
  })
  // Errors of the source (size, encoding) reach the parser, and through it this loop; the promise itself is awaited
  // only to leave no rejection unhandled.
  const piped = pipeline(Readable.from(withFirst(head, chunks)), parser).catch(() => {})
  let columns: Column[] | null = null
  let row = 0
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const { record, info } = item
      if (!columns) {
        columns = headerColumns(record)
        continue
      }
      if (record.every((cell) => cell.trim() === '')) continue
      row++
      if (row > maxRows)
        throw new FeedRefusedError('feed.too_many_rows', `The feed has more than ${maxRows} cars`, { max: maxRows })
      const newlines = record.reduce((n, cell) => n + (cell.match(/\r\n|\n|\r/g)?.length ?? 0), 0)
      const car: RawCar = { row, line: info.lines - newlines, values: {}, options: [], photos: [] }
      if (record.length !== columns.length) car.broken = 'columns'
      columns.forEach((column, i) => {
        const cell = record[i]?.trim() ?? ''
        if (!column || cell === '') return
        if (column.field === 'options') car.options.push(...splitList(cell))
        else if (column.field === 'photo_urls') car.photos.push(...splitList(cell))
        else car.values[column.field] = cell
      })
      yield car
    }
  } catch (error) {
    throw malformed(error)
  } finally {
    parser.destroy()
    await piped
  }
  if (!columns) throw new FeedRefusedError('feed.empty', 'The feed is empty')
}
