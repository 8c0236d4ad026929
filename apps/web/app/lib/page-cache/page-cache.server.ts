import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { PagePolicy } from '#app-context'
import { compress, compressFirstView, fastEncoding } from '../compression/compression.server.ts'
import { keepWithNonceSlots, withNonce } from '../security/kept-page-nonce.server.ts'
import { answerFromFirstView, keepFirstViewForGood, ZSTD_GUEST_HEADERS } from './first-views.server.ts'
import { answerOf, sendEntry, sendKept, writeKept } from './kept-answers.server.ts'
import { encodingOfKey, guestPageKey } from './page-key.server.ts'
import type { Entry, FirstView, PageCache } from './page-store.server.ts'
import type { SharedLookup, SharedPageStore } from './shared-page-store.server.ts'

/*
 * Guests' pages from memory (issue 15, docs/decisions/019-guest-page-cache.md). A page is cached only when its
 * route asked for it (features/page-cache: `cacheForGuests(context, { seconds, tags })`), the request carries no
 * credential and no cookie but the language, the city and the view-counting visitor id (the API's car details and
 * search, the same for every reader, take a session too: page-key.server.ts), and the answer is a 200
 * without Set-Cookie. The key is the URL, the language, the city (for the pages that depend on it: decision 041)
 * and the encoding the answer was compressed with (entries hold the bytes as sent, so a hit costs no rendering and no compression; a page's CSP nonce is replaced by
 * a fresh one in each answer, decision 028; kept-answers.server.ts). Changes purge by tag from the
 * database's notifications (server.ts), so every process drops what a change touched within a second; the time
 * limit is only the safety net for a notification missed while a listener reconnected.
 * With Redis, a miss here is looked up in the pages all processes share before it is rendered, and a page kept here
 * is kept there too (shared-page-store.server.ts, decision 034).
 */

/** Headers of an answer that belong to that one request, never replayed from the cache. */
const PER_REQUEST_HEADERS = new Set([
  'x-request-id',
  'content-length',
  'set-cookie',
  'date',
  'connection',
  'keep-alive',
  'x-cache',
  'age',
])

async function bodyBytes(payload: unknown): Promise<Buffer | null> {
  if (payload == null) return Buffer.alloc(0)
  if (typeof payload === 'string') return Buffer.from(payload)
  if (Buffer.isBuffer(payload)) return payload
  if (typeof (payload as Readable).pipe === 'function') {
    const chunks: Buffer[] = []
    for await (const chunk of payload as Readable) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
    return Buffer.concat(chunks)
  }
  return null
}

declare module 'fastify' {
  interface FastifyRequest {
    pageCacheKey?: string
    /** When this guest's look-up began (this process's clock): a purge after it keeps its render out. */
    pageCacheStartedAt?: number
    /** Redis's time of the shared store's look-up that missed: a purge after it keeps the render out of Redis. */
    sharedPageClock?: number
  }
}

const NOT_ELIGIBLE: PagePolicy = Object.freeze({ eligible: false, seconds: 0, tags: new Set<string>() })

/** The policy object the router context carries for this request (an inert one when it may not be cached). */
export function pagePolicyOf(request: FastifyRequest): PagePolicy {
  return request.guestCache ?? NOT_ELIGIBLE
}

/** A Content-Security-Policy header's nonce, and the header before and after it; null without one. */
function splitPolicy(header: unknown): { nonce: string; policy: [string, string] } | null {
  if (typeof header !== 'string') return null
  const match = /'nonce-([^']+)'/.exec(header)
  const nonce = match?.[1]
  if (!match || !nonce) return null
  const at = match.index + "'nonce-".length
  return { nonce, policy: [header.slice(0, at), header.slice(at + nonce.length)] }
}

/**
 * A stored page answered straight off the socket, before Fastify parses the request (the API's `frontDoor`): a
 * hit then costs about what Node's bare HTTP server costs, not a pass through every hook of the app. The entry
 * holds the headers the page was first sent with (security headers, its CSP and caching); the answer adds only
 * its own id, age and length. Anything else (a miss, a page being rendered) goes on to Fastify.
 */
