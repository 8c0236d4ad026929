import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { Config } from '../config.ts'
import type { PrepareLog } from './prepare.ts'
import type { SeedStep } from './seed/demo/index.ts'

/*
 * The embedded database is prepared (initdb, migrations, reference data, on a first start the demo seed) in a
 * child process, then opened by the server's process ready.
 *
 * - Started early (embedded-start.early.ts, which the demo's launcher preloads), the preparation runs on the
 *   second core while the server loads the app's modules, about 3 s on these machines; PGlite's WebAssembly is
 *   compiled meanwhile too (0.2 s), on V8's threads.
 * - What the seed leaves behind goes with the process: its JavaScript garbage, PGlite's WebAssembly memory (which
 *   never shrinks, and which the load and the index builds had grown), and the native memory V8 and the
 *   allocator keep. A worker thread took the first two with it but not the last: the compiler's memory of
 *   optimising PGlite under the seed stayed in the process's malloc heap, 27-110 MB that a cold start does not
 *   have (docs/performance.md). The server's PGlite starts as small as on any later start.
 *
 * PGlite admits one process per data folder (its lock file): the child takes the lock and gives it back when it
 * closes the database, before the server opens it. The child ends when the server does.
 */

export type EmbeddedStartSettings = Pick<Config, 'dataDir' | 'migrationsDir' | 'seedOnEmpty' | 'seedListings'>

export type EmbeddedStartMessage =
  | { type: 'log'; level: 'info' | 'warn'; obj: object; msg: string }
  | { type: 'progress'; message: string; step: SeedStep }
  | { type: 'done' }
  | { type: 'failed'; message: string; stack?: string; name?: string }

export interface EmbeddedStartListener {
  log: PrepareLog
  /** The demo seed's steps; without it they are logged. */
  onSeedProgress?: (message: string, step: SeedStep) => void
}

export interface EmbeddedStart {
  /** The preparing child's process id. */
  readonly pid: number | undefined
  /**
   * Replays what the child said so far to `listener`, forwards the rest, and resolves with the compiled PGlite
   * module once the database is ready and closed again. Rejects with the child's error.
   */
  ready(listener: EmbeddedStartListener): Promise<WebAssembly.Module>
}

let started: EmbeddedStart | null = null

/**
 * The preparation of this process's embedded database: the one already under way (the preload's), or a new one.
 * One per process: the settings of the first call count.
 */
export function startEmbeddedDatabase(settings: EmbeddedStartSettings): EmbeddedStart {
  started ??= prepareInChild(settings)
  return started
}

/** Starts a child process that prepares the embedded database in `settings.dataDir`. */
export function prepareInChild(settings: EmbeddedStartSettings): EmbeddedStart {
  // Plain Node (TypeScript as the server runs it) with the launcher's V8 memory settings and the resolve hook
  // (resolve-hooks.ts: a second less of loading drizzle-orm and the rest), but not its preload, which would start
  // another preparation.
  const child = fork(fileURLToPath(new URL('./embedded-start.child.ts', import.meta.url)), [], {
    execArgv: [
      '--import',
      fileURLToPath(new URL('../resolve-hooks.ts', import.meta.url)),
      ...process.execArgv.filter((flag) =>
        /^--(max-semi-space-size|max-old-space-size|heap-growing-percent)=/.test(flag),
      ),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  child.send({
    dataDir: settings.dataDir,
    migrationsDir: settings.migrationsDir,
    seedOnEmpty: settings.seedOnEmpty,
    seedListings: settings.seedListings,
  } satisfies EmbeddedStartSettings)
  const ending = () => child.kill()
  process.once('exit', ending)
  // Loaded after the child started: the preload keeps the server's start waiting for nothing but the fork.
  const compiled = import('./client.ts').then((client) => client.compilePgliteModule())
  // Awaited with the preparation; a failure meanwhile is the preparation's to report, or reported then.
  compiled.catch(() => {})

  const early: EmbeddedStartMessage[] = []
  let deliver: ((message: EmbeddedStartMessage) => void) | null = null
  const receive = (message: EmbeddedStartMessage) => {
    if (deliver) deliver(message)
    else early.push(message)
  }
  child.on('message', (message) => receive(message as EmbeddedStartMessage))
  // One that cannot start at all (no such file, no memory).
  child.once('error', (error) =>
    receive({ type: 'failed', message: error.message, stack: error.stack, name: error.name }),
  )
  let exit: ((code: number | null, signal: NodeJS.Signals | null) => void) | null = null
  let exitedWith: [number | null, NodeJS.Signals | null] | null = null
  child.once('exit', (code, signal) => {
    process.off('exit', ending)
    const report = () => {
      exitedWith = [code, signal]
      exit?.(code, signal)
    }
    // Its last messages may still be in the channel: they are all delivered before the channel says it closed.
    if (child.connected) child.once('disconnect', report)
    else report()
  })

  let result: Promise<WebAssembly.Module> | null = null
  return {
    pid: child.pid,
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
              resolve(compiled)
              break
            case 'failed':
              reject(Object.assign(new Error(message.message), { name: message.name ?? 'Error', stack: message.stack }))
              break
          }
        }
        for (const message of early.splice(0)) deliver(message)
        // A child that ends without a word (killed, out of memory) must not leave the start waiting.
        const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
          reject(new Error(`the embedded database's preparation ended (${signal ?? code}) before it was done`))
        if (exitedWith !== null) onExit(...exitedWith)
        else exit = onExit
      })
      return result
    },
  }
}
