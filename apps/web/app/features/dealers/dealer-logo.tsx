import type { DealerLogo as Logo } from '@tulpar/contracts'

/**
 * A dealer's logo (a square in AVIF, WebP and JPEG), or nothing when it has none. `alt` is empty where the
 * dealer's name is written beside it.
 */
export function DealerLogo({ logo, alt, size }: { logo: Logo | null; alt: string; size: number }) {
  if (!logo) return null
  return (
    <picture className="dealer-logo">
      <source type="image/avif" srcSet={logo.avif} />
      <source type="image/webp" srcSet={logo.webp} />
      <img src={logo.jpeg} alt={alt} width={size} height={size} decoding="async" />
    </picture>
  )
}
