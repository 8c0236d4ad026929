import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { sniffImage } from './media.sniff.ts'

const pixel = () => sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } })

describe('sniffImage', () => {
  test('recognises JPEG, PNG, WebP and AVIF from their bytes', async () => {
    expect(sniffImage(await pixel().jpeg().toBuffer())).toBe('jpeg')
    expect(sniffImage(await pixel().png().toBuffer())).toBe('png')
    expect(sniffImage(await pixel().webp().toBuffer())).toBe('webp')
    expect(sniffImage(await pixel().avif().toBuffer())).toBe('avif')
    expect(sniffImage(await pixel().gif().toBuffer())).toBe('gif')
  })

  test('a text file or a PDF renamed to .jpg is not an image', () => {
    expect(sniffImage(Buffer.from('this is a text file pretending to be a jpeg'))).toBeNull()
    expect(sniffImage(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBeNull()
    expect(sniffImage(Buffer.alloc(4))).toBeNull()
  })

  test('an HEIC header is told apart from AVIF', () => {
    const box = Buffer.alloc(24)
    box.writeUInt32BE(24, 0)
    box.write('ftypheic', 4, 'latin1')
    box.write('mif1heic', 16, 'latin1')
    expect(sniffImage(box)).toBe('heic')
  })
})
