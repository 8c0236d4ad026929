import type { MetaDescriptor } from 'react-router'

/** What a content page's loader returns for the head (the company pages, the partners, the Tulpar cars). */
export interface PageSeo {
  title: string
  description: string
  canonical: string
}

/** The page's title, description and canonical address, with the same three in Open Graph for link previews. */
export function pageMeta(seo: PageSeo | undefined): MetaDescriptor[] {
  if (!seo) return []
  return [
    { title: `${seo.title} — Tulpar Auto` },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: seo.canonical },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.canonical },
  ]
}
