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

export const MESSAGES_CHANNEL = 'tulpar_messages'

export interface MessageEvent {
  type: 'message'
  conversationId: number
  /** Who should hear about it (the recipients, and the sender's other tabs). */
  userIds: string[]
}

type Log = { warn: (o: object, m: string) => void; error: (o: object, m: string) => void }
type Listener = (event: MessageEvent) => void

export interface MessageHub {
  /** Inside the writing transaction: the event goes out when it commits. */
  publish(tx: Db, event: MessageEvent): Promise<void>
  /** A stream's subscription; returns the unsubscribe function. */
  subscribe(userId: string, listener: Listener): () => void
  /** How many streams a user has open in this process. */
  streamsOf(userId: string): number
  /** Starts listening on the database (once per process). */
  listen(database: Pick<Database, 'pool' | 'pglite'>, log: Log): Promise<void>
  stop(): Promise<void>
}

export function createMessageHub(): MessageHub {
  const listeners = new Map<string, Set<Listener>>()
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
    subscribe(userId, listener) {
      let set = listeners.get(userId)
      if (!set) {
        set = new Set()
        listeners.set(userId, set)
      }
      set.add(listener)
      liveMessageStreams.inc()
      return () => {
        if (set.delete(listener)) liveMessageStreams.dec()
        if (set.size === 0) listeners.delete(userId)
      }
    },
    streamsOf: (userId) => listeners.get(userId)?.size ?? 0,
    async listen(database, log) {
      if (stopListening) return
      stopListening = await listenChannel(database, MESSAGES_CHANNEL, dispatch, log)
    },
    async stop() {
      const stop = stopListening
      stopListening = null
      await stop?.()
    },
  }
}
