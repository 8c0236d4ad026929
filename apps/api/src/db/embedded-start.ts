import { Worker } from 'node:worker_threads'
import type { Config } from '../config.ts'
import type { PrepareLog } from './prepare.ts'
import type { SeedStep } from './seed/demo/index.ts'

/*
 * The embedded database is prepared (initdb, migrations, reference data, on a first start the demo seed) in a
 * worker thread, then handed to the main thread, which opens it ready.
 *
 * - Started early (embedded-start.early.ts, which the demo's launcher preloads), the preparation runs on the
 *   second core while the main thread loads the app's modules, about 3 s on these machines.
 * - What the seed leaves behind goes with the worker: its JavaScript garbage (hundreds of MB that V8 would keep
 *   until its next full collection) and PGlite's WebAssembly memory, which never shrinks and which the load and
 *   the index builds had grown. The main thread's PGlite starts as small as on any later start.
 * - The compiled WebAssembly comes back with it, so the main thread does not compile (and optimise) PGlite again.
 *
 * PGlite admits one process per data folder (its lock file): the worker takes the lock and gives it back when it
 * closes the database, before the main thread opens it.
 */

export type EmbeddedStartSettings = Pick<Config, 'dataDir' | 'migrationsDir' | 'seedOnEmpty' | 'seedListings'>

export type EmbeddedStartMessage =
  | { type: 'log'; level: 'info' | 'warn'; obj: object; msg: string }
  | { type: 'progress'; message: string; step: SeedStep }
  | { type: 'done'; wasmModule: WebAssembly.Module }
  | { type: 'failed'; message: string; stack?: string; name?: string }

export interface EmbeddedStartListener {
  log: PrepareLog
  /** The demo seed's steps; without it they are logged. */
  onSeedProgress?: (message: string, step: SeedStep) => void
}

export interface EmbeddedStart {
  /**
   * Replays what the worker said so far to `listener`, forwards the rest, and resolves with the compiled PGlite
   * module once the database is ready and closed again. Rejects with the worker's error.
   */
  ready(listener: EmbeddedStartListener): Promise<WebAssembly.Module>
}

let started: EmbeddedStart | null = null

/**
 * The preparation of this process's embedded database: the one already under way (the preload's), or a new one.
 * One per process: the settings of the first call count.
 */
export function startEmbeddedDatabase(settings: EmbeddedStartSettings): EmbeddedStart {
  started ??= prepareInWorker(settings)
  return started
}

/** Starts a worker thread that prepares the embedded database in `settings.dataDir`. */
export function prepareInWorker(settings: EmbeddedStartSettings): EmbeddedStart {
  const worker = new Worker(new URL('./embedded-start.worker.ts', import.meta.url), {
    workerData: {
      dataDir: settings.dataDir,
      migrationsDir: settings.migrationsDir,
      seedOnEmpty: settings.seedOnEmpty,
      seedListings: settings.seedListings,
    } satisfies EmbeddedStartSettings,
  })
  const early: EmbeddedStartMessage[] = []
  let deliver: ((message: EmbeddedStartMessage) => void) | null = null
  const receive = (message: EmbeddedStartMessage) => {
    if (deliver) deliver(message)
    else early.push(message)
  }
  worker.on('message', receive)
  // An error the worker's own code did not catch (it catches its preparation's): report it like one.
  worker.once('error', (error) =>
    receive({ type: 'failed', message: error.message, stack: error.stack, name: error.name }),
  )
  let exit: ((code: number) => void) | null = null
  let exitedWith: number | null = null
  worker.once('exit', (code) => {
    exitedWith = code
    exit?.(code)
  })

  let result: Promise<WebAssembly.Module> | null = null
  return {
    ready(listener) {
      result ??= new Promise<WebAssembly.Module>((resolve, reject) => {
        deliver = (message) => {
          switch (message.type) {
            case 'log':
              if (message.level === 'warn') listener.log.warn(message.obj, message.msg)
              else listener.log.info(message.obj, message.msg)
              break
            case 'progress':
              if (listener.onSeedProgress) listener.onSeedProgress(message.message, message.step)
              else listener.log.info(message.message)
              break
            case 'done':
              resolve(message.wasmModule)
              break
            case 'failed':
              reject(Object.assign(new Error(message.message), { name: message.name ?? 'Error', stack: message.stack }))
              break
          }
        }
        for (const message of early.splice(0)) deliver(message)
        // A worker that ends without a word (killed, out of memory) must not leave the start waiting.
        const onExit = (code: number) => reject(new Error(`the embedded database's start-up worker ended (${code})`))
        if (exitedWith !== null) onExit(exitedWith)
        else exit = onExit
      })
      return result
    },
  }
}
