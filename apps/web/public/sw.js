/*
 * Tulpar Auto's service worker (the installable web app, issue 14; web push, issue 11). Registered by root.tsx
 * once the page has loaded (and by the account page's notification switch), never inside the app.
 *
 * Offline, it serves:
 * - the shell: the offline page, the manifest and icons (kept at install), and every built script and style a
 *   page used (/assets/*, content-hashed, so kept as they are);
 * - the pages last viewed online: the home page, the last 30 cars (/cars/{id}, with their photos) and the
 *   favourites (/wishlist); always fetched from the network first, so online they are never stale;
 * - for any other page, the offline page in the visitor's language (offline.html picks it).
 * It keeps no API answer (/api/*: the personal data behind them) but the similar cars of a price band, which a kept
 * car page asks for (decision 045; the same for everyone, the last 30 kept), and forgets the kept pages when the
 * visitor signs out or deletes the account (they show their name and favourites).
 *
 * Updates: a new version takes over open tabs at once (skipWaiting + claim) and is safe to: it keeps the scripts
 * the tabs' pages were built with (old builds' files stay in the assets cache, trimmed by count, never by
 * version), and nothing it answers depends on the version. Bump SHELL_CACHE when the shell files change.
 */
const SHELL_CACHE = 'tulpar-shell-v1'
// offline.html lists what this cache holds: keep the two names in step.
const PAGES_CACHE = 'tulpar-pages-v1'
const ASSETS_CACHE = 'tulpar-assets'
const MEDIA_CACHE = 'tulpar-media'
const SIMILAR_CACHE = 'tulpar-similar'
const SHELL_FILES = [
  '/offline.html',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/badge-96.png',
]
const MAX_CARS = 30
const MAX_ASSETS = 400
const MAX_MEDIA = 240

/** Pages kept for offline: the home page, a car, the favourites. */
const KEPT_PAGE = /^\/(?:cars\/\d+|wishlist)?$/
/** A price band's similar cars (GET /api/cars/similar/?...): public, asked for by every car page. */
const SIMILAR = /^\/api\/cars\/similar\/?$/
/** Requests after which the kept pages belong to nobody any more. */
const SIGN_OUT = /^\/(?:api\/auth\/sign-out|account\/delete(?:\.data)?)$/

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => n.startsWith('tulpar-shell-') && n !== SHELL_CACHE).map((n) => caches.delete(n)),
        ),
      )
      .then(() => self.clients.claim()),
  )
})

/** Keeps at most `max` entries, dropping the oldest (a cache lists its entries in the order they were added). */
async function trim(cache, max, matches = () => true) {
  const keys = (await cache.keys()).filter((request) => matches(new URL(request.url)))
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((request) => cache.delete(request)))
}

/** Keeps `res` as the one copy of `url` (whatever its Vary), then at most `max` of the entries `matches` picks. */
async function keepCopy(cache, url, res, max, matches) {
  await cache.delete(url, { ignoreVary: true })
  await cache.put(url, res)
  await trim(cache, max, matches)
}

/** Built files never change under one name: from the cache when there, else from the network and kept. */
async function fromCacheFirst(request, cacheName, max) {
  const cache = await caches.open(cacheName)
  const hit = await cache.match(request)
  if (hit) return hit
  const res = await fetch(request)
  if (res.ok && res.type === 'basic') {
    await cache.put(request, res.clone())
    await trim(cache, max)
  }
  return res
}

/** The scripts and styles a kept page loads first, kept with it so the page works offline. */
async function keepPageAssets(html) {
  const urls = new Set()
  for (const m of html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)) urls.add(m[1])
  const cache = await caches.open(ASSETS_CACHE)
  await Promise.all(
    [...urls].map(async (url) => {
      if (!(await cache.match(url))) await cache.add(url).catch(() => undefined)
    }),
  )
}

