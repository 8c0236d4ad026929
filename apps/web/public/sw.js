/*
 * Tulpar Auto's service worker. Today: web push (alerts of saved searches, price drops, messages). It caches
 * nothing yet, so it can never serve a stale page; the offline shell comes with the installable web app.
 * Registered only when the visitor turns browser notifications on (the account page), never on first load.
 */
self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

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
      icon: '/favicon.svg',
      badge: '/favicon.svg',
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
