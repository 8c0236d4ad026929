import diagnostics from 'node:diagnostics_channel'
import type { Server, ServerResponse } from 'node:http'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Config } from './config.ts'
import type { Runtime } from './runtime.ts'

/*
 * A process's drain on SIGTERM (docs/operations.md, "Deploys"): it stops accepting connections, lets the requests in
 * flight finish (each answer then closes its connection: `Connection: close`), ends the live-message streams with a
 * reconnect hint, and only then lets the caller stop the job workers and close the pools, all within a bound.
 *
 * Connections alone do not say when the work is done: a client that gives up closes its connection while the
 * handler still runs, and a pool closed under that handler fails it with "Cannot use a pool after calling end on
 * the pool". Handlers are counted through Fastify's diagnostics channel (`fastify.request.handler`), which every
 * route's handler passes, the pages' included.
 */

type Log = { info: (o: object, m: string) => void; warn: (o: object, m: string) => void }

interface HandlerStore {
  reply: FastifyReply
  async: boolean
}

/** Handlers started and not finished, in this process. */
const running = new Set<HandlerStore>()
let counting = false

function countHandlersInFlight(): void {
  if (counting) return
  counting = true
  diagnostics.tracingChannel<unknown, HandlerStore>('fastify.request.handler').subscribe({
    start: (store) => running.add(store),
    // A synchronous handler ends here; an async one when its promise settles (asyncEnd).
    end: (store) => {
      if (!store.async) running.delete(store)
    },
    asyncStart: () => {},
    asyncEnd: (store) => running.delete(store),
    error: () => {},
  })
}

/**
 * Handlers still working. A hijacked reply (a live stream) never reports its end through the channel: it counts
 * until it is sent, which is what a hijacked reply says at once; its connection is the drain's business.
 */
function handlersInFlight(): number {
  let n = 0
  for (const store of running) {
    if (store.reply.sent && store.reply.raw.destroyed) running.delete(store)
    else if (!store.reply.sent) n++
  }
  return n
}

/**
 * Marks every answer from now on, and every one in flight whose head is not written yet, `Connection: close`, so
 * kept-alive connections end after their current request (nginx then opens its next one to another process).
 */
function closeAfterEachAnswer(server: Server, inFlight: Set<ServerResponse>): void {
  for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false
  server.prependListener('request', (_req, res: ServerResponse) => {
    res.shouldKeepAlive = false
  })
}

/** Answers not yet finished, per server: the drain marks them to close their connection. */
const answers = new WeakMap<Server, Set<ServerResponse>>()

/**
 * Call before the app listens: counts route handlers in flight (once per process; a Set add and delete per
 * request) and keeps the server's unfinished answers, which the drain marks to close their connections.
 */
export function prepareDrain(app: FastifyInstance): void {
  countHandlersInFlight()
  const server = app.server
  if (answers.has(server)) return
  const set = new Set<ServerResponse>()
  answers.set(server, set)
  server.prependListener('request', (_req, res: ServerResponse) => {
    set.add(res)
    res.once('close', () => set.delete(res))
  })
}

export interface DrainOptions {
  app: FastifyInstance
  /** Ends the live streams with their reconnect hint (MessageHub.drain); answers how many. */
  endStreams: () => number
  /**
   * After the HTTP drain and the app's own onClose hooks: stops the job workers (jobs finish or go back to the
   * queue), then closes the pools.
   */
  closeRuntime: () => Promise<void>
  /** How long requests in flight get (SHUTDOWN_GRACE_SECONDS); then their connections are closed. */
  graceMs: number
  log: Log
}

export interface DrainResult {
  /** Whether every request finished within the bound (false: the rest were cut off). */
  drained: boolean
  /** Streams told to reconnect. */
  streams: number
  ms: number
}

/** The drain (prepareDrain first): stop accepting, finish what is in flight (bounded), then close app and runtime. */
export async function drainAndClose({
  app,
  endStreams,
  closeRuntime,
  graceMs,
  log,
}: DrainOptions): Promise<DrainResult> {
  const started = performance.now()
  const server = app.server
  // No new connection from here on: the port refuses (the cluster's primary, with APP_PROCESSES, gives new
  // connections to the other processes).
  const serverClosed = new Promise<void>((resolve) => {
    if (!server.listening) resolve()
    else server.close(() => resolve())
  })
  closeAfterEachAnswer(server, answers.get(server) ?? new Set())
  const streams = endStreams()
  log.info({ streams, inFlight: handlersInFlight(), graceMs }, 'draining: no new connections, finishing requests')
  // A kept-alive connection between requests is closed at once; one whose answer is going out closes after it.
  const reaper = setInterval(() => server.closeIdleConnections(), 100)
  let drained = false
  const deadline = Date.now() + graceMs
  try {
    drained = await new Promise<boolean>((resolve) => {
      let closed = false
      void serverClosed.then(() => {
        closed = true
      })
      const check = () => {
        if (closed && handlersInFlight() === 0) return resolve(true)
        if (Date.now() >= deadline) return resolve(false)
        setTimeout(check, 25)
      }
      check()
    })
  } finally {
    clearInterval(reaper)
  }
  if (!drained) {
    log.warn(
      { inFlight: handlersInFlight(), connections: await connectionCount(server), graceMs },
      'draining: requests still running at the bound; their connections are closed',
    )
    server.closeAllConnections()
  }
  // The app's onClose hooks (the pages' change listener, the metrics listener); its server is closed already.
  await app.close()
  await closeRuntime()
  const ms = Math.round(performance.now() - started)
  log.info({ ms, drained, streams }, 'drained')
  return { drained, streams, ms }
}

function connectionCount(server: Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((_error, n) => resolve(n ?? 0)))
}

/**
 * SIGTERM and SIGINT drain the process once (drainAndClose), then exit; a second signal while draining is ignored
 * (the supervisor and the cluster script kill a process that outlives its bound).
 */
function drainOnSignals(options: DrainOptions, exit: (code: number) => void = process.exit): void {
  prepareDrain(options.app)
  let draining = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) return
    draining = true
    options.log.info({ signal }, 'shutting down')
    drainAndClose(options).then(
      () => exit(0),
      (error: unknown) => {
        options.log.warn({ err: error }, 'shutdown failed')
        exit(1)
      },
    )
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)
}

/**
 * Serves `app` until SIGTERM or SIGINT, then drains it (drainOnSignals): no new connections, requests in flight finish
 * within SHUTDOWN_GRACE_SECONDS, live streams are told to reconnect elsewhere; then the app's hooks, the runtime's job
 * workers and its pools close, in that order, so no request meets a closed pool. The API alone and the web server
 * start the same way.
 */
export async function listenUntilSignalled(
  app: FastifyInstance,
  runtime: Pick<Runtime, 'services' | 'close'>,
  config: Pick<Config, 'port' | 'host' | 'shutdownGraceMs'>,
): Promise<void> {
  drainOnSignals({
    app,
    endStreams: () => runtime.services.messageHub.drain(),
    closeRuntime: () => runtime.close(),
    graceMs: config.shutdownGraceMs,
    log: app.log,
  })
  await app.listen({ port: config.port, host: config.host })
}
