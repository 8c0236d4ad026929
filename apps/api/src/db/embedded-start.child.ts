import { openDatabase } from './client.ts'
import type { EmbeddedStartMessage, EmbeddedStartSettings } from './embedded-start.ts'
import { type PrepareLog, phaseDone, prepareDatabase } from './prepare.ts'

/*
 * The child process of embedded-start.ts: opens the embedded database (initdb on an empty folder), prepares it
 * (migrations, reference data, the demo seed) and closes it, telling the parent what it logs and where the seed
 * is. Everything it allocated ends with it. Its settings come as its first message.
 */
const post = (message: EmbeddedStartMessage) => process.send?.(message)

let finished = false
// A parent that is gone (killed, or ended without waiting) has no use for the rest of the preparation.
process.once('disconnect', () => {
  if (!finished) process.exit(1)
})

/** The last word, then the channel closes and the process ends with nothing left to do. */
function finish(message: EmbeddedStartMessage): void {
  finished = true
  process.send?.(message, () => process.disconnect())
}

const log: PrepareLog = {
  info(objOrMsg: object | string, msg?: string) {
    if (typeof objOrMsg === 'string') post({ type: 'log', level: 'info', obj: {}, msg: objOrMsg })
    else post({ type: 'log', level: 'info', obj: objOrMsg, msg: msg ?? '' })
  },
  warn(obj: object, msg: string) {
    post({ type: 'log', level: 'warn', obj, msg })
  },
}

async function prepare(settings: EmbeddedStartSettings): Promise<void> {
  const opening = performance.now()
  const database = await openDatabase({ url: null, dataDir: settings.dataDir, migrationsDir: settings.migrationsDir })
  // A new folder's cluster: copied from the build's template, else made by PGlite's initdb.
  log.info(
    { kind: database.kind, ...(database.newCluster && { cluster: database.newCluster }), ...phaseDone(opening) },
    'database opened',
  )
  try {
    await prepareDatabase(database, { ...settings, databaseUrl: null }, log, (message, step) =>
      post({ type: 'progress', message, step }),
    )
  } finally {
    await database.close()
  }
}

process.once('message', (settings: EmbeddedStartSettings) => {
  prepare(settings).then(
    () => finish({ type: 'done' }),
    (error: unknown) =>
      finish({
        type: 'failed',
        message: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? error.stack : undefined,
        name: error instanceof Error ? error.name : undefined,
      }),
  )
})
