import { type AddressInfo, connect } from 'node:net'
import Fastify from 'fastify'
import { describe, expect, test, vi } from 'vitest'
import { pagePolicyOf, registerPageCache } from './page-cache.server.ts'
import { PageCache } from './page-store.server.ts'

/* The page cache when a guest closes the connection while the page they asked for is being rendered. */

describe('a page whose first guest left before it was rendered', () => {
  /**
   * A real server with pages whose renders the test holds open. Like React Router behind its Fastify adapter, a
   * render whose client has gone is aborted and answers 500 (a page not kept).
   */
  async function heldServer(options: Parameters<typeof registerPageCache>[2]) {
    const app = Fastify()
    const cache = new PageCache(1_000_000)
    registerPageCache(app, cache, options)
    const gates: { started: Promise<void>; closed: Promise<void>; release: () => void }[] = []
    const held = new Set<number>()
    app.get('/car', async (request, reply) => {
      const n = gates.length
      let started = () => {}
      let closed = () => {}
      let release = () => {}
      const gate = {
        started: new Promise<void>((r) => {
          started = r
        }),
        closed: new Promise<void>((r) => {
          closed = r
        }),
        release: () => release(),
      }
      const released = new Promise<void>((r) => {
        release = r
      })
      gates.push(gate)
      const aborted = new AbortController()
      reply.raw.once('close', () => {
        aborted.abort()
        closed()
      })
      const policy = pagePolicyOf(request)
      if (policy.eligible) policy.seconds = 60
      started()
      if (held.has(n)) await released
      if (aborted.signal.aborted) return reply.code(500).type('text/html').send('aborted')
      return reply.type('text/html').send(`render ${n + 1}`)
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    return {
      app,
      port,
      gates,
      hold: (n: number) => held.add(n),
      /** A guest's request, given up after `ms`. */
      ask: (ms = 2000) =>
        fetch(`http://127.0.0.1:${port}/car`, {
          headers: { 'accept-encoding': 'br' },
          signal: AbortSignal.timeout(ms),
        }),
      close: async () => {
        for (const gate of gates) gate.release()
        await app.close()
      },
    }
  }

  test('the next guest gets the page although the first one closed the connection mid-render', async () => {
    // Waiting for someone else's render is not bounded here, so only settling on the dropped request can answer.
    const server = await heldServer({ waitMs: 60_000 })
    server.hold(0)
    try {
      const socket = connect(server.port, '127.0.0.1')
      socket.on('error', () => {})
      socket.write('GET /car HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br\r\n\r\n')
      await vi.waitUntil(() => server.gates[0], { timeout: 2000, interval: 5 })
      await server.gates[0]?.started
      socket.destroy()
      await server.gates[0]?.closed
      server.gates[0]?.release()
      const next = await server.ask()
      expect(next.status).toBe(200)
      expect(await next.text()).toBe('render 2')
      const again = await server.ask()
      expect(again.headers.get('x-cache')).toBe('HIT')
    } finally {
      await server.close()
    }
  })

  test("a guest waits for another's render only so long, then renders the page itself", async () => {
    const server = await heldServer({ waitMs: 100 })
    server.hold(0)
    try {
      const first = server.ask(10_000).catch(() => null)
      await vi.waitUntil(() => server.gates[0], { timeout: 2000, interval: 5 })
      await server.gates[0]?.started
      const started = performance.now()
      const second = await server.ask()
      expect(await second.text()).toBe('render 2')
      expect(performance.now() - started).toBeGreaterThanOrEqual(90)
      server.gates[0]?.release()
      await first
    } finally {
      await server.close()
    }
  })
})
