import { photoSources } from '@tulpar/api/media-urls'

const SIZES = { card: { w: 480, h: 360 }, gallery: { w: 1024, h: 768 } } as const

/**
 * A listing photo in AVIF and WebP with a JPEG fallback. Width and height are always set (4:3), so the
 * page does not shift while images load.
 */
export function Picture({
  photoKey,
  alt,
  variant,
  sizes,
  eager = false,
}: {
  photoKey: string
  alt: string
  variant: 'card' | 'gallery'
  sizes: string
  eager?: boolean
}) {
  const card = photoSources(photoKey, 'card')
  const gallery = photoSources(photoKey, 'gallery')
  const srcSet = (format: 'avif' | 'webp' | 'jpeg') =>
    variant === 'card'
      ? `${card[format]} 480w, ${gallery[format]} 1024w`
      : `${gallery[format]} 1024w, ${photoSources(photoKey, 'full')[format]} 1600w`
  const { w, h } = SIZES[variant]
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet('avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet('webp')} sizes={sizes} />
      <img
        src={variant === 'card' ? card.jpeg : gallery.jpeg}
        alt={alt}
        width={w}
        height={h}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={eager ? 'high' : undefined}
      />
    </picture>
  )
}
