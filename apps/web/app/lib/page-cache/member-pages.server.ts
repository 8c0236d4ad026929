import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { fastEncoding } from '../compression/compression.server.ts'
import { VIEWER_EVENT, type ViewerPart } from '../layout-data.ts'
import { answerFromFirstView } from './first-views.server.ts'
import { answerOf, type KeptAnswer, sendKept, writeKept } from './kept-answers.server.ts'
import { appendToKept, decodeKept } from './kept-page-tail.server.ts'
import { within } from './page-cache.server.ts'
import { encodingOfKey, GUEST_COOKIES, guestPageKey, SESSION_COOKIE } from './page-key.server.ts'
import type { Entry, PageCache } from './page-store.server.ts'
import { SCRIPTS_COOKIE } from './scripts-cookie.server.ts'
import { ViewerCache, type ViewerCacheStats } from './viewer-cache.server.ts'

/*
 * Signed-in visitors' car pages from the guests' copy (issue 39, docs/decisions/035-member-pages-from-the-guests-copy.md). A car page
 * is the same for everyone but for the visitor's own part: the header's name and unread count, the hearts, the
 * chosen city, and the seller's panel on their own car. So a signed-in visitor who does not own the car is answered
 * the guests' kept copy (rendered for a guest, with a guest's cookies, when there is none yet) with their part added
 * after it as a script (kept-page-tail.server.ts: no new compression); the page hydrates as the guests' and then
 * shows their part (lib/layout-data.ts). Their answer is private (`Cache-Control: private, no-store`), and nothing of
 * theirs is ever stored: the copy was a guest's render, and their part is only in their answer.
 * A client navigation's data (`.data` asking only for the car route) is the guests' as it is. Anything else (the
 * car's owner, a page that is not kept, another cookie, an invalid session) is rendered for the visitor as before.
 * Who the visitor is and their part's facts are kept a few seconds per session (viewer-cache.server.ts, decision
 * 037), so a kept page with a known visitor is answered before Fastify like a guest's (`door`).
 */

export interface MemberView {
  userId: string
  /** When their session ends (ms since the epoch). */
  expiresAt?: number
  /** What the header and hearts show them with these cookies (features/layout/personal-layout.server.ts). */
  part: (cookie: string) => ViewerPart
}

export interface MemberLookups {
  /** The signed-in visitor of these cookies; null: none, or a session that signs nobody in. */
  member: (cookie: string) => Promise<MemberView | null>
  /** Whether the user owns car `listingId`: their page has the seller's panel and is rendered for them. */
  owns: (userId: string, listingId: number) => Promise<boolean>
}

/**
 * The pages that are the same for every visitor but for their part (decision 035): a car page, the home page (its
 * lists are the city cookie's, which the guests' key names too) and the catalogue (its lists are the URL's; its
 * hearts and save-search button read the part). Each with the route whose data alone a client navigation may take
 * from the guests' copy.
 */
function sharedPageOf(path: string): { route: string; listingId: number | null; data: boolean } | null {
  const car = /^\/cars\/([1-9]\d{0,9})(\.data)?$/.exec(path)
  if (car) return { route: 'routes/car', listingId: Number(car[1]), data: car[2] !== undefined }
  if (path === '/' || path === '/_root.data') return { route: 'routes/home', listingId: null, data: path !== '/' }
  const catalogue = /^\/auto(?:\/[^/.]+){0,3}(\.data)?$/.exec(path)
  if (catalogue) return { route: 'routes/catalogue', listingId: null, data: catalogue[1] !== undefined }
  return null
}
/** Headers the guests' render is asked with (the rest of the visitor's request is theirs). */
const GUEST_HEADERS = ['accept-encoding', 'accept-language', 'user-agent', 'accept'] as const

export interface MemberPageRequest {
  /** The guests' key of this page (the encoding, language and city the visitor asks for). */
  key: string
  /** The car of a car page (whose owner gets their own render); null for the other pages. */
  listingId: number | null
  /** The visitor's cookies but for their session: what a guest's request of the page carries. */
  guestCookie: string
  /** A client navigation's data, not a document. */
  data: boolean
  /** The session's cookies as sent (better-auth's, in order): who the visitor is depends on nothing else. */
  session: string
}