export function cachedPageDoor(cache: PageCache) {
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const key = guestPageKey(request)
    if (key === null) return false
    const entry = cache.peek(key)
    if (!entry) return false
    writeKept(request, response, entry, answerOf(entry, request.method === 'HEAD'))
    return true
  }
}

/** The longest a CDN in front may answer a kept page stale while it asks again (CDN-Cache-Control). */
const CDN_STALE_SECONDS = 300

/** How long a guest waits for another guest's render of the same page before rendering it too. */
const FILL_WAIT_MS = 5000

export interface PageCacheOptions {
  /** FILL_WAIT_MS unless told (tests). */
  waitMs?: number
  /** The pages every process shares (Redis): asked on a miss here, and given what is kept here. */
  shared?: SharedPageStore | null
}

/**
 * Purges the tags here at once and in the shared store (the promise: when Redis has it). Every process receives
 * every change and does both: the shared store's purge only records when, a few hash writes, not a scan. Until Redis
 * has it, this process takes no page from Redis rendered before it (sharedEntry).
 */
export function purgePages(
  cache: PageCache,
  shared: Pick<SharedPageStore, 'purge'> | null = null,
): (tags: string[]) => Promise<void> {
  return async (tags) => {
    const at = Date.now()
    cache.purge(tags)
    if (!shared) return
    cache.notePurgeShared(tags, at, false)
    if (await shared.purge(tags)) cache.notePurgeShared(tags, at, true)
    else cache.countShared('error')
  }
}

/**
 * The entry of a page found in the shared store (looked up at `askedAt`), or null when one of its tags was purged
 * here since its render began and Redis has not confirmed that purge (it checks the ones it has itself).
 */
function sharedEntry(cache: PageCache, key: string, found: SharedLookup, askedAt: number): Entry | null {
  if (found.found !== 'page') return null
  // Its render began `ageMs` before Redis ran the look-up (Redis's clock; only the duration is used here), so not
  // before this. A purge made here since then (in that millisecond too) that Redis may not have yet (slow, or away a
  // moment): the page is not used.
  const renderedAt = askedAt - found.ageMs
  if (cache.lastPurged(found.page.tags, { unshared: true }) >= Math.floor(renderedAt)) return null
  const now = Date.now()
  return { key, ...found.page, storedAt: renderedAt, expiresAt: now + Math.max(0, found.ttlMs) }
}

/** The promise's value, or undefined once `ms` have passed without one. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

/**
 * Serves guests' pages from the cache and fills it. Its onSend hook is global, so it runs before the routes' own
 * (@fastify/compress adds one to each route): it stores the page compressed for the request's encoding and sends
 * it so, and compress leaves an answer with a Content-Encoding alone. Answers for the same key that arrive while one
 * is being rendered wait for it (one render per page however many guests ask at once), but never longer than
 * `waitMs`: a render that takes longer is stuck or the server is overloaded, and the waiter renders the page itself.
 */
