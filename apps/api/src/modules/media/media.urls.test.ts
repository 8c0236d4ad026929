import { describe, expect, test } from 'vitest'
import { photoSources, photoUrl } from './media.urls.ts'

describe('photo URLs', () => {
  test('point at the stored file under /media with the format extension', () => {
    expect(photoUrl('listings/42/abc', 'card', 'jpeg')).toBe('/media/listings/42/abc/card.jpg')
    expect(photoUrl('illustrations/sedan-ffffff-0', 'full', 'avif')).toBe(
      '/media/illustrations/sedan-ffffff-0/full.avif',
    )
  })

  test('list the picture sources of a variant', () => {
    expect(photoSources('k', 'gallery')).toEqual({
      avif: '/media/k/gallery.avif',
      webp: '/media/k/gallery.webp',
      jpeg: '/media/k/gallery.jpg',
    })
  })
})
