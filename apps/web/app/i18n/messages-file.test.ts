import { createHash } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { MESSAGES_JSON } from './index.ts'
import { baseMessages, localeOfMessagesFile, MESSAGES_FILE, messagesBody, messagesUrl } from './messages-file.server.ts'

describe("every page's messages as a file (decision 022)", () => {
  test('each language has its own file, named after a hash of what it holds', () => {
    for (const locale of ['ru', 'kk', 'en'] as const) {
      const hash = createHash('sha256').update(MESSAGES_JSON[locale]).digest('hex').slice(0, 12)
      expect(MESSAGES_FILE[locale]).toBe(`${locale}.${hash}.json`)
      expect(messagesUrl(locale)).toBe(`/assets/i18n/${locale}.${hash}.json`)
      expect(localeOfMessagesFile(MESSAGES_FILE[locale])).toBe(locale)
    }
    expect(new Set(Object.values(MESSAGES_FILE)).size).toBe(3)
  })

  test('another name, an older hash or a path is no language', () => {
    for (const name of ['ru.000000000000.json', 'ru.json', '', '../ru.json', `${MESSAGES_FILE.ru}x`, 'RU'])
      expect(localeOfMessagesFile(name), name).toBeNull()
  })

  test("the server's render uses the same text the file holds, parsed once", () => {
    expect(baseMessages('kk')).toEqual(JSON.parse(MESSAGES_JSON.kk))
    expect(baseMessages('kk')).toBe(baseMessages('kk'))
    expect(baseMessages('en')['notFound.home']).toBe('Go home')
  })

  test('each encoding holds the same text, compressed once per process', async () => {
    const br = await messagesBody('kk', 'br')
    const gz = await messagesBody('kk', 'gzip')
    const plain = await messagesBody('kk', 'identity')
    expect(plain.toString('utf8')).toBe(MESSAGES_JSON.kk)
    expect(brotliDecompressSync(br).toString('utf8')).toBe(MESSAGES_JSON.kk)
    expect(gunzipSync(gz).toString('utf8')).toBe(MESSAGES_JSON.kk)
    expect(br.length).toBeLessThan(gz.length)
    expect(gz.length).toBeLessThan(plain.length / 3)
    expect(await messagesBody('kk', 'br')).toBe(br)
  })
})
