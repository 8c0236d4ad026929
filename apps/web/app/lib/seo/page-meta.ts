import type { MetaDescriptor } from 'react-router'

/** A page's title, description and canonical address, with the same three in Open Graph for link previews. */
export function pageMeta(page: { title: string; description: string; canonical: string }): MetaDescriptor[] {
  return [
    { title: `${page.title} — Tulpar Auto` },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: page.canonical },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: page.canonical },
  ]
}
