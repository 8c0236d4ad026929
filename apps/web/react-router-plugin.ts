import path from 'node:path'
import { Readable } from 'node:stream'
import fastifyStatic from '@fastify/static'
import { createRequest } from '@mcansh/react-router-fastify'
import type { FastifyInstance, FastifyReply, RouteShorthandOptions } from 'fastify'
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import { TEXT_FILE } from './precompress.ts'

export interface ReactRouterPluginOptions {
  /** The built server bundle (production), or the dev server to load it from on every request. */
  build: ServerBuild | ViteDevServer
  clientBuildDirectory: string
  routeOptions: RouteShorthandOptions
  getLoadContext: (request: import('fastify').FastifyRequest) => RouterContextProvider
}

/**
 * React Router's pages as Fastify's catch-all, and the client build's files. It does what
 * `@mcansh/react-router-fastify` does (whose request conversion it uses), except how a page leaves: pages and
 * their data (`.data`) are whole bodies (entry.server.tsx renders the page to one buffer), sent as one Buffer. The
 * adapter passed every answer through a web stream read back into a Node stream, and then compression streamed
 * it again: on a car page that plumbing cost more CPU than React's render of the page (docs/performance.md).
 * Other answers (resource routes) keep streaming.
 */
export async function registerReactRouter(app: FastifyInstance, options: ReactRouterPluginOptions) {
  const { build, clientBuildDirectory } = options
  const isDev = 'ssrLoadModule' in build
  const handle = isDev
    ? createRequestHandler(() => importServerBuild(build), 'development')
    : createRequestHandler(build, 'production')

  // Its own plugin scope: the content-type parser below is for pages only, never the API's routes.
  await app.register(async (scope) => {
    if (!isDev) {
      const assets = path.join(clientBuildDirectory, 'assets')
      await scope.register(fastifyStatic, {
        root: clientBuildDirectory,
        prefix: '/',
        wildcard: false,
        cacheControl: false,
        dotfiles: 'ignore',
        etag: true,
        lastModified: true,
        // The build's `.br` and `.gz` beside each text file (precompress.ts), sent as they are.
        preCompressed: true,
        // Static files write no request line (the API's lib/logger.ts); their warnings and errors still do.
        logLevel: 'warn',
        setHeaders(res, filePath) {
          // Sent compressed or not by what the browser accepts: a cache in between keeps each variant apart.
          if (TEXT_FILE.test(filePath.replace(/\.(?:br|gz)$/, ''))) res.setHeader('vary', 'accept-encoding')
          res.setHeader(
            'cache-control',
            filePath.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          )
        },
      })
    }

    // Form posts reach React Router as the raw body (page-limits.ts bounds it before that).
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload))

    scope.all('*', options.routeOptions, async (request, reply) => {
      const response = await handle(createRequest(request, reply), options.getLoadContext(request))
      return send(reply, response)
    })
  })
}

/** Vite's SSR module runner (Vite 6+), or its older loader. */
async function importServerBuild(vite: ViteDevServer): Promise<ServerBuild> {
  const runner = (vite.environments?.ssr as { runner?: { import(id: string): Promise<unknown> } } | undefined)?.runner
  const id = 'virtual:react-router/server-build'
  return (runner ? await runner.import(id) : await vite.ssrLoadModule(id)) as ServerBuild
}

/** Whole bodies: a page (entry.server.tsx renders it to one buffer) and a page's data for a client navigation. */
const WHOLE_BODY = /^(?:text\/html|text\/x-script)\b/

async function send(reply: FastifyReply, response: Response) {
  reply.status(response.status)
  const cookies = response.headers.getSetCookie()
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value)
  }
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  if (response.body === null) return reply.send()
  if (WHOLE_BODY.test(response.headers.get('content-type') ?? '')) {
    return reply.send(Buffer.from(await response.arrayBuffer()))
  }
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream))
}
