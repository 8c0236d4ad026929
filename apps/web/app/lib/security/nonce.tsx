import { createContext, useContext } from 'react'

/**
 * The request's Content-Security-Policy nonce, given by entry.server.tsx to the scripts React Router writes into
 * the page. Browsers hide nonces from the DOM, so in the browser it is empty, and that is fine: scripts added
 * after the page loads come from our own origin ('self').
 */
export const NonceContext = createContext('')

export const useNonce = () => useContext(NonceContext)

/** The policy of a page whose inline scripts carry `nonce`. */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    // Inline scripts only with this page's nonce; 'strict-dynamic' lets them load the route modules they import.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' https://accounts.google.com https://appleid.cdn-apple.com`,
    // React writes style attributes (a few progress bars and maps): those cannot carry a nonce.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    // The service worker (/sw.js, web push) comes from our origin; 'strict-dynamic' would not allow it by 'self'.
    "worker-src 'self'",
    "connect-src 'self' https://accounts.google.com https://appleid.apple.com",
    'frame-src https://accounts.google.com https://appleid.apple.com',
    "frame-ancestors 'none'",
    "form-action 'self' https://appleid.apple.com",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ')
}
