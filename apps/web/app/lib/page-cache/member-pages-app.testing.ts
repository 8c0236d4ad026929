import type { AddressInfo } from 'node:net'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { expect } from 'vitest'
import type { ViewerPart } from '../layout-data.ts'
import { newCspNonce } from '../security/kept-page-nonce.server.ts'
import { contentSecurityPolicy } from '../security/nonce.tsx'
import { type MemberView, registerMemberPages } from './member-pages.server.ts'
import { pagePolicyOf } from './page-cache.server.ts'
import { type Door, pageCacheApp, testPage } from './page-cache-app.testing.ts'
import { PageCache } from './page-store.server.ts'

/*
 * The member pages' test server (member-pages*.server.test.ts): the page cache and the member pages as server.ts puts
 * them together, three signed-in visitors (Aigerim, whose name tries to close the script; Bob; the car's seller) and
 * the checks their answers share.
 */

const part = (label: string, hearts: number[]): ViewerPart => ({
  user: { label },
  favouriteIds: hearts,
  unreadMessages: 2,
  cityChoice: null,
  cityId: null,
  profile: null,
})
export const parts: Record<string, ViewerPart> = {
  aigerim: part('Айгерім </script><script>alert(1)</script>', [1, 7]),
  bob: part('Bob', [3]),
  seller: part('Seller', []),
}
/** Who each session is (a test may swap one's part for a while). */
export const members: Record<string, MemberView> = Object.fromEntries(
  Object.entries(parts).map(([name, p]) => [name, { userId: `u-${name}`, part: () => p }]),
)

/** The page cache and the member pages as server.ts puts them together; the page says who it was rendered for. */
export async function memberPagesServer(
  options: {
    keep?: boolean
    renderMs?: number
    waitMs?: number
    viewerTtlMs?: number
    now?: () => number
    firstViews?: boolean
  } = {},
) {
  const cache = new PageCache(1_000_000, Date.now, { firstViewBytes: options.firstViews ? 500_000 : 0 })
  const nextDoors: Door[] = []
  const app = await pageCacheApp(cache, { frontDoor: true, nextDoors })
  const looked: string[] = []
  /** Who was looked up (by session), in order: a kept visitor is not looked up again. */
  const sessions: string[] = []
  const { waitMs, viewerTtlMs, now } = options
  const pages = registerMemberPages(
    app,
    cache,
    {
      member: async (cookie) => {
        const name = /tulpar\.session_token=([a-z]+)/.exec(cookie)?.[1] ?? ''
        sessions.push(name)
        return members[name] ?? null
      },
      owns: async (userId) => {
        looked.push(userId)
        return userId === 'u-seller'
      },
    },
    {
      ...(waitMs !== undefined && { waitMs }),
      ...(viewerTtlMs !== undefined && { viewerTtlMs }),
      ...(now && { now }),
    },
  )
  nextDoors.push(pages.door)
  const stats = pages.stats
  const renders: string[] = []
  const route = async (request: FastifyRequest, reply: FastifyReply) => {
    const who = /tulpar\.session_token=([a-z]+)/.exec(request.headers.cookie ?? '')?.[1] ?? 'guest'
    renders.push(who)
    if (options.renderMs) await new Promise((resolve) => setTimeout(resolve, options.renderMs))
    const nonce = newCspNonce()
    const policy = pagePolicyOf(request)
    if (policy.eligible && options.keep !== false) {
      policy.seconds = 60
      policy.tags.add('listing:1')
    }
    reply.header('content-security-policy', contentSecurityPolicy(nonce))
    return reply.type('text/html; charset=utf-8').send(testPage(nonce, 1, who))
  }
  app.get('/cars/1', route)
  app.get('/auto/toyota', route)
  app.get('/cars/1.data', async (request, reply) => {
    const who = /tulpar\.session_token=([a-z]+)/.exec(request.headers.cookie ?? '')?.[1] ?? 'guest'
    renders.push(`${who}.data`)
    const policy = pagePolicyOf(request)
    if (policy.eligible) policy.seconds = 60
    return reply.type('text/x-script').send(`[{"car":1,"who":"${who}"}]`)
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  /** A signed-in visitor's browser runs scripts unless the cookie says `nojs`. */
  const get = async (path: string, cookie?: string, encoding = 'br') => {
    const sent = cookie?.includes('session_token=')
      ? cookie.endsWith('; nojs')
        ? cookie.slice(0, -'; nojs'.length)
        : `${cookie}; tulpar_js=1`
      : cookie
    const res = await fetch(`${base}${path}`, {
      headers: { 'accept-encoding': encoding, ...(sent && { cookie: sent }) },
    })
    return { res, body: await res.text() }
  }
  return { app, cache, get, renders, looked, sessions, stats, forget: pages.forget }
}

/** The visitor's part a page carries (its script's JSON), or null. */
export const viewerOf = (body: string) => {
  const json = /window\.__tulparViewer=(.*?);dispatchEvent/.exec(body)?.[1]
  return json ? JSON.parse(json) : null
}

/**
 * Aigerim's answer to a page she is the first to ask for: the guests' render with her part, private, one nonce
 * (the policy's) on every script, her name escaped. Returns that nonce.
 */
export const expectAigerimsMiss = ({ res, body }: { res: Response; body: string }) => {
  expect(res.status).toBe(200)
  expect(res.headers.get('x-cache')).toBe('MISS')
  expect(res.headers.get('cache-control')).toBe('private, no-store')
  expect(res.headers.get('cdn-cache-control')).toBeNull()
  expect(body).toContain('rendered for guest')
  expect(viewerOf(body)).toEqual(parts.aigerim)
  expect(body).not.toContain('</script><script>alert(1)')
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]
  expect(new Set([...body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]))).toEqual(new Set([nonce]))
  return nonce
}
