import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import fastifyCompress from '@fastify/compress'
import Fastify, { type FastifyInstance } from 'fastify'
import { cachedPageDoor, type PageCacheOptions, registerPageCache } from './page-cache.server.ts'
import type { PageCache } from './page-store.server.ts'

export type Door = (request: IncomingMessage, response: ServerResponse) => boolean

/**
 * The page cache in a Fastify app as server.ts puts it together, for the page-cache tests: compression registered
 * first (its onSend on each route), the cache's hooks, and with `frontDoor` its hits answered before Fastify, then
 * the doors added to `nextDoors` (the member pages' once registered on the app).
 */
export async function pageCacheApp(
  cache: PageCache,
  {
    frontDoor = false,
    nextDoors = [],
    ...options
  }: PageCacheOptions & { frontDoor?: boolean; nextDoors?: Door[] } = {},
): Promise<FastifyInstance> {
  const door = frontDoor ? cachedPageDoor(cache) : null
  const app = door
    ? Fastify({
        serverFactory: (handler) =>
          createServer((request, response) => {
            if (!door(request, response) && !nextDoors.some((next) => next(request, response)))
              handler(request, response)
          }),
      })
    : Fastify()
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] })
  registerPageCache(app, cache, options)
  return app
}

/** A page as entry.server.tsx writes it, for the page cache's tests: its nonce on its scripts, Cyrillic and Latin text. */
export const testPage = (nonce: string, id: number, who = 'guest') =>
  [
    `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/>`,
    `<title>car ${id}</title></head><body><p>rendered for ${who}</p>`,
    '<p>Toyota Camry 2019, 12 500 000 ₸, Алматы</p>'.repeat(80),
    `<script nonce="${nonce}">window.__reactRouterContext = {"n":${id}};</script></body></html>`,
  ].join('')

/** A kept page for the store's tests: an HTML body, its tags, and an expiry (none unless told). */
export const testEntry = (key: string, body: string, tags: string[], expiresAt = Number.MAX_SAFE_INTEGER) => ({
  key,
  status: 200,
  headers: { 'content-type': 'text/html' },
  body: Buffer.from(body),
  tags,
  expiresAt,
})
