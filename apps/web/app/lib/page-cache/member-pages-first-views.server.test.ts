import { describe, expect, test } from 'vitest'
import { expectAigerimsMiss, memberPagesServer, parts, viewerOf } from './member-pages-app.testing.ts'

/*
 * Signed-in visitors and pages seen once (decision 039): a member's first look is made from the guests' first view,
 * privately, and nothing of theirs is ever sent to anyone else; the car's owner gets their own render.
 */

describe("signed-in visitors' pages and first views", () => {
  test("with first views kept apart (decision 039): a member is answered from the guests' copy, rendered once", async () => {
    const { app, cache, get, renders, stats } = await memberPagesServer({ firstViews: true })
    try {
      // A guest's first and second views (answered from the first): the member's view keeps it for good and is
      // answered from it.
      expect((await get('/cars/1')).res.headers.get('x-cache')).toBe('MISS')
      expect((await get('/cars/1')).res.headers.get('x-cache')).toBe('HIT')
      expect(cache.stats()).toMatchObject({ entries: 0, firstViews: 1 })
      const member = await get('/cars/1', 'tulpar.session_token=aigerim')
      // Made from the copy without a render: a hit, as the guest's second view was.
      expect(member.res.headers.get('x-cache')).toBe('HIT')
      expect(viewerOf(member.body)).toEqual(parts.aigerim)
      expect(member.body).toContain('rendered for guest')
      expect(cache.stats()).toMatchObject({ entries: 1, firstViews: 0, promoted: 1 })
      // A member first: the guests' render made for them is a first view too, and their answer is made from it.
      const other = await get('/auto/toyota', 'tulpar.session_token=bob')
      expect(other.res.headers.get('x-cache')).toBe('MISS')
      expect(viewerOf(other.body)).toEqual(parts.bob)
      expect(cache.stats()).toMatchObject({ entries: 1, firstViews: 1, promoted: 1 })
      expect(renders).toEqual(['guest', 'guest'])
      expect(stats()).toMatchObject({ shared: 2, fromFirstViews: 1, rendered: 0 })
    } finally {
      await app.close()
    }
  })

  // Accept-Encoding, and what the member's answer is sent in: zstd to a browser that takes it (made for them alone).
  test.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'zstd'],
  ])(
    "a member's view of a page no one has seen (%s): made from its first view, privately, and never sent again",
    async (encoding, sent) => {
      const { app, cache, get, renders, stats } = await memberPagesServer({ firstViews: true })
      try {
        const first = await get('/cars/1', 'tulpar.session_token=aigerim', encoding)
        expect(first.res.headers.get('content-encoding')).toBe(sent)
        const nonce = expectAigerimsMiss(first)
        // Kept as the guest rendered it, apart: nothing of theirs.
        expect(cache.stats()).toMatchObject({ entries: 0, firstViews: 1, promoted: 0 })
        expect(stats()).toMatchObject({ shared: 1, fromFirstViews: 1, rendered: 0 })

        // The next views (a guest's answered from the first view, then Bob's, which keeps it for good) each have a
        // nonce of their own: never the member's.
        const guest = await get('/cars/1', undefined, encoding)
        expect(guest.body).not.toContain('__tulparViewer')
        expect(guest.body).not.toContain('Айгерім')
        const guestNonce = /'nonce-([^']+)'/.exec(guest.res.headers.get('content-security-policy') ?? '')?.[1]
        expect(guestNonce).toBeTruthy()
        expect(guestNonce).not.toBe(nonce)
        expect(guest.body).not.toContain(nonce)
        const bob = await get('/cars/1', 'tulpar.session_token=bob', encoding)
        expect(bob.res.headers.get('x-cache')).toBe('HIT')
        expect(viewerOf(bob.body)).toEqual(parts.bob)
        expect(bob.body).not.toContain(nonce)
        expect(cache.stats()).toMatchObject({ entries: 1, firstViews: 0, promoted: 1 })
        expect(renders).toEqual(['guest'])
      } finally {
        await app.close()
      }
    },
  )

  test("a member's view after a guest's first: made from the first view without a render, a hit", async () => {
    const { app, cache, get, renders, stats } = await memberPagesServer({ firstViews: true })
    try {
      expect((await get('/cars/1')).res.headers.get('x-cache')).toBe('MISS')
      const member = await get('/cars/1', 'tulpar.session_token=aigerim')
      expect(member.res.headers.get('x-cache')).toBe('HIT')
      expect(member.res.headers.get('cache-control')).toBe('private, no-store')
      expect(viewerOf(member.body)).toEqual(parts.aigerim)
      expect(renders).toEqual(['guest'])
      expect(stats()).toMatchObject({ shared: 1, fromFirstViews: 1, rendered: 0 })
      expect(cache.stats()).toMatchObject({ entries: 0, firstViews: 1 })
    } finally {
      await app.close()
    }
  })

  test('the owner of a car no one has seen gets their own render, not the first view', async () => {
    const { app, cache, get, renders, stats } = await memberPagesServer({ firstViews: true })
    try {
      const own = await get('/cars/1', 'tulpar.session_token=seller')
      expect(own.body).toContain('rendered for seller')
      expect(own.body).not.toContain('__tulparViewer')
      expect(renders).toEqual(['guest', 'seller'])
      expect(stats()).toMatchObject({ shared: 0, fromFirstViews: 0, rendered: 1 })
      // The guests' render stays a first view for the next visitor.
      expect(cache.stats()).toMatchObject({ firstViews: 1 })
    } finally {
      await app.close()
    }
  })
})
