/**
 * The service worker's registration, written into every page by entry.server.tsx as React's bootstrap script
 * (inline, with the page's CSP nonce): no bytes in the pages' JavaScript bundles. It waits for the page's `load`
 * (after hydration, so never competing with the page's own scripts), and leaves the app alone (Capacitor's
 * bridge present: the app has its own push and offline page).
 */
export const REGISTER_SERVICE_WORKER =
  "addEventListener('load',()=>{window.Capacitor||navigator.serviceWorker?.register('/sw.js')})"
