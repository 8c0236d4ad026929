/*
 * A live stream (GET /api/messages/stream/) is authorised once, when it opens, and may stay open for hours. Issue
 * 35: after sign-out, a password change (which ends the other sessions) or the account's deletion, the open stream
 * went on delivering. So every stream remembers its session: each delivery asks whether that session still signs
 * someone in, and every STREAM_SESSION_CHECK_MS one query checks the sessions of all of this process's open streams
 * at once, ending those whose session has ended (a quiet stream closes too, not only at its next event).
 */

/** How often the open streams' sessions are checked, together: one query per process, however many streams. */
export const STREAM_SESSION_CHECK_MS = 5_000
/** Sessions asked about in one query. */
const BATCH = 500

type Log = { warn: (o: object, m: string) => void }

export interface StreamSessionGuard {
  /** Calls `end` once the session no longer signs anyone in; returns the function that stops watching. */
  watch(sessionId: string, end: () => void): () => void
  /**
   * Whether the session signs someone in now. Not shared between deliveries: an answer asked for before a sign-out
   * committed must not let through an event that came after it.
   */
  isLive(sessionId: string): Promise<boolean>
  stop(): void
}

export function createStreamSessionGuard({
  liveSessionIds,
  log,
  everyMs = STREAM_SESSION_CHECK_MS,
}: {
  /** Of these sessions, the ones still live (identity's SessionResolver.liveSessionIds). */
  liveSessionIds: (ids: string[]) => Promise<Set<string>>
  log: Log
  everyMs?: number
}): StreamSessionGuard {
  const watched = new Map<string, Set<() => void>>()
  let timer: ReturnType<typeof setInterval> | null = null
  let sweeping = false

  function endAll(sessionId: string) {
    for (const end of watched.get(sessionId) ?? []) end()
    watched.delete(sessionId)
  }

  async function sweep() {
    if (sweeping || watched.size === 0) return
    sweeping = true
    try {
      const ids = [...watched.keys()]
      for (let i = 0; i < ids.length; i += BATCH) {
        const batch = ids.slice(i, i + BATCH)
        const live = await liveSessionIds(batch)
        for (const id of batch) if (!live.has(id)) endAll(id)
      }
    } catch (err) {
      // Kept open: a database hiccup must not drop every stream at once; each delivery is still checked on its own.
      log.warn({ err }, 'open streams’ sessions not checked')
    } finally {
      sweeping = false
    }
  }

  return {
    watch(sessionId, end) {
      let ends = watched.get(sessionId)
      if (!ends) {
        ends = new Set()
        watched.set(sessionId, ends)
      }
      ends.add(end)
      if (!timer) {
        timer = setInterval(() => void sweep(), everyMs)
        // Nothing to wait for at shutdown: the streams close with the server.
        timer.unref()
      }
      return () => {
        const set = watched.get(sessionId)
        set?.delete(end)
        if (set?.size === 0) watched.delete(sessionId)
        if (watched.size === 0 && timer) {
          clearInterval(timer)
          timer = null
        }
      }
    },
    async isLive(sessionId) {
      return (await liveSessionIds([sessionId])).has(sessionId)
    },
    stop() {
      if (timer) clearInterval(timer)
      timer = null
      watched.clear()
    },
  }
}
