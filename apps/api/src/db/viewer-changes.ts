import type { Database } from './client.ts'
import { listenChannel } from './listen.ts'

/**
 * The channel the database's triggers notify with the users whose own part of a page changed (migration 0035):
 * their account, sessions, hearts, profile, dealer memberships, or the messages and read marks of a conversation
 * they may read. The web keeps that part for a few seconds per session (decision 037) and drops it on these.
 */
export const VIEWERS_CHANNEL = 'tulpar_viewers'

/** Everyone: more users than one notification names, or a gap while the listener was away. */
export const ALL_VIEWERS = '*'

/** The user ids of a notification's payload, or `*`. */
function usersOfViewerChange(payload: string): string[] | typeof ALL_VIEWERS {
  if (payload === ALL_VIEWERS) return ALL_VIEWERS
  return payload.split(',').filter((id) => id.length > 0)
}

type Log = { warn: (o: object, m: string) => void; error: (o: object, m: string) => void }

/**
 * Calls `forget` with the users of every change committed by any process, and with everyone (`*`) when it listens
 * again after a lost connection (what changed in the gap is unknown). Returns the function that stops.
 */
export function listenViewerChanges(
  database: Pick<Database, 'pool' | 'pglite'>,
  forget: (users: string[] | typeof ALL_VIEWERS) => void,
  log: Log,
): Promise<() => Promise<void>> {
  return listenChannel(database, VIEWERS_CHANNEL, (payload) => forget(usersOfViewerChange(payload)), log, {
    onReconnect: () => forget(ALL_VIEWERS),
  })
}
