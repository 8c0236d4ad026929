import type { GuestCachePolicy, Services } from '@tulpar/api'
import type { Locale } from '@tulpar/contracts'
import { createContext } from 'react-router'

/*
 * Router context tokens shared by server.ts and the route modules. This module is reached through the
 * `#app-context` package import and kept external in the SSR build, so both sides hold the same tokens.
 */

/** The API's services: loaders call the same use cases as the REST routes, never the database or HTTP. */
export const servicesContext = createContext<Services>()

export interface RequestInfo {
  /** Absolute origin used for canonical and hreflang links, e.g. https://tulpar.kz */
  publicUrl: string
  requestId: string
  /** The client's address as the API sees it (rate limits and view counting treat pages and API alike). */
  clientIp: string
  /** A fresh random value per request that the page's inline scripts carry (Content-Security-Policy nonce). */
  cspNonce: string
}
export const requestInfoContext = createContext<RequestInfo>()

/**
 * The signed-in user of this request, looked up at most once however many loaders ask (the layout's header and the
 * car page's owner check run side by side): features/auth/viewer.server.ts fills `lookup` on first use.
 */
export interface ViewerSlot {
  lookup: ReturnType<Services['sessions']['sessionUser']> | null
}
export const viewerContext = createContext<ViewerSlot | null>(null)

/** The locale of this request, set by the root middleware. */
export const localeContext = createContext<Locale>('ru')

/**
 * What a page route says about being cached for guests (server.ts's page cache reads it when the answer goes out;
 * features/page-cache sets it). `eligible` is false for anyone but a guest asking for a page: then it stays inert.
 */
/** A guest page's caching: the same policy API routes set on their request (decision 019). */
export type PagePolicy = GuestCachePolicy
export const pagePolicyContext = createContext<PagePolicy>({ eligible: false, seconds: 0, tags: new Set() })
