import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { parseIllustrationFile, renderIllustrationFile } from './illustrations.files.ts'

describe('illustration files drawn on demand', () => {
  test('an illustration path names body type, colour, scene, variant and format', () => {
    expect(parseIllustrationFile('illustrations/sedan-ffffff-2/card.jpg')).toEqual({
      bodyType: 'sedan',
      colourHex: '#ffffff',
      scene: 2,
      variant: 'card',
      format: 'jpeg',
    })
  })

  test.each([
    'illustrations/boat-ffffff-0/card.jpg',
    'illustrations/sedan-fff-0/card.jpg',
    'illustrations/sedan-ffffff-3/card.jpg',
    'illustrations/sedan-ffffff-0/huge.jpg',
    'illustrations/../secrets.json',
    'photos/1/card.jpg',
  ])('%s is not an illustration file', (path) => {
    expect(parseIllustrationFile(path)).toBeNull()
  })

  test('a card is drawn at 480x360 in the asked format', async () => {
    const avif = await renderIllustrationFile({
      bodyType: 'suv',
      colourHex: '#1f3a93',
      scene: 1,
      variant: 'card',
      format: 'avif',
    })
    const meta = await sharp(avif).metadata()
    expect(meta.format).toBe('heif')
    expect([meta.width, meta.height]).toEqual([480, 360])
    const jpeg = await renderIllustrationFile({
      bodyType: 'suv',
      colourHex: '#1f3a93',
      scene: 1,
      variant: 'gallery',
      format: 'jpeg',
    })
    expect((await sharp(jpeg).metadata()).width).toBe(1024)
  })
})
