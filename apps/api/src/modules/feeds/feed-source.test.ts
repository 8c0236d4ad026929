import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { openFeedText } from './feed-source.ts'

/** Windows-1251 bytes of a text (the inverse of TextDecoder's table; tests only). */
function cp1251(text: string): Buffer {
  const decoder = new TextDecoder('windows-1251')
  const table = new Map<string, number>()
  for (let b = 0x80; b <= 0xff; b++) table.set(decoder.decode(Uint8Array.of(b)), b)
  return Buffer.from([...text].map((ch) => (ch.charCodeAt(0) < 0x80 ? ch.charCodeAt(0) : (table.get(ch) ?? 0x3f))))
}

async function readAll(input: Buffer | Buffer[]) {
  const feed = await openFeedText(Readable.from(Array.isArray(input) ? input : [input]))
  let text = ''
  for await (const piece of feed.text) text += piece
  return { format: feed.format, encoding: feed.encoding, text }
}

const HEADER = 'external_id,make,model,year,mileage_km,price_kzt,city\n'

describe('reading a feed file as text', () => {
  test('UTF-8 with and without a byte order mark reads the same, the mark removed', async () => {
    const plain = await readAll(Buffer.from(`${HEADER}1,Тойота,Камри,2019,1,1,Алматы\n`))
    const bom = await readAll(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(plain.text)]))
    expect(bom).toEqual(plain)
    expect(plain).toMatchObject({ format: 'csv', encoding: 'utf-8' })
    expect(plain.text.startsWith('external_id')).toBe(true)
  })

  test('Windows-1251 Cyrillic is detected and decoded', async () => {
    const feed = await readAll(cp1251(`${HEADER}1,Лада,Гранта,2020,1,1,Усть-Каменогорск «центр» №1\n`))
    expect(feed.encoding).toBe('windows-1251')
    expect(feed.text).toContain('Усть-Каменогорск «центр» №1')
  })

  test('an ASCII start followed by Windows-1251 later in the stream switches to Windows-1251', async () => {
    const ascii = Buffer.from(`${HEADER}${'1,Toyota,Camry,2019,1,1,Almaty\n'.repeat(3000)}`)
    const feed = await readAll([ascii, cp1251('2,Лада,Веста,2020,1,1,Алматы\n')])
    expect(feed.encoding).toBe('windows-1251')
    expect(feed.text.endsWith('2,Лада,Веста,2020,1,1,Алматы\n')).toBe(true)
  })

  test('bytes that are neither UTF-8 nor sensible Windows-1251 are refused with feed.encoding', async () => {
    const garbage = Buffer.from(`${HEADER}1,\x81\x83\x88\x98\x81\x83,x,2019,1,1,x\n`, 'latin1')
    await expect(readAll(garbage)).rejects.toMatchObject({ code: 'feed.encoding' })
  })

  test('UTF-8 text broken by a non-UTF-8 byte later on is refused, not half read', async () => {
    const utf8 = Buffer.from(`${HEADER}1,Тойота,Камри,2019,1,1,Алматы\n`.repeat(2000))
    await expect(readAll([utf8, cp1251('2,Лада,Веста,2020,1,1,Алматы\n')])).rejects.toMatchObject({
      code: 'feed.encoding',
    })
  })

  test('UTF-16 is refused with feed.encoding, with or without its mark', async () => {
    await expect(
      readAll(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(HEADER, 'utf16le')])),
    ).rejects.toMatchObject({ code: 'feed.encoding' })
    await expect(readAll(Buffer.from(HEADER, 'utf16le'))).rejects.toMatchObject({ code: 'feed.encoding' })
  })

  test('a binary file (a ZIP archive) and an empty file are refused', async () => {
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00, 0x21, 0x00])
    await expect(readAll(zip)).rejects.toMatchObject({ code: 'feed.not_a_feed' })
    await expect(readAll(Buffer.from('  \n'))).rejects.toMatchObject({ code: 'feed.empty' })
  })

  test('an XML declaration naming another encoding is refused; one naming windows-1251 is honoured', async () => {
    const koi = Buffer.from('<?xml version="1.0" encoding="KOI8-R"?><cars/>')
    await expect(readAll(koi)).rejects.toMatchObject({ code: 'feed.encoding' })
    const feed = await readAll(
      cp1251('<?xml version="1.0" encoding="windows-1251"?><cars><car><make>Лада</make></car></cars>'),
    )
    expect(feed).toMatchObject({ format: 'xml', encoding: 'windows-1251' })
    expect(feed.text).toContain('<make>Лада</make>')
  })

  test('a file over the size limit is refused while it streams, without reading the rest', async () => {
    let pulled = 0
    async function* endless() {
      for (;;) {
        pulled++
        yield Buffer.alloc(1024 * 1024, 0x41)
      }
    }
    const open = async () => {
      const feed = await openFeedText(endless(), { maxBytes: 3 * 1024 * 1024 })
      for await (const _ of feed.text) {
        // read on
      }
    }
    await expect(open()).rejects.toMatchObject({ code: 'feed.too_large', status: 413 })
    expect(pulled).toBe(4)
  })
})
