import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { parseIllustrationFile, renderIllustrationFile } from './illustrations.files.ts'
import type { MediaStorage } from './media.storage.ts'
import { PHOTO_CONTENT_TYPES } from './media.urls.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Illustration keys known to be in use, per process: they never stop being drawable once a listing had them. */
const KNOWN_LIMIT = 10_000

/**
 * Demo illustrations are drawn the first time a variant is asked for, then kept in media storage and served
 * from disk: the first start does not spend minutes drawing pictures nobody looks at. Only an illustration
 * some listing has among its photos is drawn (`isInUse`, one index probe, then remembered); any other name is
 * a 404 that costs no drawing and writes nothing, so nobody can fill the disk by asking for colours. Uploaded
 * photos are ordinary files served by the static handler.
 */
export function registerIllustrationRoute(
  app: FastifyInstance,
  mediaDir: string,
  storage: MediaStorage,
  isInUse: (key: string) => Promise<boolean>,
) {
  const inFlight = new Map<string, Promise<Buffer>>()
  const known = new Set<string>()
  const inUse = async (key: string) => {
    if (known.has(key)) return true
    if (!(await isInUse(key))) return false
    if (known.size < KNOWN_LIMIT) known.add(key)
    return true
  }
  app.get<{ Params: { name: string; file: string } }>(
    '/media/illustrations/:name/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const path = `illustrations/${request.params.name}/${request.params.file}`
      const file = parseIllustrationFile(path)
      if (!file) return reply.callNotFound()
      let data: Buffer
      try {
        data = await readFile(join(mediaDir, path))
      } catch {
        if (!(await inUse(`illustrations/${request.params.name}`))) return reply.callNotFound()
        let pending = inFlight.get(path)
        if (!pending) {
          pending = renderIllustrationFile(file).then(async (buffer) => {
            await storage.put(path, buffer, PHOTO_CONTENT_TYPES[file.format])
            return buffer
          })
          pending.finally(() => inFlight.delete(path)).catch(() => {})
          inFlight.set(path, pending)
        }
        data = await pending
      }
      return reply.header('cache-control', IMMUTABLE).type(PHOTO_CONTENT_TYPES[file.format]).send(data)
    },
  )
}

/**
 * With photos in an S3-compatible bucket, `/media/{key}` answers a permanent redirect to the bucket's public URL
 * (or its CDN), so the URLs the API and pages hand out stay the same whichever storage is configured.
 */
export function registerMediaRedirect(app: FastifyInstance, publicUrl: string) {
  app.get<{ Params: { '*': string } }>('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*']
    if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) || key.includes('..')) return reply.callNotFound()
    return reply.header('cache-control', IMMUTABLE).redirect(`${publicUrl}/${key}`, 301)
  })
}
