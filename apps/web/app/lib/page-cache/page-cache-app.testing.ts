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
