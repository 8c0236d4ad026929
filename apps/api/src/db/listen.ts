import type { Database } from './client.ts'

type Log = { warn: (o: object, m: string) => void; error: (o: object, m: string) => void }

/**
 * LISTENs on one channel for as long as the process lives: a dedicated connection on PostgreSQL that reconnects
 * a second after it is lost (notifications sent meanwhile are missed, so callers must tolerate a gap), PGlite's own
 * listen in the embedded demo. Notifications are delivered only when the sending transaction commits. `onReconnect`
 * is called each time it listens again after a lost connection: what was sent in the gap is unknown. Returns the
 * function that stops listening.
 */
export async function listenChannel(
  database: Pick<Database, 'pool' | 'pglite'>,
  channel: string,
  onPayload: (payload: string) => void,
  log: Log,
  options: { onReconnect?: () => void } = {},
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`)
  if (database.pglite) {
    const unlisten = await database.pglite.listen(channel, onPayload)
    // Called with no argument: PGlite's unlisten takes an optional transaction as its first one.
    return () => unlisten()
  }
  const pool = database.pool
  if (!pool) return async () => {}
  let stopped = false
  let release: (() => void) | null = null
  let listened = false
  const connect = async (): Promise<void> => {
    if (stopped) return
    try {
      const client = await pool.connect()
      let done = false
      const reconnect = (err?: unknown) => {
        if (done) return
        done = true
        client.removeAllListeners('notification')
        client.release(err instanceof Error ? err : undefined)
        release = null
        if (!stopped) {
          log.warn({ err, channel }, 'database listener lost its connection; reconnecting')
          setTimeout(() => void connect(), 1000)
        }
      }
      client.on('notification', (n) => {
        if (n.channel === channel && n.payload) onPayload(n.payload)
      })
      client.on('error', reconnect)
      await client.query(`LISTEN ${channel}`)
      release = () => {
        done = true
        client.removeAllListeners('notification')
        client.release()
      }
      if (listened) options.onReconnect?.()
      listened = true
    } catch (err) {
      log.error({ err, channel }, 'database listener could not connect; retrying')
      setTimeout(() => void connect(), 1000)
    }
  }
  await connect()
  return async () => {
    stopped = true
    release?.()
  }
}
