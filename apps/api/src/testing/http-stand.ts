import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'

/** A local HTTP server standing in for another site (a dealer's feed or photo host): where it answers. */
export interface HttpStand {
  /** The port it listens on (0 until the file's tests start). */
  readonly port: number
  /** `http://localhost:<port><path>`: the host name the apps under test are told to allow. */
  url(path: string): string
}

/**
 * Starts `handler` on a free port of 127.0.0.1 before the tests of the file (or `describe`) it is called in, and
 * closes it after them, open connections too, so no test file leaves a socket behind.
 */
export function useHttpStand(handler: RequestListener): HttpStand {
  let server: Server | undefined
  let port = 0
  beforeAll(async () => {
    const started = createServer(handler)
    server = started
    await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve))
    port = (started.address() as AddressInfo).port
  })
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return {
    get port() {
      return port
    },
    url: (path) => `http://localhost:${port}${path}`,
  }
}
