import { parentPort, workerData } from 'node:worker_threads'
import { compilePgliteModule, openDatabase } from './client.ts'
import type { EmbeddedStartMessage, EmbeddedStartSettings } from './embedded-start.ts'
import { type PrepareLog, phaseDone, prepareDatabase } from './prepare.ts'

/*
 * The worker thread of embedded-start.ts: opens the embedded database (initdb on an empty folder), prepares it
 * (migrations, reference data, the demo seed) and closes it, telling the main thread what it logs and where the
 * seed is. Its JavaScript heap and its PGlite's memory end with it.
 */
const settings = workerData as EmbeddedStartSettings
const post = (message: EmbeddedStartMessage) => parentPort?.postMessage(message)

const log: PrepareLog = {
  info(objOrMsg: object | string, msg?: string) {
    if (typeof objOrMsg === 'string') post({ type: 'log', level: 'info', obj: {}, msg: objOrMsg })
    else post({ type: 'log', level: 'info', obj: objOrMsg, msg: msg ?? '' })
  },
  warn(obj: object, msg: string) {
    post({ type: 'log', level: 'warn', obj, msg })
  },
}

try {
  const opening = performance.now()
  const wasmModule = await compilePgliteModule()
  const database = await openDatabase({ url: null, dataDir: settings.dataDir, wasmModule })
  log.info({ kind: database.kind, ...phaseDone(opening) }, 'database opened')
  try {
    await prepareDatabase(database, { ...settings, databaseUrl: null }, log, (message, step) =>
      post({ type: 'progress', message, step }),
    )
  } finally {
    await database.close()
  }
  post({ type: 'done', wasmModule })
} catch (error) {
  post({
    type: 'failed',
    message: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
    name: error instanceof Error ? error.name : undefined,
  })
}
