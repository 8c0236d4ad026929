import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { MIN_BYTES, precompressFolder } from './precompress.ts'

describe('the client build compressed at build time', () => {
  let folder: string
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'precompress-'))
  })
  afterEach(() => rmSync(folder, { recursive: true, force: true }))

  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 37}`))}\n`

  test('writes brotli and gzip beside each text file, in subfolders too, that decompress to the same bytes', async () => {
    mkdirSync(join(folder, 'assets'))
    writeFileSync(join(folder, 'assets', 'chunk-abc.js'), script)
    writeFileSync(join(folder, 'offline.html'), `<!doctype html><p>${'Нет сети. '.repeat(200)}</p>`)
    const result = await precompressFolder(folder)
    expect(result.files).toBe(2)
    for (const file of [join(folder, 'assets', 'chunk-abc.js'), join(folder, 'offline.html')]) {
      const original = readFileSync(file)
      const br = readFileSync(`${file}.br`)
      const gz = readFileSync(`${file}.gz`)
      expect(brotliDecompressSync(br).equals(original)).toBe(true)
      expect(gunzipSync(gz).equals(original)).toBe(true)
      expect(br.length).toBeLessThan(gz.length)
      expect(gz.length).toBeLessThan(original.length)
    }
    expect(result.brotliBytes).toBeLessThan(result.gzipBytes)
  })

  test('leaves alone small files, images, and text that would not get smaller', async () => {
    writeFileSync(join(folder, 'tiny.js'), 'x'.repeat(MIN_BYTES - 1))
    writeFileSync(join(folder, 'photo.png'), Buffer.alloc(4096, 7))
    // Random bytes do not compress: no variant is written, the server sends the file itself.
    writeFileSync(join(folder, 'noise.json'), Buffer.from(crypto.getRandomValues(new Uint8Array(4096))))
    const result = await precompressFolder(folder)
    expect(result.files).toBe(1)
    for (const name of ['tiny.js', 'photo.png', 'noise.json']) {
      expect(existsSync(join(folder, `${name}.br`))).toBe(false)
      expect(existsSync(join(folder, `${name}.gz`))).toBe(false)
    }
  })

  test('a second run (a build over an old one) writes the same variants and no variants of variants', async () => {
    writeFileSync(join(folder, 'chunk.js'), script)
    await precompressFolder(folder)
    const first = readFileSync(join(folder, 'chunk.js.br'))
    const again = await precompressFolder(folder)
    expect(again.files).toBe(1)
    expect(readFileSync(join(folder, 'chunk.js.br')).equals(first)).toBe(true)
    expect(existsSync(join(folder, 'chunk.js.br.br'))).toBe(false)
  })
})
