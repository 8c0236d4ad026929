import { sql } from 'drizzle-orm'
import type { Database, Db } from '../../db/client.ts'
import { listenChannel } from '../../db/listen.ts'
import { liveMessageStreams } from '../../lib/metrics.ts'

/*
 * New messages reach open pages without a reload, across processes: the transaction that writes a message also
 * sends `pg_notify('tulpar_messages', ...)`, and every process LISTENs (a dedicated connection on PostgreSQL,
 * PGlite's own listen in the embedded demo) and passes the event to the server-sent-event streams of the users
 * it names. The notification is delivered only when the transaction commits.
 */

const MESSAGES_CHANNEL = 'tulpar_messages'

interface MessageEvent {
  type: 'message'
  conversationId: number
  /** Who should hear about it (the recipients, and the sender's other tabs). */
  userIds: string[]
}

type Log = { warn: (o: object, m: string) => void; error: (o: object, m: string) => void }
type Listener = (event: MessageEvent) => void
/** Ends one stream on shutdown, telling its client to reconnect (to another process, behind the load balancer). */
type Drain = () => void

/** What a stream is told before it is ended on shutdown: reconnect after a second (SSE `retry:`). */
export const RECONNECT_HINT = 'retry: 1000\nevent: reconnect\ndata: {"reason":"shutdown"}\n\n'

export interface MessageHub {
  /** Inside the writing transaction: the event goes out when it commits. */
  publish(tx: Db, event: MessageEvent): Promise<void>
  /**
   * A stream's subscription; returns the unsubscribe function. `drain` ends the stream when the process shuts down
   * (`drain()` below); called on the next tick for a stream that opens while the process is already draining.
   */
  subscribe(userId: string, listener: Listener, drain?: Drain): () => void
  /** How many streams a user has open in this process. */
  streamsOf(userId: string): number
  /** Starts listening on the database (once per process). */
  listen(database: Pick<Database, 'pool' | 'pglite'>, log: Log): Promise<void>
  stop(): Promise<void>
  /** Shutdown: ends every open stream with its `drain` (the reconnect hint), and each one opened from now on. */
  drain(): number
}

export function createMessageHub(): MessageHub {
  const listeners = new Map<string, Set<Listener>>()
  const drains = new Map<Listener, Drain>()
  let draining = false
  let stopListening: (() => Promise<void>) | null = null

  function dispatch(payload: string) {
    let event: MessageEvent
    try {
      event = JSON.parse(payload) as MessageEvent
    } catch {
      return
    }
    if (event?.type !== 'message' || !Array.isArray(event.userIds)) return
    for (const id of event.userIds) for (const l of listeners.get(id) ?? []) l(event)
  }

  return {
    async publish(tx, event) {
      await tx.execute(sql`select pg_notify(${MESSAGES_CHANNEL}, ${JSON.stringify(event)})`)
    },
    subscribe(userId, listener, drain) {
      let set = listeners.get(userId)
      if (!set) {
        set = new Set()
        listeners.set(userId, set)
      }
      set.add(listener)
      liveMessageStreams.inc()
      if (drain) {
        drains.set(listener, drain)
        // Never inside subscribe: the caller has not got its unsubscribe function yet.
        if (draining) setImmediate(drain)
      }
      return () => {
        drains.delete(listener)
        if (set.delete(listener)) liveMessageStreams.dec()
        if (set.size === 0) listeners.delete(userId)
      }
    },
    streamsOf: (userId) => listeners.get(userId)?.size ?? 0,
    async listen(database, log) {
      if (stopListening) return
      stopListening = await listenChannel(database, MESSAGES_CHANNEL, dispatch, log)
    },
    drain() {
      draining = true
      const open = [...drains.values()]
      for (const drain of open) drain()
      return open.length
    },
    async stop() {
      const stop = stopListening
      stopListening = null
      await stop?.()
    },
  }
}
