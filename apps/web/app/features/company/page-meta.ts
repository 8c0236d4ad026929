/** What the company pages' loaders return for the head: the same tags as the other content pages. */
export interface PageSeo {
  title: string
  description: string
  canonical: string
}

export function pageMeta(seo: PageSeo | undefined) {
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
