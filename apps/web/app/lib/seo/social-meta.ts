import type { MetaDescriptor } from 'react-router'

/** What a link preview shows (messengers, social networks): built on the server by the page's loader. */
export interface SocialPreview {
  title: string
  description: string
  /** The page's absolute URL as shared. */
  url: string
  /** `ru_KZ`, `kk_KZ`, `en_GB` (the `car.ogLocale` message). */
  ogLocale: string
  type: 'website' | 'product' | 'article'
  image?: { url: string; width: number; height: number; alt: string } | null
}

/**
 * The description, Open Graph and Twitter card tags of a page that people share (a car, a shared report): one
 * set, so every preview carries the same tags. The page adds its own `<title>`, canonical and robots.
 */
export function socialMeta(p: SocialPreview): MetaDescriptor[] {
  const image = p.image ?? null
  return [
    { name: 'description', content: p.description },
    { property: 'og:type', content: p.type },
    { property: 'og:site_name', content: 'Tulpar Auto' },
    { property: 'og:locale', content: p.ogLocale },
    { property: 'og:title', content: p.title },
    { property: 'og:description', content: p.description },
    { property: 'og:url', content: p.url },
    ...(image
      ? [
          { property: 'og:image', content: image.url },
          { property: 'og:image:width', content: String(image.width) },
          { property: 'og:image:height', content: String(image.height) },
          { property: 'og:image:alt', content: image.alt },
          { name: 'twitter:image', content: image.url },
        ]
      : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: p.title },
    { name: 'twitter:description', content: p.description },
  ]
}
