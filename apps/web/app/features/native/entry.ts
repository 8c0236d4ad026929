/*
 * Imported by root.tsx only inside the app (when Capacitor's bridge says the platform is native): the site's
 * pages on the web never load this or the plugins.
 */
import { api } from '../../lib/api/client.ts'
import { plugins } from './plugins.ts'
import { type AppRouter, startNativeApp } from './start.ts'

declare global {
  interface Window {
    /** Set by React Router's HydratedRouter (framework mode) before the app's effects run. */
    __reactRouterDataRouter?: AppRouter
  }
}

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind]
  } catch {
    return null
  }
}

const router = window.__reactRouterDataRouter
if (router) {
  startNativeApp({
    plugins,
    router,
    api,
    storage: storage('localStorage'),
    session: storage('sessionStorage'),
    origin: window.location.origin,
    document,
    history: window.history,
  }).catch(() => {
    // A plugin missing from an old build of the app: the site still works as in a browser.
  })
}
