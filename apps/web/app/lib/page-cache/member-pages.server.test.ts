import { describe, expect, test } from 'vitest'
import type { ViewerPart } from '../layout-data.ts'
import { type MemberView, memberPageRequest } from './member-pages.server.ts'
import { expectAigerimsMiss, memberPagesServer, members, parts, viewerOf } from './member-pages-app.testing.ts'

describe('which requests a signed-in visitor may be answered from the guests’ copy', () => {
  /** A session in a browser that runs the site's scripts (their mark set by every page, scripts-cookie.server.ts). */
  const session = 'tulpar.session_token=abc.def; tulpar_js=1'
  const ask = (url: string, cookie: string | undefined, extra: Record<string, string> = {}) =>
    memberPageRequest({ method: 'GET', url, headers: { 'accept-encoding': 'br', ...(cookie && { cookie }), ...extra } })

  test('a car page or its car-only data, with a session and no cookie but the guests’ ones', () => {
    // A car page is the same in every city (lib/city-neutral.ts): its key names none.
    expect(ask('/cars/12', `locale=kk; ${session}; city=3`)).toMatchObject({
      key: 'br|kk||/cars/12',
      listingId: 12,
      guestCookie: 'locale=kk; tulpar_js=1; city=3',
      data: false,
    })
    expect(ask('/cars/12.data?_routes=routes%2Fcar', session)).toMatchObject({ data: true, listingId: 12 })
    expect(ask('/cars/12', `__Secure-tulpar.session_token=x; tulpar.session_data=y; tulpar_js=1`)).not.toBeNull()
  })

  test('the home page and the catalogue too (no car, so no owner), with their own data alone', () => {
    expect(ask('/', `${session}; city=3`)).toMatchObject({ key: 'br||3|/', listingId: null, data: false })
    expect(ask('/_root.data?_routes=routes%2Fhome', session)).toMatchObject({ listingId: null, data: true })
    expect(ask('/auto', `${session}; city=3`)).toMatchObject({ key: 'br|||/auto', listingId: null })
    expect(ask('/auto/toyota/camry/almaty?priceTo=9000000&page=2', session)).toMatchObject({
      key: 'br|||/auto/toyota/camry/almaty?priceTo=9000000&page=2',
      listingId: null,
    })
    expect(ask('/auto/toyota.data?_routes=routes%2Fcatalogue', session)).toMatchObject({ data: true })
    expect(ask('/_root.data', session)).toBeNull()
    expect(ask('/_root.data?_routes=routes%2Flayout%2Croutes%2Fhome', session)).toBeNull()
    expect(ask('/auto/toyota.data?_routes=routes%2Fcar', session)).toBeNull()
    expect(ask('/auto/a/b/c/d', session)).toBeNull()
    expect(ask('/autos', session)).toBeNull()
    expect(ask('/wishlist', session)).toBeNull()
  })

  test('anything else is rendered for the visitor', () => {
    expect(ask('/cars/12', undefined)).toBeNull() // a guest: the guests' own path
    expect(ask('/cars/12', 'tulpar.session_data=y; tulpar_js=1')).toBeNull() // no session token
    // A browser that has not shown it runs scripts: nothing would add their part.
    expect(ask('/cars/12', 'tulpar.session_token=abc.def')).toBeNull()
    expect(ask('/', 'tulpar.session_token=abc.def; city=3')).toBeNull()
    expect(ask('/cars/12', `${session}; other=1`)).toBeNull() // a cookie the page may depend on
    expect(ask('/cars/12', session, { authorization: 'Bearer t' })).toBeNull()
    expect(ask('/cars/12.data', session)).toBeNull() // every route's data: the layout's is theirs
    expect(ask('/cars/12.data?_routes=routes%2Flayout%2Croutes%2Fcar', session)).toBeNull()
    expect(ask('/cars/12/write', session)).toBeNull()
    expect(ask('/account', session)).toBeNull()
    expect(ask('/cars/0', session)).toBeNull()
    expect(memberPageRequest({ method: 'POST', url: '/cars/12', headers: { cookie: session } })).toBeNull()
    expect(memberPageRequest({ method: 'HEAD', url: '/cars/12', headers: { cookie: session } })).toBeNull()
  })
})