/** A page: from the network (kept when it is one of KEPT_PAGE); offline, the kept copy or the offline page. */
async function page(event, url) {
  const cache = await caches.open(PAGES_CACHE)
  try {
    const res = await fetch(event.request)
    if (KEPT_PAGE.test(url.pathname)) {
      if (res.ok && !res.redirected && res.type === 'basic') {
        const copy = res.clone()
        event.waitUntil(
          keepCopy(cache, url.href, copy.clone(), MAX_CARS, (u) => u.pathname.startsWith('/cars/')).then(async () =>
            keepPageAssets(await copy.text()),
          ),
        )
      } else if (res.status === 404 || res.status === 410) {
        // A car that is gone is not offered offline either.
        event.waitUntil(cache.delete(url.href, { ignoreVary: true }))
      }
    }
    return res
  } catch {
    const kept = await cache.match(url.href, { ignoreVary: true })
    if (kept) return kept
    return (await caches.match('/offline.html')) ?? Response.error()
  }
}

/** A band's similar cars: from the network, kept (the last MAX_CARS); offline, the kept answer. */
async function similarCars(event, request) {
  const cache = await caches.open(SIMILAR_CACHE)
  try {
    const res = await fetch(request)
    if (res.ok && res.type === 'basic') event.waitUntil(keepCopy(cache, request.url, res.clone(), MAX_CARS))
    return res
  } catch {
    return (await cache.match(request.url, { ignoreVary: true })) ?? Response.error()
  }
}

/**
 * A client-side navigation's requests to React Router (its route discovery `/__manifest`, a page's data
 * `/cars/42.data`): offline, answered with React Router's own "load this as a document" signals, so the browser
 * asks for the page itself, which page() answers (the kept copy or the offline page) instead of the app showing
 * an error.
 */
async function routeData(request, url) {
  try {
    return await fetch(request)
  } catch {
    if (url.pathname === '/__manifest') {
      return new Response(null, { status: 204, headers: { 'X-Remix-Reload-Document': 'true' } })
    }
    const target = new URL(url)
    target.pathname = url.pathname === '/_root.data' ? '/' : url.pathname.replace(/(?:\/_)?\.data$/, '') || '/'
    target.searchParams.delete('_routes')
    target.searchParams.delete('index')
    return new Response(null, {
      status: 204,
      headers: {
        'X-Remix-Redirect': target.pathname + target.search,
        'X-Remix-Status': '302',
        'X-Remix-Reload-Document': 'true',
      },
    })
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (request.method !== 'GET') {
    if (SIGN_OUT.test(url.pathname)) event.waitUntil(caches.delete(PAGES_CACHE))
    return
  }
  if (SIMILAR.test(url.pathname)) {
    event.respondWith(similarCars(event, request))
    return
  }
  // Never the rest of the API (personal answers), the development pages, or the service worker itself.
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/dev/') || url.pathname === '/sw.js') return
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(fromCacheFirst(request, ASSETS_CACHE, MAX_ASSETS))
  } else if (url.pathname.startsWith('/media/')) {
    event.respondWith(fromCacheFirst(request, MEDIA_CACHE, MAX_MEDIA))
  } else if (url.pathname.endsWith('.data') || url.pathname === '/__manifest') {
    event.respondWith(routeData(request, url))
  } else if (request.mode === 'navigate') {
    event.respondWith(page(event, url))
  } else if (SHELL_FILES.includes(url.pathname)) {
    event.respondWith(caches.match(request).then((hit) => hit ?? fetch(request)))
  }
})

self.addEventListener('push', (event) => {
  let message = { title: 'Tulpar Auto', body: '', url: '/' }
  try {
    message = { ...message, ...event.data.json() }
  } catch {
    if (event.data) message.body = event.data.text()
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: message.url },
      tag: message.url,
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const raw = event.notification.data?.url || '/'
  // Only our own pages: a push can never send the visitor elsewhere.
  const target = new URL(raw, self.location.origin)
  const url = target.origin === self.location.origin ? target.href : self.location.origin
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const w of windows) {
        if (w.url === url && 'focus' in w) return w.focus()
      }
      return self.clients.openWindow(url)
    }),
  )
})
