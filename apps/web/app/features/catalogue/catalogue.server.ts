import type { Services } from '@tulpar/api'
import { photoUrl } from '@tulpar/api/media-urls'
import type { ListingSearchQuery, Locale } from '@tulpar/contracts'
import { data, redirect } from 'react-router'
import { MESSAGES, type MessageKey, translate } from '../../i18n/index.ts'
import { whenServiceFails } from '../../lib/service-errors.ts'
import { CATALOGUE_BASE, CATALOGUE_QUERY_KEYS, type CatalogueFilters, catalogueHref, filterValue } from './href.ts'
import { ALL_CITIES, resolveSegments } from './readable-url.ts'
import { parseCatalogueParams } from './search-params.server.ts'
import { catalogueTexts } from './seo.server.ts'

const PATH_KEYS = ['brand', 'model', 'city'] as const

/** A permanent redirect that keeps the language the visitor followed (`?lang=`). */
function moved(href: string, url: URL): Response {
  const lang = url.searchParams.get('lang')
  const target = lang ? `${href}${href.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}` : href
  return redirect(target, 301)
}

/** The query filters of a URL as written (unchecked), for carrying them into a redirect. */
function queryFilters(url: URL): CatalogueFilters {
  const filters: CatalogueFilters = {}
  for (const key of CATALOGUE_QUERY_KEYS) filters[key] = url.searchParams.get(key)
  return filters
}

/**
 * Everything the catalogue page at `/auto/...` shows. Throws a 404 response for segments that name no brand,
 * model or city, and a 301 to the readable form for upper-case segments or brand/model/city in the query.
 */
export async function loadCatalogue(
  request: Request,
  segments: string[],
  { services, locale, publicUrl }: { services: Services; locale: Locale; publicUrl: string },
) {
  const url = new URL(request.url)
  const lower = segments.map((s) => s.toLowerCase())
  if (lower.some((s, i) => s !== segments[i])) throw redirect(`${CATALOGUE_BASE}/${lower.join('/')}${url.search}`, 301)
  const messages = MESSAGES[locale]
  const [brands, cities, firstModels] = await Promise.all([
    services.reference.listBrands(),
    services.reference.listCities(locale),
    lower[0] ? services.reference.listModels(lower[0]) : Promise.resolve([]),
  ])
  const place = resolveSegments(lower, { brands, cities, models: firstModels })
  if (!place) {
    throw data({ title: translate(messages, locale, 'catalogue.notFound.title') }, { status: 404 })
  }
  // A hand-written `/auto/almaty?brand=toyota`: the same page has one address, the readable one.
  if (PATH_KEYS.some((k) => url.searchParams.has(k))) {
    const q = (k: (typeof PATH_KEYS)[number]) => filterValue(k, url.searchParams.get(k))
    const city = url.searchParams.has('city') ? q('city') : place.city?.slug
    throw moved(
      catalogueHref({
        ...queryFilters(url),
        brand: url.searchParams.has('brand') ? q('brand') : place.brand?.slug,
        model: url.searchParams.has('model') || url.searchParams.has('brand') ? q('model') : place.model?.slug,
        city: city === ALL_CITIES ? undefined : city,
      }),
      url,
    )
  }

  const { query, invalid } = parseCatalogueParams(url.searchParams, {
    brand: place.brand?.slug,
    model: place.model?.slug,
    city: place.city?.slug,
  })
  const [page, facets, dealer] = await Promise.all([
    services.listings.searchListings(query, locale),
    services.listings.listFacets({ brand: query.brand, city: query.city }),
    dealerScope(services, query.dealer, locale),
  ])
  const texts = catalogueTexts(place, page.count, query.page, locale)
  const readable = { brand: query.brand, model: query.model, city: query.city }
  const hasQueryFilters = CATALOGUE_QUERY_KEYS.some((k) => k !== 'page' && filterValue(k, query[k]) !== null)
  // A shared catalogue link (a saved search, issue 14) previews with the first car's photo, else the brand icon.
  const cover = page.results.find((r) => r.cover && !r.cover.isIllustration)?.cover ?? page.results[0]?.cover
  const openGraph = [
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Tulpar Auto' },
    { property: 'og:locale', content: translate(messages, locale, 'car.ogLocale') },
    {
      property: 'og:image',
      content: cover ? `${publicUrl}${photoUrl(cover.key, 'gallery', 'jpeg')}` : `${publicUrl}/icons/icon-512.png`,
    },
    { name: 'twitter:card', content: cover ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: texts.title },
    { name: 'twitter:description', content: texts.description },
  ]
  return {
    query,
    invalid,
    page,
    brands: withSelected(facets.brands, place.brand),
    models: withSelected(facets.models, place.model),
    cities: cities.map(({ slug, name }) => ({ slug, name })),
    place: {
      brand: place.brand ? { slug: place.brand.slug, name: place.brand.name } : null,
      model: place.model ? { slug: place.model.slug, name: place.model.name } : null,
      city: place.city ? { slug: place.city.slug, name: place.city.name } : null,
    },
    scopes: scopeNotes(query, place.city?.name ?? null, dealer, locale),
    yearMax: new Date().getUTCFullYear() + 1,
    ...texts,
    // Filtered variants point at their readable page; numbered pages of it stay distinct.
    canonical: `${publicUrl}${catalogueHref({ ...readable, page: hasQueryFilters ? undefined : query.page })}`,
    openGraph,
  }
}

/**
 * The lines above the results saying what the page is limited to (a city, a dealer's cars), each with a link out of
 * it; the dealer's names the dealer and links to its page. Written here so the page's own code stays small.
 */
function scopeNotes(
  query: ListingSearchQuery,
  cityName: string | null,
  dealer: { id: number; name: string | null } | null,
  locale: Locale,
) {
  const messages = MESSAGES[locale]
  const text = (key: MessageKey, params?: Record<string, string>) => translate(messages, locale, key, params)
  const notes: { text: string; href: string | null; clear: { href: string; text: string } }[] = []
  if (cityName)
    notes.push({
      text: text('catalogue.inCity', { city: cityName }),
      href: null,
      clear: { href: catalogueHref({ ...query, city: undefined, page: undefined }), text: text('catalogue.widen') },
    })
  if (dealer)
    notes.push({
      text: dealer.name ? text('dealer.scope.note', { name: dealer.name }) : text('dealer.scope.unknown'),
      href: dealer.name ? `/dealers/${dealer.id}` : null,
      clear: {
        href: catalogueHref({ ...query, dealer: undefined, page: undefined }),
        text: text('dealer.scope.clear'),
      },
    })
  return notes
}

/** The dealer a catalogue link is scoped to (its page's "in the catalogue"), named while it is verified. */
async function dealerScope(services: Services, id: number | undefined, locale: Locale) {
  if (id === undefined) return null
  const dealer = await whenServiceFails(services.dealers.getPublic(id, locale), ({ code }) =>
    // A dealer no longer verified keeps its filter (its cars are not shown anyway) but not its name.
    code === 'dealer.not_found' ? null : undefined,
  )
  return { id, name: dealer?.name ?? null }
}

/** The facet list, plus the chosen entry when it has no listings (so the select still shows the choice). */
function withSelected(
  counts: { slug: string; name: string; count: number }[],
  chosen: { slug: string; name: string } | undefined,
) {
  if (!chosen || counts.some((c) => c.slug === chosen.slug)) return counts
  return [...counts, { slug: chosen.slug, name: chosen.name, count: 0 }].sort((a, b) => a.name.localeCompare(b.name))
}