/** A signed-in visitor's GET of a shared page (or its own data) that the guests' copy may answer; else null. */
export function memberPageRequest(request: {
  method?: string | undefined
  url?: string | undefined
  headers: IncomingHttpHeaders
}): MemberPageRequest | null {
  if (request.method !== 'GET' || request.headers.authorization) return null
  const url = request.url ?? ''
  const query = url.indexOf('?')
  const page = sharedPageOf(query < 0 ? url : url.slice(0, query))
  if (!page) return null
  const { data, listingId } = page
  // A navigation that asks for more than the page's own data (the layout's is personal) is rendered for them.
  if (data) {
    const routes = new URLSearchParams(query < 0 ? '' : url.slice(query + 1)).get('_routes')
    if (routes !== page.route) return null
  }
  let session = false
  let scripts = false
  const auth: string[] = []
  const guest: string[] = []
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const cookie = part.trim()
    if (!cookie) continue
    const eq = cookie.indexOf('=')
    const name = eq < 0 ? cookie : cookie.slice(0, eq)
    const ofSession = SESSION_COOKIE.exec(name)
    if (ofSession) {
      session ||= ofSession[1] === 'session_token'
      auth.push(cookie)
      continue
    }
    if (!GUEST_COOKIES.has(name)) return null
    scripts ||= name === SCRIPTS_COOKIE
    guest.push(cookie)
  }
  // Their part is added by a script: a browser that has not shown it runs them gets its page rendered for it.
  if (!session || !scripts) return null
  const guestCookie = guest.join('; ')
  const key = guestPageKey({ method: 'GET', url, headers: { ...request.headers, cookie: guestCookie || undefined } })
  return key === null ? null : { key, listingId, guestCookie, data, session: auth.join('; ') }
}

/** The visitor's part as a script after the page (JSON in a script: `<` and the line separators escaped). */
function memberScript(part: ViewerPart, nonce: string): Buffer {
  const json = JSON.stringify(part)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
  return Buffer.from(
    `<script nonce="${nonce}">window.__tulparViewer=${json};dispatchEvent(new Event("${VIEWER_EVENT}"))</script>`,
  )
}

/** How long a visitor waits for the guests' render of a page before theirs is rendered instead. */
const FILL_WAIT_MS = 5000

interface MemberPagesStats {
  /** Answered from the guests' copy (kept before, or rendered for a guest for them). */
  shared: number
  /** Of those, answered before Fastify (the visitor and the page both known). */
  door: number
  /** Of those, made from a page's first view (decision 039). */
  fromFirstViews: number
  /** Rendered for the visitor (their own car, a page not kept, a copy that could not take their part). */
  rendered: number
  viewers: ViewerCacheStats
}

export interface MemberPages {
  stats: () => MemberPagesStats
  /** Answers a known visitor's kept car page on the socket (the API's `frontDoor`, after the guests'). */
  door: (request: IncomingMessage, response: ServerResponse) => boolean
  /** Drops what is kept of these users (`*`: everyone): the database's notifications of their changes. */
  forget: (users: readonly string[] | '*') => void
}

/** Their answer alone: no shared cache may keep it, and it is not the guests' (whose copy says public). */
const PRIVATE = { 'cache-control': 'private, no-store', 'cdn-cache-control': null }

/** How many kept pages' facts (a tail taken, owners asked about) are remembered; the oldest are forgotten first. */
const KEPT_FACTS = 100_000

/** Sets `key` in a map bounded to `max` entries, forgetting the oldest. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.set(key, value)
  for (const oldest of map.keys()) {
    if (map.size <= max) break
    map.delete(oldest)
  }
}

/**
 * Answers signed-in visitors' car pages from the guests' copies in `cache` (registered beside registerPageCache).
 * `lookups` find the visitor (kept `viewerTtlMs`, 15 s by default, unless their change is told first) and whether
 * they own the car; a failure or a late guests' render leaves the request to be rendered as before.
 */