export function registerPageCache(app: FastifyInstance, cache: PageCache, options: PageCacheOptions = {}) {
  const waitMs = options.waitMs ?? FILL_WAIT_MS
  const shared = options.shared ?? null
  const filling = new Map<string, Promise<Entry | undefined>>()
  const settle = new WeakMap<FastifyRequest, (entry: Entry | undefined) => void>()
  /** How many guests wait for each page being rendered: one waited for is kept at once, not as a first view. */
  const waiting = new Map<string, number>()

  /** A page seen twice, kept for good at its third view (first-views.server.ts); guests asking meanwhile wait for it. */
  function promote(first: FirstView): Promise<Entry | undefined> {
    const promotion = keepFirstViewForGood(cache, shared, first).catch((error: unknown) => {
      // Rendered again instead (the view goes on as a miss).
      app.log.warn({ err: error, key: first.key }, 'page cache: a first view could not be kept')
      return undefined
    })
    filling.set(first.key, promotion)
    void promotion.finally(() => {
      if (filling.get(first.key) === promotion) filling.delete(first.key)
    })
    return promotion
  }

  app.addHook('onRequest', async (request, reply) => {
    const key = guestPageKey(request)
    if (key === null) return
    const head = request.method === 'HEAD'
    const hit = cache.get(key)
    if (hit) return sendEntry(reply, hit, head)
    const pending = filling.get(key)
    if (pending && !head) {
      waiting.set(key, (waiting.get(key) ?? 0) + 1)
      const filled = await within(pending, waitMs).finally(() => {
        const left = (waiting.get(key) ?? 1) - 1
        if (left > 0) waiting.set(key, left)
        else waiting.delete(key)
      })
      if (filled) return sendEntry(reply, filled, false)
      if (filling.get(key) === pending) request.log.warn({ key, waitMs }, 'page cache: a render waited for is late')
    }
    // A second view is answered from the first with a nonce of its own (decision 039): most of a market's tail seen
    // twice is not seen a third time, and keeping a page for good costs more than its render did. The third keeps it.
    const seen = head ? undefined : cache.peekFirstView(key)
    if (seen && !seen.firstView.answered && cache.answeredSecondView(key)) {
      const answer = answerFromFirstView(seen, fastEncoding(encodingOfKey(key), request.headers['accept-encoding']))
      return sendKept(reply, seen, answer, { headers: answer.headers })
    }
    const first = cache.takeFirstView(key)
    if (first) {
      const promoted = await promote(first)
      if (promoted) return sendEntry(reply, promoted, head)
    }
    const startedAt = Date.now()
    let filled: ((entry: Entry | undefined) => void) | undefined
    if (!head && !filling.has(key)) {
      let resolve: (entry: Entry | undefined) => void = () => {}
      const fill = new Promise<Entry | undefined>((r) => {
        resolve = r
      })
      filling.set(key, fill)
      const done = (entry: Entry | undefined) => {
        settle.delete(request)
        if (filling.get(key) === fill) filling.delete(key)
        resolve(entry)
      }
      settle.set(request, done)
      filled = done
      // Every way a request ends closes its response, also a client gone mid-render, after which Node never emits
      // 'finish' and Fastify never runs onResponse (issue 35: such a page then kept every later guest waiting).
      reply.raw.once('close', () => done(undefined))
    }
    // Another process may have rendered it: the shared store, within its short wait (guests asking meanwhile wait
    // for this look-up as for a render).
    if (shared) {
      const found = await shared.find(key)
      const entry = sharedEntry(cache, key, found, startedAt)
      if (entry) {
        cache.countShared('hit')
        cache.set(entry)
        filled?.(entry)
        return sendEntry(reply, entry, head)
      }
      cache.countShared(found.found === 'error' ? 'error' : 'miss')
      if (found.found !== 'error') request.sharedPageClock = found.clock
    }
    request.pageCacheKey = key
    request.pageCacheStartedAt = startedAt
    request.guestCache = { eligible: true, seconds: 0, tags: new Set() }
  })

  app.addHook('onSend', async (request, reply, payload) => {
    const policy = request.guestCache
    const key = request.pageCacheKey
    if (!policy || key === undefined || request.method !== 'GET') return payload
    const cacheable = policy.seconds > 0 && reply.statusCode === 200 && !reply.hasHeader('set-cookie')
    if (!cacheable) {
      cache.countBypass()
      reply.header('x-cache', 'BYPASS')
      return payload
    }
    const raw = await bodyBytes(payload)
    if (!raw) return payload
    const asked = encodingOfKey(key)
    const csp = splitPolicy(reply.getHeader('content-security-policy'))
    // A page seen for the first time is compressed fast and kept apart until it is asked again (decision 039): at a
    // million cars most car pages are seen once an hour, and keeping them for good cost more than rendering them.
    // Kept for good at once when guests wait for it (a busy page) or its first view was evicted before this one came.
    // A signed-in visitor's answer may be made from a first view (member-pages.server.ts).
    const firstView = csp !== null && cache.keepsFirstViews && !waiting.has(key) && !cache.seenBefore(key)
    // Made once per stored page: harder than on the fly (brotli 5 against 3); a hit costs no compression. A page's
    // nonce is kept as slots that each answer fills with its own (decision 028).
    // A first view goes out (and is kept) in zstd to a browser that takes it: a third of brotli 1's CPU.
    const fast = firstView ? fastEncoding(asked, request.headers['accept-encoding']) : asked
    const kept = firstView
      ? { body: compressFirstView(raw, fast), encoding: fast, slots: null }
      : csp
        ? await keepWithNonceSlots(raw, csp.nonce, asked)
        : { body: await compress(raw, asked, 'kept'), encoding: asked, slots: null }
    if (kept.encoding !== 'identity') reply.header('content-encoding', kept.encoding)
    // An API answer is in the language asked for by Accept-Language (or `?lang=`, part of the URL).
    reply.header('vary', key.includes('|api:') ? 'accept-encoding, accept-language' : 'accept-encoding')
    // A CDN in front may keep it briefly (s-maxage; and serve it stale while it asks again, in the CDN-only header:
    // browsers honour stale-while-revalidate too, and a browser that switched language or city would be shown the
    // page it had before). Browsers always ask again: a purge cannot reach them.
    const cdnSeconds = Math.min(policy.seconds, 60)
    reply.header('cache-control', `public, max-age=0, s-maxage=${cdnSeconds}, must-revalidate`)
    // A CDN cannot be purged by us: the stale window stays 5 minutes although a car page is kept here an hour.
    const staleSeconds = Math.min(policy.seconds, CDN_STALE_SECONDS)
    reply.header('cdn-cache-control', `public, max-age=${cdnSeconds}, stale-while-revalidate=${staleSeconds}`)
    const headers: Record<string, string | string[]> = {}
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || PER_REQUEST_HEADERS.has(name.toLowerCase())) continue
      // The policy names this render's nonce: each answer gets its own (answerOf).
      if (csp && name.toLowerCase() === 'content-security-policy') continue
      headers[name] = Array.isArray(value) ? value.map(String) : String(value)
    }
    const entry: Omit<Entry, 'storedAt'> = {
      key,
      status: 200,
      headers,
      body: kept.body,
      tags: [...policy.tags],
      expiresAt: Date.now() + policy.seconds * 1000,
      ...(csp && { nonce: { slots: kept.slots, policy: csp.policy } }),
    }
    const clock = request.sharedPageClock
    if (firstView && csp) {
      // Answered with its render's nonce, as rendered; kept without slots (its third view makes them).
      cache.keepFirstView(
        {
          ...entry,
          firstView: { nonce: csp.nonce, encoding: fast, ...(clock !== undefined && { sharedClock: clock }) },
        },
        request.pageCacheStartedAt ?? Date.now(),
      )
      settle.get(request)?.(undefined)
      // Kept with the guests' headers; this answer alone is zstd's (ZSTD_GUEST_HEADERS).
      if (fast === 'zstd') reply.headers(ZSTD_GUEST_HEADERS)
      reply.header('x-cache', 'MISS')
      return kept.body
    }
    // Not kept when one of its tags was purged while it was rendered: it may show what the purge was for.
    const keptHere = cache.set(entry, request.pageCacheStartedAt)
    if (shared && keptHere && clock !== undefined)
      void shared.keep(key, entry, policy.seconds * 1000, clock).then((outcome) => {
        if (outcome === 'error' || outcome === 'stale') cache.countShared(outcome)
      })
    settle.get(request)?.({ ...entry, storedAt: Date.now() })
    // This answer keeps its render's nonce, which its policy names.
    const body = csp && kept.slots ? withNonce(kept.body, kept.slots, csp.nonce) : kept.body
    reply.header('x-cache', 'MISS')
    return body
  })

  // Whatever happened (an error, a redirect, a page that is not cached), the guests waiting for it go on; the
  // response's 'close' above does it too, and first when the client left.
  app.addHook('onResponse', async (request) => {
    settle.get(request)?.(undefined)
  })
}
