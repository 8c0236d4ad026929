import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { MESSAGES_JSON } from '../../i18n/index.ts'
import { compress, preferredEncoding } from './compression.server.ts'

describe('what the server compresses itself', () => {
  test('sent in brotli, else gzip, by what the request accepts; a q of 0 refuses an encoding', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(preferredEncoding('gzip, deflate')).toBe('gzip')
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip')
    expect(preferredEncoding('BR')).toBe('br')
    expect(preferredEncoding('identity')).toBe('identity')
    expect(preferredEncoding('')).toBe('identity')
    expect(preferredEncoding(null)).toBe('identity')
  })

  test('each effort decompresses to the same text; the strongest is the smallest', async () => {
    // Real text: a language's messages file.
    const text = Buffer.from(MESSAGES_JSON.kk)
    const kept = await compress(text, 'br', 'kept')
    const strongest = await compress(text, 'br', 'strongest')
    expect(brotliDecompressSync(kept).equals(text)).toBe(true)
    expect(brotliDecompressSync(strongest).equals(text)).toBe(true)
    expect(strongest.length).toBeLessThan(kept.length)
    expect(gunzipSync(await compress(text, 'gzip', 'strongest')).equals(text)).toBe(true)
    expect(await compress(text, 'identity', 'strongest')).toBe(text)
  })
})