export function registerMemberPages(
  app: FastifyInstance,
  cache: PageCache,
  lookups: MemberLookups,
  options: { waitMs?: number; viewerTtlMs?: number; now?: () => number } = {},
): MemberPages {
  const waitMs = options.waitMs ?? FILL_WAIT_MS
  const viewers = new ViewerCache<MemberView>({
    ...(options.viewerTtlMs !== undefined && { ttlMs: options.viewerTtlMs }),
    ...(options.now && { now: options.now }),
  })
  const counts = { shared: 0, door: 0, fromFirstViews: 0, rendered: 0 }
  /**
   * Whether a kept page takes a tail (checked once per page kept by decoding it), by its number in the store
   * (`keptAs`): numbers, not objects, for the garbage collector (decision 046).
   */
  const takesTail = new Map<number, boolean>()
  /**
   * Who owns the car of a kept page, per user asked about: a car's owner changes only with a change that purges its
   * page (a dealer's removed member's cars pass to the owner), which keeps it again under another number.
   */
  const owners = new Map<number, Map<string, boolean>>()

  /** Whether the user owns the kept page's car, if asked before about this page as kept. */
  function ownsIt(entry: Entry, userId: string): boolean | undefined {
    return entry.keptAs === undefined ? undefined : owners.get(entry.keptAs)?.get(userId)
  }

  /** The visitor's answer from the kept page; null: theirs must be rendered (the copy does not take a tail). */
  function theirs(asked: MemberPageRequest, entry: Entry, member: MemberView, cookie: string): KeptAnswer | null {
    const answer = answerOf(entry, false)
    if (asked.data) return answer
    const encoding = encodingOfKey(asked.key)
    // A document: their part after it, with this answer's nonce (a page kept without one takes none).
    const tail = answer.nonce && answer.body ? memberScript(member.part(cookie), answer.nonce) : null
    const withTail = tail && appendToKept(answer.body as Buffer, encoding, tail)
    let fits = entry.keptAs === undefined ? undefined : takesTail.get(entry.keptAs)
    if (tail && withTail && fits === undefined) {
      const decoded = decodeKept(withTail, encoding)
      fits = decoded?.subarray(decoded.length - tail.length).equals(tail) === true
      if (entry.keptAs !== undefined) remember(takesTail, entry.keptAs, fits, KEPT_FACTS)
    }
    return withTail && fits ? { ...answer, body: withTail } : null
  }

  /** A member's request the door let through, for the hook not to read it again. */
  const letThrough = new WeakMap<IncomingMessage, MemberPageRequest>()

  const door = (request: IncomingMessage, response: ServerResponse): boolean => {
    const asked = memberPageRequest(request)
    if (!asked) return false
    letThrough.set(request, asked)
    const member = viewers.peek(asked.session)?.value
    if (!member) return false
    const entry = cache.peek(asked.key)
    if (entry?.status !== 200) return false
    if (asked.listingId !== null && ownsIt(entry, member.userId) !== false) return false
    const answer = theirs(asked, entry, member, request.headers.cookie ?? '')
    if (!answer) return false
    counts.shared++
    counts.door++
    writeKept(request, response, entry, answer, PRIVATE)
    return true
  }

  app.addHook('onRequest', async (request, reply) => {
    const asked = letThrough.get(request.raw) ?? memberPageRequest(request.raw)
    if (!asked) return
    const cookie = request.headers.cookie ?? ''
    const found = await viewers
      .get(asked.session, async () => {
        const view = await lookups.member(cookie)
        return view && { userId: view.userId, value: view, ...(view.expiresAt && { expiresAt: view.expiresAt }) }
      })
      .catch((error: unknown) => {
        request.log.warn({ err: error }, 'member page: the visitor could not be looked up')
        return null
      })
    const member = found?.value
    if (!member) return
    let entry = cache.get(asked.key)
    let state: 'HIT' | 'MISS' = 'HIT'
    if (!entry) {
      const headers: Record<string, string> = {}
      for (const name of GUEST_HEADERS) {
        const value = request.headers[name]
        if (typeof value === 'string') headers[name] = value
      }
      if (asked.guestCookie) headers.cookie = asked.guestCookie
      // The guests' render, as a guest would ask for it: it fills the cache (or waits for a render under way). Its
      // answer is read from there: the injected one is drained as a stream, not copied into a string (0.3 ms).
      const rendered = app.inject({ method: 'GET', url: request.url, headers, payloadAsStream: true })
      let guests: unknown
      await within(
        rendered.then((res) => {
          guests = res.headers['x-cache']
          res.stream().resume()
        }),
        waitMs,
      )
      // No render was made for them when the guests' request was answered from the cache: a first view's second
      // view, its third (which keeps it for good), or a render another guest was waiting for.
      state = guests === 'HIT' ? 'HIT' : 'MISS'
      entry = cache.peek(asked.key)
      // A page seen for the first time is kept apart (decision 039): their answer is made from that render, with a
      // nonce of its own.
      const first = entry ? undefined : cache.peekFirstView(asked.key)
      if (first?.status === 200 && !asked.data) {
        const owns = asked.listingId !== null && (await lookups.owns(member.userId, asked.listingId))
        if (!owns) {
          counts.shared++
          counts.fromFirstViews++
          const part = member.part(cookie)
          const encoding = fastEncoding(encodingOfKey(asked.key), request.headers['accept-encoding'])
          const answer = answerFromFirstView(first, encoding, (nonce) => memberScript(part, nonce))
          return sendKept(reply, first, answer, { state, headers: { ...answer.headers, ...PRIVATE } })
        }
      }
    }
    if (entry?.status !== 200) {
      counts.rendered++
      return
    }
    let owns = asked.listingId === null ? false : ownsIt(entry, member.userId)
    if (owns === undefined && asked.listingId !== null) {
      owns = await lookups.owns(member.userId, asked.listingId)
      if (entry.keptAs !== undefined) {
        let seen = owners.get(entry.keptAs)
        if (!seen) {
          seen = new Map()
          remember(owners, entry.keptAs, seen, KEPT_FACTS / 10)
        }
        // Bounded: a page's owners memo holds at most as many users as asked about it before it is purged or dropped.
        if (seen.size < 10_000) seen.set(member.userId, owns)
      }
    }
    const answer = owns ? null : theirs(asked, entry, member, cookie)
    if (!answer) {
      counts.rendered++
      return
    }
    counts.shared++
    return sendKept(reply, entry, answer, { state, headers: PRIVATE })
  })
  return {
    stats: () => ({ ...counts, viewers: viewers.stats() }),
    door,
    forget: (users) => viewers.forget(users),
  }
}