describe("signed-in visitors' car pages in a server", () => {
  test.each(['br', 'gzip', 'identity'])(
    "a member is answered the guests' copy (%s) with their own part, privately; the copy keeps nothing of theirs",
    async (encoding) => {
      const { app, get, renders, stats } = await memberPagesServer()
      try {
        // Rendered once, for a guest; the answer is that page plus their part, with the answer's nonce on both.
        expectAigerimsMiss(await get('/cars/1', 'tulpar.session_token=aigerim', encoding))
        expect(renders).toEqual(['guest'])

        const second = await get('/cars/1', 'tulpar.session_token=bob', encoding)
        expect(second.res.headers.get('x-cache')).toBe('HIT')
        expect(viewerOf(second.body)).toEqual(parts.bob)
        expect(second.body).not.toContain('Айгерім')
        // A guest gets the copy without anyone's part, from the front door.
        const guest = await get('/cars/1', undefined, encoding)
        expect(guest.res.headers.get('x-cache')).toBe('HIT')
        expect(guest.res.headers.get('cache-control')).toContain('public')
        expect(guest.body).not.toContain('__tulparViewer')
        expect(renders).toEqual(['guest'])
        expect(stats()).toMatchObject({ shared: 2, rendered: 0 })
      } finally {
        await app.close()
      }
    },
  )

  test("the car's owner, an unknown session, another cookie: each rendered for the visitor", async () => {
    const { app, get, renders, stats, looked } = await memberPagesServer()
    try {
      const own = await get('/cars/1', 'tulpar.session_token=seller')
      expect(own.body).toContain('rendered for seller')
      expect(own.res.headers.get('x-cache')).toBeNull()
      const unknown = await get('/cars/1', 'tulpar.session_token=nobody')
      expect(unknown.body).toContain('rendered for nobody')
      const other = await get('/cars/1', 'tulpar.session_token=bob; theme=dark')
      expect(other.body).toContain('rendered for bob')
      // The owner's page is the guests' copy's first (the owner is known once there is a copy), then theirs.
      expect(renders).toEqual(['guest', 'seller', 'nobody', 'bob'])
      expect(stats()).toMatchObject({ shared: 0, rendered: 1 })
      // Asked once per kept page and user.
      await get('/cars/1', 'tulpar.session_token=seller')
      await get('/cars/1', 'tulpar.session_token=bob')
      await get('/cars/1', 'tulpar.session_token=bob')
      expect(looked).toEqual(['u-seller', 'u-bob'])
    } finally {
      await app.close()
    }
  })

  test("a client navigation's car-only data is the guests'; all routes' data is rendered for them", async () => {
    const { app, get, renders } = await memberPagesServer()
    try {
      const data = await get('/cars/1.data?_routes=routes%2Fcar', 'tulpar.session_token=aigerim')
      expect(data.body).toBe('[{"car":1,"who":"guest"}]')
      expect(data.res.headers.get('cache-control')).toBe('private, no-store')
      const all = await get('/cars/1.data', 'tulpar.session_token=aigerim')
      expect(all.body).toBe('[{"car":1,"who":"aigerim"}]')
      expect(renders).toEqual(['guest.data', 'aigerim.data'])
    } finally {
      await app.close()
    }
  })

  test('a page the route does not keep is rendered for the visitor after the guests’ try', async () => {
    const { app, get, renders, stats } = await memberPagesServer({ keep: false })
    try {
      const res = await get('/cars/1', 'tulpar.session_token=aigerim')
      expect(res.body).toContain('rendered for aigerim')
      expect(viewerOf(res.body)).toBeNull()
      expect(renders).toEqual(['guest', 'aigerim'])
      expect(stats()).toMatchObject({ shared: 0, rendered: 1 })
    } finally {
      await app.close()
    }
  })

  test("a guests' render slower than the wait: the visitor's own render, and the copy is kept for the next", async () => {
    const { app, get, renders } = await memberPagesServer({ renderMs: 300, waitMs: 50 })
    try {
      const res = await get('/cars/1', 'tulpar.session_token=bob')
      expect(res.body).toContain('rendered for bob')
      expect(renders).toEqual(['guest', 'bob'])
      await expect.poll(async () => (await get('/cars/1')).res.headers.get('x-cache')).toBe('HIT')
    } finally {
      await app.close()
    }
  })

  test('a price change (a purge) reaches signed-in visitors at once', async () => {
    const { app, cache, get, renders } = await memberPagesServer()
    try {
      await get('/cars/1', 'tulpar.session_token=aigerim')
      cache.purge(['listing:1'])
      const after = await get('/cars/1', 'tulpar.session_token=aigerim')
      // Rendered again after the purge (for a guest, or for them when the purge is in the render's millisecond).
      expect(after.res.headers.get('x-cache')).not.toBe('HIT')
      expect(renders.slice(0, 2)).toEqual(['guest', 'guest'])
    } finally {
      await app.close()
    }
  })

  test('a known visitor is answered before Fastify, privately, with their part; looked up once per session', async () => {
    const { app, get, renders, sessions, stats } = await memberPagesServer()
    try {
      await get('/cars/1', 'tulpar.session_token=aigerim')
      for (const _ of [1, 2, 3]) {
        const again = await get('/cars/1', 'tulpar.session_token=aigerim')
        expect(again.res.headers.get('x-cache')).toBe('HIT')
        expect(again.res.headers.get('cache-control')).toBe('private, no-store')
        expect(again.res.headers.get('cdn-cache-control')).toBeNull()
        expect(viewerOf(again.body)).toEqual(parts.aigerim)
        const nonce = /'nonce-([^']+)'/.exec(again.res.headers.get('content-security-policy') ?? '')?.[1]
        expect(new Set([...again.body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]))).toEqual(new Set([nonce]))
      }
      // Another visitor on the same copy is looked up for themselves and never gets her part.
      const bob = await get('/cars/1', 'tulpar.session_token=bob')
      expect(viewerOf(bob.body)).toEqual(parts.bob)
      const bobAgain = await get('/cars/1', 'tulpar.session_token=bob')
      expect(viewerOf(bobAgain.body)).toEqual(parts.bob)
      expect(sessions).toEqual(['aigerim', 'bob'])
      expect(renders).toEqual(['guest'])
      expect(stats()).toMatchObject({ shared: 6, door: 4, rendered: 0, viewers: { entries: 2 } })
    } finally {
      await app.close()
    }
  })

  test('an unknown session is looked up every time; the owner is rendered every time, never from the door', async () => {
    const { app, get, renders, sessions } = await memberPagesServer()
    try {
      await get('/cars/1', 'tulpar.session_token=nobody')
      await get('/cars/1', 'tulpar.session_token=nobody')
      await get('/cars/1', 'tulpar.session_token=seller')
      await get('/cars/1', 'tulpar.session_token=seller')
      expect(sessions).toEqual(['nobody', 'nobody', 'seller'])
      expect(renders).toEqual(['nobody', 'nobody', 'guest', 'seller', 'seller'])
    } finally {
      await app.close()
    }
  })

  test('a change told by the database (forget) or the time limit makes the next view look the visitor up again', async () => {
    let clock = 1_000_000
    const { app, get, sessions, forget } = await memberPagesServer({ viewerTtlMs: 15_000, now: () => clock })
    const saved = members.aigerim as MemberView
    try {
      await get('/cars/1', 'tulpar.session_token=aigerim')
      await get('/cars/1', 'tulpar.session_token=aigerim')
      expect(sessions).toEqual(['aigerim'])
      // She hearts another car: the notification names her, and her next view shows it.
      const hearted = { ...(parts.aigerim as ViewerPart), favouriteIds: [1, 7, 9] }
      members.aigerim = { ...saved, part: () => hearted }
      forget(['u-bob'])
      expect(viewerOf((await get('/cars/1', 'tulpar.session_token=aigerim')).body)).toEqual(parts.aigerim)
      forget(['u-aigerim'])
      expect(viewerOf((await get('/cars/1', 'tulpar.session_token=aigerim')).body)).toEqual(hearted)
      expect(sessions).toEqual(['aigerim', 'aigerim'])
      clock += 14_999
      await get('/cars/1', 'tulpar.session_token=aigerim')
      expect(sessions).toHaveLength(2)
      clock += 2
      await get('/cars/1', 'tulpar.session_token=aigerim')
      expect(sessions).toHaveLength(3)
      // Everyone (a listener that lost its connection).
      forget('*')
      await get('/cars/1', 'tulpar.session_token=aigerim')
      expect(sessions).toHaveLength(4)
    } finally {
      members.aigerim = saved
      await app.close()
    }
  })

  test("a catalogue page is the guests' copy with their part, without asking who owns anything", async () => {
    const { app, get, renders, looked, stats } = await memberPagesServer()
    try {
      const first = await get('/auto/toyota', 'tulpar.session_token=aigerim')
      expect(first.res.headers.get('cache-control')).toBe('private, no-store')
      expect(viewerOf(first.body)).toEqual(parts.aigerim)
      const bob = await get('/auto/toyota', 'tulpar.session_token=bob')
      expect(bob.res.headers.get('x-cache')).toBe('HIT')
      expect(viewerOf(bob.body)).toEqual(parts.bob)
      expect(bob.body).not.toContain('Айгерім')
      // The seller is no owner here: the copy, with their part.
      expect(viewerOf((await get('/auto/toyota', 'tulpar.session_token=seller')).body)).toEqual(parts.seller)
      expect((await get('/auto/toyota')).body).not.toContain('__tulparViewer')
      expect(renders).toEqual(['guest'])
      expect(looked).toEqual([])
      expect(stats()).toMatchObject({ shared: 3, rendered: 0 })
    } finally {
      await app.close()
    }
  })

  test("a browser without scripts gets its visitor's page rendered for them, with their part in it", async () => {
    const { app, get, renders, sessions } = await memberPagesServer()
    try {
      await get('/cars/1', 'tulpar.session_token=aigerim')
      const noScripts = await get('/cars/1', 'tulpar.session_token=aigerim; nojs')
      expect(noScripts.body).toContain('rendered for aigerim')
      expect(noScripts.res.headers.get('x-cache')).toBeNull()
      expect(renders).toEqual(['guest', 'aigerim'])
      expect(sessions).toEqual(['aigerim'])
    } finally {
      await app.close()
    }
  })
})
